/**
 * Password sign-in over HTTP: username or mobile, one refusal for unknown user and wrong password,
 * and the lockout of the conventions (5 wrong passwords in 15 minutes → 15 minutes locked).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@mall/shared';
import {
  registeredMember,
  smsSignIn,
  startTestServer,
  type TestServer,
  PATHS,
  current,
  expectEnvelope,
  expectRefusal,
  query,
} from '../../test/kit/index.ts';

let server: TestServer;
type Member = Awaited<ReturnType<typeof registeredMember>>;
let alice: Member;

beforeAll(async () => {
  server = await startTestServer();
  alice = await registeredMember(server.api);
});
afterAll(() => server?.close());

const login = (username: string, password: string, extra: Record<string, unknown> = {}) =>
  server.api.post(PATHS.loginPw, { form: { username, password, remember: false, clientType: 'PC_BROWSER', ...extra } });

/** Makes the account's recorded failures look `minutes` older. */
async function ageFailures(minutes: number) {
  await query(server, sql`UPDATE login_failures SET created_at = created_at - ${`${minutes} minutes`}::interval`);
}

describe('password sign-in', () => {
  it('signs in by username and hands out a working token pair', async () => {
    const res = await login(alice.username, alice.password);
    expectEnvelope(res);
    expect(res).toMatchObject({ status: 200, code: 0, success: true });
    expect(res.data.accessToken).toEqual(expect.any(String));
    expect(res.data.refreshToken).toEqual(expect.any(String));
    const me = await current(server.api, res.data.accessToken);
    expect(me.code).toBe(0);
    expect(me.data.username).toBe(alice.username);
  });

  it('signs in by mobile number, and by username in another letter case', async () => {
    const byMobile = await login(alice.mobile, alice.password);
    expect(byMobile.code).toBe(0);
    expect((await current(server.api, byMobile.data.accessToken)).data.username).toBe(alice.username);
    const upper = await login(alice.username.toUpperCase(), alice.password);
    expect(upper.code).toBe(0);
  });

  it('accepts JSON as well as form bodies', async () => {
    const res = await server.api.post(PATHS.loginPw, { json: { username: alice.username, password: alice.password } });
    expect(res.code).toBe(0);
  });

  it('keeps a remembered session 30 days and a plain one 7 days', async () => {
    const remembered = await login(alice.username, alice.password, { remember: true });
    expect(remembered.code).toBe(0);
    const [row] = await query<{ days: number }>(
      server,
      sql`SELECT round(extract(epoch FROM max(expires_at) - now()) / 86400) AS days FROM member_sessions WHERE remember`,
    );
    expect(Number(row!.days)).toBe(30);
    const [plain] = await query<{ days: number }>(
      server,
      sql`SELECT round(extract(epoch FROM max(expires_at) - now()) / 86400) AS days FROM member_sessions WHERE NOT remember`,
    );
    expect(Number(plain!.days)).toBe(7);
  });

  it('answers an unknown user and a wrong password with the same 102 refusal', async () => {
    const unknown = await login('nobody_here_123', 'whatever-password');
    const wrong = await login(alice.username, 'not-the-password');
    for (const res of [unknown, wrong]) expectRefusal(res, Code.BAD_CREDENTIALS);
    expect(unknown.message).toBe('用户名或密码错误');
    expect({ ...unknown }).toEqual({ ...wrong });
    // a member who signed up by SMS and has no password yet is refused the same way
    const smsOnly = await smsSignIn(server.api);
    const noPassword = await login(smsOnly.mobile, 'any-password-1');
    expect({ ...noPassword }).toEqual({ ...wrong });
    await query(server, sql`DELETE FROM login_failures`);
  });
});

// Each wrong try costs a full scrypt hash (~0.3 s, far more on a busy machine): a roomier timeout.
describe('lockout after 5 wrong passwords in 15 minutes', { timeout: 90_000 }, () => {
  it('locks the account at the fifth failure, even against the right password, with the minutes left', async () => {
    const bob = await registeredMember(server.api);
    for (let i = 1; i <= 4; i++) expectRefusal(await login(bob.username, `wrong-pass-${i}`), Code.BAD_CREDENTIALS);
    const fifth = await login(bob.username, 'wrong-pass-5');
    expectRefusal(fifth, Code.ACCOUNT_LOCKED);
    expect(fifth.message).toMatch(/15 分钟后再试/);

    const right = await login(bob.username, bob.password);
    expectRefusal(right, Code.ACCOUNT_LOCKED);
    expect(right.message).toMatch(/请 (1[0-5]|[1-9]) 分钟后再试/);
    // the same account reached by its mobile number is locked too
    expectRefusal(await login(bob.mobile, bob.password), Code.ACCOUNT_LOCKED);

    // 10 minutes later: still locked, about 5 minutes left
    await ageFailures(10);
    const later = await login(bob.username, bob.password);
    expectRefusal(later, Code.ACCOUNT_LOCKED);
    expect(later.message).toMatch(/请 [56] 分钟后再试/);

    // 16 minutes after the fifth failure the lock is over
    await ageFailures(6);
    expect((await login(bob.username, bob.password)).code).toBe(0);
  });

  it('locks an unknown username the same way, so a lock does not reveal that an account exists', async () => {
    const ghost = 'ghost_user_xyz';
    for (let i = 1; i <= 4; i++) expectRefusal(await login(ghost, `guess-${i}-password`), Code.BAD_CREDENTIALS);
    expectRefusal(await login(ghost, 'guess-5-password'), Code.ACCOUNT_LOCKED);
    const again = await login(ghost.toUpperCase(), 'guess-6-password');
    expectRefusal(again, Code.ACCOUNT_LOCKED);
    expect(again.message).toMatch(/\d+ 分钟后再试/);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const carol = await registeredMember(server.api);
    for (let i = 1; i <= 4; i++) expectRefusal(await login(carol.username, `bad-${i}-password`), Code.BAD_CREDENTIALS);
    expect((await login(carol.username, carol.password)).code).toBe(0);
    for (let i = 1; i <= 4; i++) expectRefusal(await login(carol.mobile, `bad-${i}-again!`), Code.BAD_CREDENTIALS);
    expect((await login(carol.username, carol.password)).code).toBe(0);
  });

  it('does not count failures older than 15 minutes towards a lock', async () => {
    const dave = await registeredMember(server.api);
    for (let i = 1; i <= 4; i++) await login(dave.username, `old-${i}-password`);
    await ageFailures(16);
    expectRefusal(await login(dave.username, 'new-1-password'), Code.BAD_CREDENTIALS);
    expect((await login(dave.username, dave.password)).code).toBe(0);
  });

  it('lets no more than 5 of a burst of concurrent guesses through to the password check', async () => {
    const erin = await registeredMember(server.api);
    await query(server, sql`DELETE FROM login_failures`);
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => login(erin.username, `burst-${i}-password`)));
    const codes = burst.map((r) => r.code);
    expect(codes.filter((c) => c === Code.BAD_CREDENTIALS).length).toBeLessThanOrEqual(4);
    expect(codes.filter((c) => c === Code.ACCOUNT_LOCKED).length).toBeGreaterThanOrEqual(6);
    expect(codes.every((c) => c === Code.BAD_CREDENTIALS || c === Code.ACCOUNT_LOCKED)).toBe(true);
    // each failure row stands for one password that was actually tried: 5, not 10
    const [tried] = await query<{ n: number }>(server, sql`SELECT count(*) AS n FROM login_failures`);
    expect(Number(tried!.n)).toBe(5);
    expectRefusal(await login(erin.username, erin.password), Code.ACCOUNT_LOCKED);
  });
});
