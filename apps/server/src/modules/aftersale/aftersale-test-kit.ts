import { sql } from '../../lib/db.ts';
import type { TestServer } from '../../test/harness.ts';
import { paymentsOf } from '../payments/providers.ts';
import { encodeForm } from '../../test/harness.ts';
import { dbOf, makeOrder, type OrderLine } from '../payments/test-kit.ts';

/** Factories for after-sale tests: an order paid through a real sandbox notification, then moved on. */
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
export const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([64, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(64, 3),
]);
export const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64, 4)]);

export async function paidOrder(
  server: TestServer,
  memberId: string,
  lines: OrderLine[],
  opts: {
    freight?: number;
    status?: 'PENDING_SHIPMENT' | 'PENDING_RECEIPT' | 'COMPLETED';
    completedDaysAgo?: number;
  } = {},
) {
  const db = dbOf(server);
  const order = await makeOrder(db, memberId, lines, { freight: opts.freight });
  const params = paymentsOf(server.running.app.ctx).sandbox!.paidNotification({
    orderNo: order.orderNo,
    amountFen: order.payable,
    subject: 's',
    notifyUrl: '',
    returnUrl: '',
    expiresAt: undefined,
    params: {},
  });
  const res = await fetch(`${server.url}/pay/notify/sandbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: encodeForm(params),
  });
  if ((await res.text()) !== 'success') throw new Error('payment notification refused');
  const status = opts.status ?? 'PENDING_SHIPMENT';
  if (status !== 'PENDING_SHIPMENT') {
    await db.execute(sql`UPDATE orders SET status = ${status}, shipped_at = now(),
      completed_at = ${status === 'COMPLETED' ? sql`now() - make_interval(days => ${opts.completedDaysAgo ?? 0})` : null}
      WHERE id = ${order.orderId}`);
  }
  return order;
}

export async function upload(server: TestServer, token: string, bytes: Buffer, filename = 'a.png', type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  const res = await fetch(`${server.url}/member/order/afterSale/upload`, {
    method: 'POST',
    headers: { Authorization: token },
    body: form,
  });
  return {
    status: res.status,
    ...((await res.json()) as { code: number; message: string; data: { name: string; url: string } }),
  };
}
