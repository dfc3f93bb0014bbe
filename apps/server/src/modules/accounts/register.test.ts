/**
 * registerAndLogin, both uses of the conventions: with an SMS code it signs a number in (a new number
 * becomes a member with no roles); signed in, with a username and password, it completes the account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import {
  newMobile,
  smsSignIn,
  startTestServer,
  type TestServer,
  PATHS,
  accountCounts,
  ageCodes,
  current,
  expectEnvelope,
  expectRefusal,
} from '../../test/kit/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const complete = (token: string | undefined, form: Record<string, unknown>) =>
  server.api.post(PATHS.registerAndLogin, { token, form: { clientType: 'PC_BROWSER', ...form } });

let usernameCounter = 0;
const freshUsername = () => `Buyer${process.pid % 1000}_${++usernameCounter}`;

describe('signing in by SMS code', () => {
  it('makes an unknown number a member with no roles, and signs the same member in next time', async () => {
    const before = await accountCounts(server);
    const mobile = newMobile();
    const first = await smsSignIn(server.api, mobile);
    const me = await current(server.api, first.accessToken);
    expect(me.code).toBe(0);
    expect(me.data).toMatchObject({
      roles: [],
      username: null,
      mobile: `${mobile.slice(0, 3)}****${mobile.slice(-4)}`,
    });
    expect((await accountCounts(server)).members).toBe(before.members + 1);

    await ageCodes(server, mobile, 61); // past the resend interval
    const second = await smsSignIn(server.api, mobile);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect((await current(server.api, second.accessToken)).data.id).toBe(me.data.id);
    expect((await accountCounts(server)).members).toBe(before.members + 1);
  });
});

describe('completing the account', () => {
  it('gives the role member, fresh tokens, and ends the session it was sent from', async () => {
    const start = await smsSignIn(server.api);
    const username = freshUsername();
    const password = 'k9#Lm2qZ 紫色';
    const res = await complete(start.accessToken, {
      username,
      password,
      nickname: '小紫',
      invitationCode: 'INVITE2024',
    });
    expectEnvelope(res);
    expect(res).toMatchObject({ status: 200, code: 0, message: '注册成功' });
    const { accessToken, refreshToken } = res.data;
    expect(accessToken).not.toBe(start.accessToken);
    expect(refreshToken).not.toBe(start.refreshToken);

    const me = await current(server.api, accessToken);
    expect(me.data).toMatchObject({ username, nickname: '小紫', roles: ['member'] });
    expectRefusal(await current(server.api, start.accessToken), Code.SESSION_OVER);
    expectRefusal(
      await server.api.post(PATHS.refresh, { form: { refreshToken: start.refreshToken } }),
      Code.SESSION_OVER,
    );

    // the new password signs in, by username and by mobile
    const login = await server.api.post(PATHS.loginPw, { form: { username, password } });
    expect(login.code).toBe(0);
    expect((await server.api.post(PATHS.loginPw, { form: { username: start.mobile, password } })).code).toBe(0);

    // completing twice is refused
    const again = await complete(accessToken, { username: freshUsername(), password: 'another-good-pass' });
    expectRefusal(again, Code.ALREADY_REGISTERED);
    expect((await current(server.api, accessToken)).data.username).toBe(username);
  });

  it('uses the username as nickname when none is given', async () => {
    const start = await smsSignIn(server.api);
    const username = freshUsername();
    const res = await complete(start.accessToken, { username, password: 'plain-but-long-enough' });
    expect(res.code).toBe(0);
    expect((await current(server.api, res.data.accessToken)).data.nickname).toBe(username);
  });

  it('refuses a username already taken, whatever its letter case', async () => {
    const first = await smsSignIn(server.api);
    const username = freshUsername();
    expect((await complete(first.accessToken, { username, password: 'first-member-pw' })).code).toBe(0);

    const second = await smsSignIn(server.api);
    for (const taken of [username, username.toUpperCase(), username.toLowerCase()]) {
      const res = await complete(second.accessToken, { username: taken, password: 'second-member-pw' });
      expectRefusal(res, Code.USERNAME_TAKEN);
      expect(res.message).toBe('用户名已被占用');
    }
    expect((await current(server.api, second.accessToken)).data.roles).toEqual([]);
  });

  it.each([
    ['too short', '1234567', /至少 8 个字符/],
    ['too long', 'x'.repeat(30) + 'y'.repeat(35), /不能超过 64 个字符/],
    ['common', 'Password123', /过于常见/],
    ['common (Chinese favourite)', 'woaini1314', /过于常见/],
    ['one character repeated', 'zzzzzzzzzz', /重复/],
    ['empty', '', /至少 8 个字符/],
  ])('refuses a weak password (%s) with 101002 and a Chinese reason', async (_name, password, reason) => {
    const start = await smsSignIn(server.api);
    const res = await complete(start.accessToken, { username: freshUsername(), password });
    expectRefusal(res, Code.WEAK_PASSWORD);
    expect(res.message).toMatch(reason);
    // nothing changed: still no roles, the session still alive
    expect((await current(server.api, start.accessToken)).data.roles).toEqual([]);
  });

  it('accepts a password of exactly 64 characters, counted as characters not bytes', async () => {
    const start = await smsSignIn(server.api);
    const password = '购物'.repeat(32);
    const username = freshUsername();
    expect((await complete(start.accessToken, { username, password })).code).toBe(0);
    expect((await server.api.post(PATHS.loginPw, { form: { username, password } })).code).toBe(0);
  });

  it('without a token, reads the call as an SMS sign-in and says what is missing', async () => {
    const before = await accountCounts(server);
    const res = await complete(undefined, { username: freshUsername(), password: 'no-token-password' });
    expectRefusal(res, Code.BAD_REQUEST);
    expect(res.message).toBe('请填写手机号');
    expect(await accountCounts(server)).toEqual(before);
  });

  it('with a finished session, answers 105 rather than completing anything', async () => {
    const start = await smsSignIn(server.api);
    await server.api.post(PATHS.logout, { token: start.accessToken });
    const res = await complete(start.accessToken, { username: freshUsername(), password: 'after-logout-pw' });
    expectRefusal(res, Code.SESSION_OVER);
  });

  it('completes a member once when the form is submitted twice at the same moment', async () => {
    const start = await smsSignIn(server.api);
    const results = await Promise.all([
      complete(start.accessToken, { username: freshUsername(), password: 'double-click-pw' }),
      complete(start.accessToken, { username: freshUsername(), password: 'double-click-pw' }),
    ]);
    const codes = results.map((r) => r.code).sort((a, b) => a - b);
    expect(codes[0]).toBe(0);
    // the loser either found the member completed or its own session already ended
    expect([Code.ALREADY_REGISTERED, Code.SESSION_OVER]).toContain(codes[1]);
    const winner = results.find((r) => r.code === 0)!;
    expect((await current(server.api, winner.data.accessToken)).data.roles).toEqual(['member']);
  });

  it('gives a username to one of two members who choose it at the same moment', async () => {
    const [a, b] = await Promise.all([smsSignIn(server.api), smsSignIn(server.api)]);
    const username = freshUsername();
    const results = await Promise.all([
      complete(a.accessToken, { username, password: 'race-member-a1' }),
      complete(b.accessToken, { username, password: 'race-member-b2' }),
    ]);
    const codes = results.map((r) => r.code).sort((x, y) => x - y);
    expect(codes).toEqual([0, Code.USERNAME_TAKEN]);
    for (const r of results) expectEnvelope(r);
  });
});
