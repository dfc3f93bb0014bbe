/**
 * Helpers shared by the member-area API tests (not a test file itself): valid and broken ID numbers,
 * small images built byte by byte, and a snapshot of what a member owns so a refused request can be
 * shown to have changed nothing.
 */
import zlib from 'node:zlib';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Api, TestServer } from '../../test/harness.ts';
import { query } from '../accounts/auth-test-kit.ts';
import { checkCharacter } from '../realname/id-number.ts';

export { expectEnvelope, expectRefusal, query, CHINESE } from '../accounts/auth-test-kit.ts';

/** A valid ID number from an area code, a birth date (YYYYMMDD) and a 3-digit sequence. */
export function idNumber(area = '110105', birth = '19491231', seq = '002'): string {
  const body = `${area}${birth}${seq}`;
  return body + checkCharacter(body);
}

/** A valid number whose check character is X (searched over sequence numbers). */
export function idNumberEndingX(area = '440305', birth = '19900307'): string {
  for (let s = 0; s < 1000; s++) {
    const id = idNumber(area, birth, String(s).padStart(3, '0'));
    if (id.endsWith('X')) return id;
  }
  throw new Error('no X number');
}

/** The same number with its check character changed to a wrong one. */
export function withWrongCheck(id: string): string {
  const wrong = '0123456789X'.split('').find((c) => c !== id[17])!;
  return id.slice(0, 17) + wrong;
}

/** Bad values for any text field: each must be refused with a Chinese message. */
export const HOSTILE = {
  long: 'a'.repeat(10 * 1024),
  sql: "' OR 1=1; DROP TABLE members; --",
  script: '<script>alert(1)</script>',
  emoji: '😀😀😀',
  number: -1,
  huge: 1e308,
  array: ['a', 'b'],
  object: { a: 1 },
  bool: true,
} as const;

// ---- images ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A real, decodable RGB PNG filled with one colour. */
export function png(width: number, height: number, rgb: [number, number, number] = [163, 135, 188]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3]!)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG header (SOI, APP0, SOF0, EOI) declaring the given size. */
export function jpegHeader(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

/** A WebP (extended format, VP8X) header declaring the given canvas size. */
export function webpVp8x(width: number, height: number): Buffer {
  const buf = Buffer.alloc(30);
  buf.write('RIFF', 0, 'latin1');
  buf.writeUInt32LE(22, 4);
  buf.write('WEBPVP8X', 8, 'latin1');
  buf.writeUInt32LE(10, 16);
  buf.writeUIntLE(width - 1, 24, 3);
  buf.writeUIntLE(height - 1, 27, 3);
  return buf;
}

export async function uploadAvatar(server: TestServer, token: string | undefined, bytes: Buffer, filename = 'a.png', type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), filename);
  const res = await fetch(`${server.url}/member/user/profile/avatar`, {
    method: 'POST',
    headers: token ? { Authorization: token } : {},
    body: form,
  });
  return { status: res.status, ...((await res.json()) as object) } as { status: number; code: number; message: string; data: any; success: boolean };
}

// ---- state ----

export async function memberId(api: Api, token: string): Promise<string> {
  const me = await api.get('/member/user/user/current', { token });
  expect(me.code).toBe(0);
  return me.data.id as string;
}

/** What a member owns, to compare before and after a refused request. */
export async function memberState(server: TestServer, id: string) {
  const [member] = await query(
    server,
    sql`SELECT nickname, avatar, gender, birthday::text AS birthday, mobile, password_hash, updated_at::text AS updated_at
        FROM members WHERE id = ${id}`,
  );
  const realNames = await query(
    server,
    sql`SELECT id, name, id_cipher, id_hash, is_default, updated_at::text AS updated_at
        FROM member_real_names WHERE member_id = ${id} ORDER BY id`,
  );
  const sessions = await query(
    server,
    sql`SELECT id, revoked_at::text AS revoked_at FROM member_sessions WHERE member_id = ${id} ORDER BY id`,
  );
  return { member, realNames, sessions };
}

/** Moves every code sent to a number (sign-in and member area) into the past, past the resend interval. */
export async function ageCodes(server: TestServer, mobile: string, seconds = 61) {
  const shift = `${seconds} seconds`;
  for (const table of ['sms_codes', 'member_security_codes']) {
    await query(
      server,
      sql`UPDATE ${sql.raw(table)} SET created_at = created_at - ${shift}::interval, expires_at = expires_at - ${shift}::interval
          WHERE mobile = ${mobile}`,
    );
  }
}
