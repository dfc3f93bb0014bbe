/**
 * Members for API tests, and what the accounts and member-area tests check with them: the envelope,
 * refusals, SMS codes moved into the past, valid and broken ID numbers, hostile text, and a snapshot
 * of what a member owns so a refused request can be shown to have changed nothing.
 */
import { expect } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { rows } from '../../lib/db.ts';
import { checkCharacter } from '../../modules/realname/id-number.ts';
import type { Api, TestServer } from '../harness.ts';

export const PATHS = {
  loginPw: '/member/user/auth/login/pw',
  sendCode: '/member/user/auth/verificationCode',
  registerAndLogin: '/member/user/auth/registerAndLogin',
  refresh: '/member/user/auth/refresh',
  logout: '/member/user/auth/logout',
  current: '/member/user/user/current',
} as const;

export const CHINESE = /[\u4e00-\u9fa5]/;

/** Raw SQL against the server's own database (PGlite or PostgreSQL alike). */
export function query<T = Record<string, unknown>>(server: TestServer, q: SQL): Promise<T[]> {
  return rows<T>(server.running.database.db, q);
}

/** How many rows each table of the accounts domain holds: a bad request must change none. */
export async function accountCounts(server: TestServer) {
  const [row] = await query<Record<string, number>>(
    server,
    sql`SELECT (SELECT count(*) FROM members) AS members,
               (SELECT count(*) FROM member_sessions) AS sessions,
               (SELECT count(*) FROM sms_codes) AS codes,
               (SELECT count(*) FROM sms_outbox) AS outbox`,
  );
  return {
    members: Number(row!.members),
    sessions: Number(row!.sessions),
    codes: Number(row!.codes),
    outbox: Number(row!.outbox),
  };
}

/** Every reply is the envelope of the conventions, with a Chinese message. */
export function expectEnvelope(res: { code: unknown; message: unknown; data: unknown; success: unknown }) {
  expect(typeof res.code).toBe('number');
  expect(typeof res.message).toBe('string');
  expect(res).toHaveProperty('data');
  expect(res.success).toBe(res.code === 0);
  expect(res.message).toMatch(CHINESE);
}

/** A business refusal: HTTP 200, the given code, a Chinese message. */
export function expectRefusal(
  res: { status: number; code: number; message: string; data: unknown; success: boolean },
  code: number,
) {
  expect({ status: res.status, code: res.code, message: res.message }).toMatchObject({ status: 200, code });
  expectEnvelope(res);
}

export async function sendCode(api: Api, mobile: string, headers?: Record<string, string>) {
  return api.post(PATHS.sendCode, { form: { mobileNumber: mobile }, headers });
}

export async function smsLogin(api: Api, mobile: string, code: string) {
  return api.post(PATHS.registerAndLogin, {
    form: { mobileNumber: mobile, code, remember: false, clientType: 'PC_BROWSER' },
  });
}

/** A six-digit code other than `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

export async function current(api: Api, token: string) {
  return api.get(PATHS.current, { token });
}

// ---- ID numbers and hostile text ----

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

// ---- state ----

export async function memberIdOf(api: Api, token: string): Promise<string> {
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
