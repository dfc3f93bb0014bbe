/**
 * Tokens and sessions over HTTP: user/current, refresh, logout, and every kind of bad token
 * (conventions, "Tokens"). Expiry of access tokens is in token-expiry.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import { Code } from '@mall/shared';
import {
  lastSmsCode,
  registeredMember,
  smsSignIn,
  startTestServer,
  type TestServer,
  PATHS,
  ageCodes,
  current,
  expectEnvelope,
  expectRefusal,
  query,
  sendCode,
} from '../../test/kit/index.ts';
import { hashToken } from './tokens.ts';

let server: TestServer;
type Member = Awaited<ReturnType<typeof registeredMember>>;
let member: Member;

beforeAll(async () => {
  server = await startTestServer();
  member = await registeredMember(server.api);
});
afterAll(() => server?.close());

const refresh = (refreshToken?: unknown) =>
  server.api.post(PATHS.refresh, { form: refreshToken === undefined ? {} : { refreshToken } });
const signIn = async () => {
  const res = await server.api.post(PATHS.loginPw, { form: { username: member.username, password: member.password } });
  expect(res.code).toBe(0);
  return res.data as { accessToken: string; refreshToken: string };
};

describe('user/current', () => {
  it('returns the profile with roles and a masked mobile, and never a hash or password', async () => {
    const res = await current(server.api, member.accessToken);
    expectEnvelope(res);
    expect(res.code).toBe(0);
    expect(res.data).toEqual({
      id: expect.any(String),
      username: member.username,
      nickname: member.username,
      avatar: null,
      mobile: `${member.mobile.slice(0, 3)}****${member.mobile.slice(-4)}`,
      gender: 'unknown',
      birthday: null,
      roles: ['member'],
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
    });
    expect(res.data.mobile).toMatch(/^1\d{2}\*{4}\d{4}$/);
    const text = JSON.stringify(res).toLowerCase();
    for (const secret of ['hash', 'password', 'scrypt', member.mobile, member.password.toLowerCase()]) {
      expect(text).not.toContain(secret);
    }
  });

  it('answers 106 without a token', async () => {
    const res = await server.api.get(PATHS.current);
    expectRefusal(res, Code.NOT_SIGNED_IN);
    expect(res.message).toBe('用户未登录');
    expectRefusal(await server.api.get(PATHS.current, { headers: { Authorization: '   ' } }), Code.NOT_SIGNED_IN);
    expectRefusal(await server.api.get(PATHS.current, { headers: { Authorization: 'Bearer' } }), Code.NOT_SIGNED_IN);
  });

  it('accepts the token bare or after "Bearer "', async () => {
    for (const header of [member.accessToken, `Bearer ${member.accessToken}`, `bearer  ${member.accessToken}`]) {
      expect((await server.api.get(PATHS.current, { headers: { Authorization: header } })).code).toBe(0);
    }
  });

  it('answers 105 to a refresh token, garbage, a token signed with another key, or an unsigned one', async () => {
    const [, payload] = member.accessToken.split('.');
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    const foreignKey = new TextEncoder().encode('a-completely-different-secret-of-32-chars!');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer(claims.iss)
      .setExpirationTime('10m')
      .sign(foreignKey);
    for (const token of [member.refreshToken, 'garbage', 'a.b.c', unsigned, forged, member.accessToken + 'x']) {
      const res = await current(server.api, token);
      expectRefusal(res, Code.SESSION_OVER);
      expect(res.message).toBe('登录已失效，请重新登录');
    }
  });

  it('answers 107 for a disabled member, on every way in', async () => {
    const dora = await registeredMember(server.api);
    await query(server, sql`UPDATE members SET status = 'disabled' WHERE username = ${dora.username}`);
    expectRefusal(await current(server.api, dora.accessToken), Code.MEMBER_DISABLED);
    expectRefusal(await refresh(dora.refreshToken), Code.MEMBER_DISABLED);
    const pw = await server.api.post(PATHS.loginPw, { form: { username: dora.username, password: dora.password } });
    expectRefusal(pw, Code.MEMBER_DISABLED);
    expect(pw.message).toBe('用户已被禁用');
    // a wrong password is still just 102: being disabled is not told to a guesser
    expectRefusal(
      await server.api.post(PATHS.loginPw, { form: { username: dora.username, password: 'wrong-guess-1' } }),
      Code.BAD_CREDENTIALS,
    );
    await ageCodes(server, dora.mobile, 61);
    expect((await sendCode(server.api, dora.mobile)).code).toBe(0);
    const code = await lastSmsCode(server.api, dora.mobile);
    const sms = await server.api.post(PATHS.registerAndLogin, { form: { mobileNumber: dora.mobile, code } });
    expectRefusal(sms, Code.MEMBER_DISABLED);
  });
});

describe('refresh', () => {
  it('returns a new access token as a string in data, which works', async () => {
    const tokens = await signIn();
    const res = await refresh(tokens.refreshToken);
    expectEnvelope(res);
    expect(res.code).toBe(0);
    expect(typeof res.data).toBe('string');
    expect(res.data).not.toBe(tokens.accessToken);
    expect((await current(server.api, res.data)).code).toBe(0);
    // the refresh token stays valid for the next refresh
    expect((await refresh(tokens.refreshToken)).code).toBe(0);
    // and the JSON body works as well as the form
    expect((await server.api.post(PATHS.refresh, { json: { refreshToken: tokens.refreshToken } })).code).toBe(0);
  });

  it('refuses a call with no refresh token with a clear message', async () => {
    const res = await refresh();
    expectRefusal(res, Code.BAD_REQUEST);
    expect(res.message).toContain('刷新令牌');
    const empty = await refresh('');
    expect([Code.BAD_REQUEST, Code.SESSION_OVER]).toContain(empty.code);
  });

  it('answers 105 to an unknown, revoked or expired refresh token, and to an access token', async () => {
    expectRefusal(await refresh('x'.repeat(43)), Code.SESSION_OVER);
    expectRefusal(await refresh(member.accessToken), Code.SESSION_OVER);
    expectRefusal(
      await refresh(member.refreshToken.slice(0, -1) + (member.refreshToken.endsWith('A') ? 'B' : 'A')),
      Code.SESSION_OVER,
    );

    const revoked = await signIn();
    await server.api.post(PATHS.logout, { token: revoked.accessToken });
    expectRefusal(await refresh(revoked.refreshToken), Code.SESSION_OVER);

    const expired = await signIn();
    const refreshHash = hashToken(expired.refreshToken);
    await query(
      server,
      sql`UPDATE member_sessions SET expires_at = now() - interval '1 second' WHERE refresh_hash = ${refreshHash}`,
    );
    expectRefusal(await refresh(expired.refreshToken), Code.SESSION_OVER);
    // the session's access token ends with it
    expectRefusal(await current(server.api, expired.accessToken), Code.SESSION_OVER);
  });
});

describe('logout', () => {
  it('ends the session at once: its access and refresh tokens answer 105', async () => {
    const tokens = await signIn();
    const other = await signIn();
    const res = await server.api.post(PATHS.logout, { token: tokens.accessToken });
    expectEnvelope(res);
    expect(res).toMatchObject({ code: 0, message: '已退出登录' });
    expectRefusal(await current(server.api, tokens.accessToken), Code.SESSION_OVER);
    expectRefusal(await refresh(tokens.refreshToken), Code.SESSION_OVER);
    expectRefusal(await server.api.post(PATHS.logout, { token: tokens.accessToken }), Code.SESSION_OVER);
    // another session of the same member (another device) is untouched
    expect((await current(server.api, other.accessToken)).code).toBe(0);
    expect((await refresh(other.refreshToken)).code).toBe(0);
  });

  it('answers 106 without a token', async () => {
    expectRefusal(await server.api.post(PATHS.logout), Code.NOT_SIGNED_IN);
  });

  it('signs out a member who has only signed in by SMS', async () => {
    const visitor = await smsSignIn(server.api);
    expect((await server.api.post(PATHS.logout, { token: visitor.accessToken })).code).toBe(0);
    expectRefusal(await current(server.api, visitor.accessToken), Code.SESSION_OVER);
  });
});
