/**
 * Small helpers shared by the accounts API tests (not a test file itself). Everything here talks to
 * a server started by startTestServer(); the database is read only to check what a reply cannot
 * show (nothing changed, what is stored) or to move time forward (age rows instead of waiting).
 */
import { expect } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { rows } from '../../lib/db.ts';
import type { Api, TestServer } from '../../test/harness.ts';

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
  return { members: Number(row!.members), sessions: Number(row!.sessions), codes: Number(row!.codes), outbox: Number(row!.outbox) };
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
export function expectRefusal(res: { status: number; code: number; message: string; data: unknown; success: boolean }, code: number) {
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

/** Moves a number's codes into the past, as if `seconds` had gone by since they were sent. */
export async function ageSmsCodes(server: TestServer, mobile: string, seconds: number) {
  const shift = `${seconds} seconds`;
  await query(
    server,
    sql`UPDATE sms_codes SET created_at = created_at - ${shift}::interval, expires_at = expires_at - ${shift}::interval
        WHERE mobile = ${mobile}`,
  );
}

/** A six-digit code other than `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

export async function current(api: Api, token: string) {
  return api.get(PATHS.current, { token });
}
