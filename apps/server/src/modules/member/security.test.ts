/**
 * 账户安全 over HTTP: change the password (old password or a code to the bound mobile) with every
 * other session signed out; the wrong-old-password throttle; the sessions list and signing devices
 * out; the security level.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@mall/shared';
import {
  lastSmsCode,
  registeredMember,
  smsSignIn,
  startTestServer,
  type TestServer,
  HOSTILE,
  ageCodes,
  expectEnvelope,
  expectRefusal,
  idNumber,
  memberIdOf,
  memberState,
  query,
} from '../../test/kit/index.ts';

let server: TestServer;
type Member = Awaited<ReturnType<typeof registeredMember>> & { id: string };

const P = {
  password: '/member/user/security/password',
  sendCode: '/member/user/security/sendCode',
  sessions: '/member/user/security/sessions',
  revoke: '/member/user/security/sessions/revoke',
  revokeOthers: '/member/user/security/sessions/revokeOthers',
  summary: '/member/user/security/summary',
  current: '/member/user/user/current',
  login: '/member/user/auth/login/pw',
};
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

async function member(): Promise<Member> {
  const m = await registeredMember(server.api);
  return { ...m, id: await memberIdOf(server.api, m.accessToken) };
}
async function signIn(m: { username: string; password: string }, userAgent = CHROME_LINUX) {
  const res = await server.api.post(P.login, {
    form: { username: m.username, password: m.password },
    headers: { 'user-agent': userAgent },
  });
  expect(res.code).toBe(0);
  return res.data as { accessToken: string; refreshToken: string };
}
const me = (token: string) => server.api.get(P.current, { token });

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('changing the password', () => {
  it('with the old password: other sessions end (105), this one stays, the new password signs in', async () => {
    const m = await member();
    const phone = await signIn(m, SAFARI_IPHONE);
    const laptop = await signIn(m);
    const res = await server.api.post(P.password, {
      token: laptop.accessToken,
      json: { oldPassword: m.password, newPassword: 'new-Secret-2025' },
    });
    expectEnvelope(res);
    expect(res).toMatchObject({ code: 0, data: { signedOutSessions: 2 } });
    expect(res.message).toBe('密码已修改，其他 2 个设备已退出登录');
    expect((await me(laptop.accessToken)).code).toBe(0);
    expectRefusal(await me(phone.accessToken), Code.SESSION_OVER);
    expectRefusal(await me(m.accessToken), Code.SESSION_OVER);
    expectRefusal(
      await server.api.post('/member/user/auth/refresh', { form: { refreshToken: phone.refreshToken } }),
      Code.SESSION_OVER,
    );
    expectRefusal(
      await server.api.post(P.login, { form: { username: m.username, password: m.password } }),
      Code.BAD_CREDENTIALS,
    );
    await signIn({ username: m.username, password: 'new-Secret-2025' });
  });

  it('refuses a wrong old password with WRONG_PASSWORD and changes nothing', async () => {
    const m = await member();
    const other = await signIn(m);
    const before = await memberState(server, m.id);
    const res = await server.api.post(P.password, {
      token: m.accessToken,
      json: { oldPassword: 'not-my-password', newPassword: 'new-Secret-2025' },
    });
    expectRefusal(res, Code.WRONG_PASSWORD);
    expect(res.message).toBe('当前密码错误');
    expect(await memberState(server, m.id)).toEqual(before);
    expect((await me(other.accessToken)).code).toBe(0);
  });

  it('throttles wrong old passwords: after 5 in 15 minutes even the right one waits, sign-in is not locked', async () => {
    const m = await member();
    for (let i = 0; i < 5; i++) {
      const res = await server.api.post(P.password, {
        token: m.accessToken,
        json: { oldPassword: `wrong-${i}-pass`, newPassword: 'new-Secret-2025' },
      });
      expect(res.code).toBe(i < 4 ? Code.WRONG_PASSWORD : Code.TOO_MANY_REQUESTS);
    }
    const locked = await server.api.post(P.password, {
      token: m.accessToken,
      json: { oldPassword: m.password, newPassword: 'new-Secret-2025' },
    });
    expectRefusal(locked, Code.TOO_MANY_REQUESTS);
    expect(locked.message).toMatch(/当前密码错误次数过多，请 1[45] 分钟后再试/);
    await signIn(m);
    // 15 minutes later the right password works again.
    await query(
      server,
      sql`UPDATE login_failures SET created_at = created_at - interval '16 minutes' WHERE login_key = ${`security:member:${m.id}`}`,
    );
    expect(
      (
        await server.api.post(P.password, {
          token: m.accessToken,
          json: { oldPassword: m.password, newPassword: 'new-Secret-2025' },
        })
      ).code,
    ).toBe(0);
  });

  it('with a code sent to the bound mobile; a sign-in code for the same number does not pass', async () => {
    const m = await member();
    const other = await signIn(m);
    await ageCodes(server, m.mobile);
    // A sign-in code to the same number is not a password-change code.
    expect(
      (await server.api.post('/member/user/auth/verificationCode', { form: { mobileNumber: m.mobile } })).code,
    ).toBe(0);
    const loginCode = await lastSmsCode(server.api, m.mobile);
    const wrongKind = await server.api.post(P.password, {
      token: m.accessToken,
      json: { smsCode: loginCode, newPassword: 'sms-Secret-2025' },
    });
    expectRefusal(wrongKind, Code.SMS_CODE_EXPIRED);
    await ageCodes(server, m.mobile);
    const sent = await server.api.post(P.sendCode, { token: m.accessToken, json: { purpose: 'changePassword' } });
    expect(sent).toMatchObject({ code: 0, message: `验证码已发送至 ${m.mobile.slice(0, 3)}****${m.mobile.slice(-4)}` });
    const code = await lastSmsCode(server.api, m.mobile);
    // ...and a password-change code does not sign anybody in.
    const asLogin = await server.api.post('/member/user/auth/registerAndLogin', {
      form: { mobileNumber: m.mobile, code, clientType: 'PC_BROWSER' },
    });
    expect(asLogin.code).not.toBe(0);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expectRefusal(
      await server.api.post(P.password, {
        token: m.accessToken,
        json: { smsCode: wrong, newPassword: 'sms-Secret-2025' },
      }),
      Code.WRONG_SMS_CODE,
    );
    const res = await server.api.post(P.password, {
      token: m.accessToken,
      json: { smsCode: code, newPassword: 'sms-Secret-2025' },
    });
    expect(res).toMatchObject({ code: 0, data: { signedOutSessions: 1 } });
    expectRefusal(await me(other.accessToken), Code.SESSION_OVER);
    expect((await me(m.accessToken)).code).toBe(0);
    // Single use.
    expectRefusal(
      await server.api.post(P.password, {
        token: m.accessToken,
        json: { smsCode: code, newPassword: 'sms-Secret-2026' },
      }),
      Code.SMS_CODE_EXPIRED,
    );
    await signIn({ username: m.username, password: 'sms-Secret-2025' });
  });

  it('burns a code after 5 wrong tries, and keeps the resend interval', async () => {
    const m = await member();
    await ageCodes(server, m.mobile);
    expect(
      (await server.api.post(P.sendCode, { token: m.accessToken, json: { purpose: 'changePassword' } })).code,
    ).toBe(0);
    const again = await server.api.post(P.sendCode, { token: m.accessToken, json: { purpose: 'changePassword' } });
    expectRefusal(again, Code.SMS_SEND_LIMIT);
    expect(again.message).toMatch(/请 \d+ 秒后再试/);
    const code = await lastSmsCode(server.api, m.mobile);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await server.api.post(P.password, {
            token: m.accessToken,
            json: { smsCode: wrong, newPassword: 'sms-Secret-2025' },
          })
        ).code,
      ).toBe(Code.WRONG_SMS_CODE);
    }
    expectRefusal(
      await server.api.post(P.password, {
        token: m.accessToken,
        json: { smsCode: code, newPassword: 'sms-Secret-2025' },
      }),
      Code.SMS_CODE_EXPIRED,
    );
  });

  it('refuses bad input with a Chinese message and changes nothing', async () => {
    const m = await member();
    const before = await memberState(server, m.id);
    const bodies: unknown[] = [
      {},
      { newPassword: 'new-Secret-2025' },
      { oldPassword: m.password },
      { oldPassword: m.password, smsCode: '123456', newPassword: 'new-Secret-2025' },
      { oldPassword: m.password, newPassword: 'short' },
      { oldPassword: m.password, newPassword: 'password123' },
      { oldPassword: m.password, newPassword: m.password },
      { oldPassword: m.password, newPassword: 'x'.repeat(65) },
      ...Object.values(HOSTILE).map((v) => ({ oldPassword: v, newPassword: 'new-Secret-2025' })),
      ...Object.values(HOSTILE)
        .filter((v) => typeof v !== 'string' || v.length > 64)
        .map((v) => ({ oldPassword: m.password, newPassword: v })),
      ...Object.values(HOSTILE).map((v) => ({ smsCode: v, newPassword: 'new-Secret-2025' })),
    ];
    for (const body of bodies) {
      const res = await server.api.post(P.password, { token: m.accessToken, json: body });
      expect(res.code, JSON.stringify(body).slice(0, 80)).not.toBe(0);
      expectEnvelope(res);
    }
    for (const body of [{}, { purpose: 'login' }, ...Object.values(HOSTILE).map((v) => ({ purpose: v }))]) {
      const res = await server.api.post(P.sendCode, { token: m.accessToken, json: body });
      expect(res.code).toBe(Code.BAD_REQUEST);
      expectEnvelope(res);
    }
    const after = await memberState(server, m.id);
    expect(after).toEqual(before);
    expectRefusal(
      await server.api.post(P.password, { json: { oldPassword: m.password, newPassword: 'new-Secret-2025' } }),
      Code.NOT_SIGNED_IN,
    );
  });
});

describe('signed-in sessions', () => {
  it('lists own live sessions with device, client type, masked IP and the current flag', async () => {
    const m = await member();
    const phone = await signIn(m, SAFARI_IPHONE);
    const laptop = await signIn(m, CHROME_LINUX);
    const res = await server.api.get(P.sessions, { token: laptop.accessToken });
    expectEnvelope(res);
    expect(res.code).toBe(0);
    expect(res.data).toHaveLength(3);
    expect(res.data[0]).toEqual({
      id: expect.any(String),
      clientType: 'PC_BROWSER',
      clientTypeName: '电脑浏览器',
      device: 'Chrome · Linux',
      ip: '127.0.*.*',
      createdAt: expect.any(String),
      lastActiveAt: expect.any(String),
      current: true,
    });
    expect(res.data.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(
      res.data.map((s: { device: string; clientTypeName: string }) => [s.device, s.clientTypeName]),
    ).toContainEqual(['Safari · iPhone', '手机浏览器']);
    expect(JSON.stringify(res.data)).not.toContain('127.0.0.1');
    // Another member sees only their own.
    const other = await member();
    expect((await server.api.get(P.sessions, { token: other.accessToken })).data).toHaveLength(1);
    void phone;
  });

  it("signs one device out, only one of the member's own", async () => {
    const m = await member();
    const phone = await signIn(m, SAFARI_IPHONE);
    const laptop = await signIn(m);
    const list = (await server.api.get(P.sessions, { token: laptop.accessToken })).data as {
      id: string;
      device: string;
      current: boolean;
    }[];
    const phoneSession = list.find((s) => s.device === 'Safari · iPhone')!;
    const current = list.find((s) => s.current)!;

    const stranger = await member();
    const strangerBefore = await memberState(server, m.id);
    expectRefusal(
      await server.api.post(P.revoke, { token: stranger.accessToken, json: { sessionId: phoneSession.id } }),
      Code.NOT_FOUND,
    );
    expect(await memberState(server, m.id)).toEqual(strangerBefore);
    expect((await me(phone.accessToken)).code).toBe(0);

    const refusedCurrent = await server.api.post(P.revoke, {
      token: laptop.accessToken,
      json: { sessionId: current.id },
    });
    expectRefusal(refusedCurrent, Code.BAD_REQUEST);
    for (const sessionId of [undefined, ...Object.values(HOSTILE), 'x', '00000000-0000-0000-0000-000000000000']) {
      const res = await server.api.post(P.revoke, { token: laptop.accessToken, json: { sessionId } });
      expect(res.code).not.toBe(0);
      expectEnvelope(res);
    }
    expect(await memberState(server, m.id)).toEqual(strangerBefore);

    const res = await server.api.post(P.revoke, { token: laptop.accessToken, json: { sessionId: phoneSession.id } });
    expect(res).toMatchObject({ code: 0, message: '该设备已退出登录' });
    expectRefusal(await me(phone.accessToken), Code.SESSION_OVER);
    expect((await me(laptop.accessToken)).code).toBe(0);
    expect((await me(m.accessToken)).code).toBe(0);
    expectRefusal(
      await server.api.post(P.revoke, { token: laptop.accessToken, json: { sessionId: phoneSession.id } }),
      Code.NOT_FOUND,
    );
  });

  it('signs every other device out at once', async () => {
    const m = await member();
    const a = await signIn(m);
    const b = await signIn(m, SAFARI_IPHONE);
    const res = await server.api.post(P.revokeOthers, { token: a.accessToken });
    expect(res).toMatchObject({ code: 0, data: { revoked: 2 }, message: '已退出其他 2 个设备' });
    expectRefusal(await me(b.accessToken), Code.SESSION_OVER);
    expectRefusal(await me(m.accessToken), Code.SESSION_OVER);
    expect((await me(a.accessToken)).code).toBe(0);
    expect((await server.api.get(P.sessions, { token: a.accessToken })).data).toHaveLength(1);
    expect((await server.api.post(P.revokeOthers, { token: a.accessToken })).data).toEqual({ revoked: 0 });
  });
});

describe('security level', () => {
  it('rates 中 with password and mobile, 高 once a real-name record exists, 低 without a password', async () => {
    const m = await member();
    const mid = await server.api.get(P.summary, { token: m.accessToken });
    expectEnvelope(mid);
    expect(mid.data).toMatchObject({ level: '中', score: 2, sessionCount: 1 });
    expect(mid.data.items.map((i: { key: string; done: boolean }) => [i.key, i.done])).toEqual([
      ['password', true],
      ['mobile', true],
      ['realName', false],
    ]);
    expect(mid.data.advice).toEqual(['添加实名信息，购买跨境商品时可直接选用']);
    await server.api.post('/member/user/realName/add', {
      token: m.accessToken,
      json: { name: '张三', idNumber: idNumber() },
    });
    const high = await server.api.get(P.summary, { token: m.accessToken });
    expect(high.data).toMatchObject({ level: '高', score: 3, advice: [] });

    const fresh = await smsSignIn(server.api);
    const low = await server.api.get(P.summary, { token: fresh.accessToken });
    expect(low.data).toMatchObject({ level: '低', score: 1 });
    expect(low.data.advice).toContain('设置登录密码，便于用户名密码登录');
  });
});
