/** Helpers of the reviews tests: photos uploaded as the buyer's browser does, and the rows written. */
import { rows, sql } from '../../lib/db.ts';
import { dbOf, type TestServer } from '../../test/kit/index.ts';

export async function uploadReviewImage(server: TestServer, token: string, bytes: Buffer, filename = 'a.png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), filename);
  const res = await fetch(`${server.url}/member/order/comment/upload`, {
    method: 'POST',
    headers: { Authorization: token },
    body: form,
  });
  return (await res.json()) as { code: number; message: string; data: { name: string; url: string } };
}

export async function reviewCount(server: TestServer): Promise<number> {
  const [row] = await rows<{ n: number }>(dbOf(server), sql`SELECT count(*)::int AS n FROM goods_reviews`);
  return row!.n;
}
