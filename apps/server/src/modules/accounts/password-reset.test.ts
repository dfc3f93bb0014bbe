/**
 * 忘记密码 over HTTP: a code to the bound mobile (the sign-in codes' limits, counted together), the
 * new password under the usual rules, every session signed out; and bad input of every kind refused
 * in Chinese with nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@mall/shared';
import {
  accountCounts,
  ageCodes,
  current,
  expectRefusal,
  lastSmsCode,
  newMobile,
  otherCode,
  PATHS,
  query,
  registeredMember,
  sendCode,
  smsLogin,
  startTestServer,
  type CallOptions,
  type TestServer,
} from '../../test/kit/index.ts';

const SEND = '/member/user/auth/resetPassword/sendCode';
const RESET = '/member/user/auth/resetPassword';
const NEW_PASSWORD = 'Autumn#Maple2026';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const sendReset = (mobile: string) => server.api.post(SEND, { json: { mobileNumber: mobile } });
const reset = (body: unknown) => server.api.post(RESET, { json: body });
const login = (username: string, password: string) =>
  server.api.post(PATHS.loginPw, { form: { username, password, clientType: 'PC_BROWSER' } });
const outbox = async (mobile: string) =>
  (await server.api.get<{ content: string }[]>('/dev/sms-outbox', { query: { mobileNumber: mobile } })).data;

describe('忘记密码', () => {
  it('resets by a code to the bound mobile and signs every session out', async () => {
    const member = await registeredMember(server.api);
    const second = await login(member.username, member.password);
    expect(second.code).toBe(0);
    await ageCodes(server, member.mobile);

    const sent = await sendReset(member.mobile);
    expect(sent).toMatchObject({ code: 0, message: '如该手机号已注册，验证码已发送，5 分钟内有效' });
    expect((await outbox(member.mobile))[0]!.content).toMatch(/重置登录密码，验证码 \d{6}，5 分钟内有效/);
    const code = await lastSmsCode(server.api, member.mobile);
    expect(JSON.stringify(sent)).not.toContain(code);

    const done = await reset({ mobileNumber: member.mobile, code, newPassword: NEW_PASSWORD });
    expect(done).toMatchObject({ code: 0, message: '密码已重置，请使用新密码登录', data: { signedOutSessions: 2 } });
    expectRefusal(await current(server.api, member.accessToken), Code.SESSION_OVER);
    expectRefusal(await current(server.api, second.data.accessToken), Code.SESSION_OVER);
    expectRefusal(await server.api.post(PATHS.refresh, { form: { refreshToken: member.refreshToken } }), Code.SESSION_OVER);
    expectRefusal(await login(member.username, member.password), Code.BAD_CREDENTIALS);
    expect((await login(member.username, NEW_PASSWORD)).code).toBe(0);
    expect((await login(member.mobile, NEW_PASSWORD)).code).toBe(0);

    // single use
    expectRefusal(await reset({ mobileNumber: member.mobile, code, newPassword: 'Other#Password9' }), Code.SMS_CODE_EXPIRED);
  });

  it('lifts the sign-in lockout of the account', async () => {
    const member = await registeredMember(server.api);
    for (let i = 0; i < 5; i++) await login(member.username, 'wrong-password');
    expectRefusal(await login(member.username, member.password), Code.ACCOUNT_LOCKED);
    await ageCodes(server, member.mobile);
    await sendReset(member.mobile);
    const code = await lastSmsCode(server.api, member.mobile);
    expect((await reset({ mobileNumber: member.mobile, code, newPassword: NEW_PASSWORD })).code).toBe(0);
    expect((await login(member.username, NEW_PASSWORD)).code).toBe(0);
  });

  it('answers the same for a number nobody holds, sends nothing, and no code works', async () => {
    const mobile = newMobile();
    const sent = await sendReset(mobile);
    expect(sent).toMatchObject({ code: 0, message: '如该手机号已注册，验证码已发送，5 分钟内有效' });
    expect(await outbox(mobile)).toHaveLength(0);
    const before = await accountCounts(server);
    expectRefusal(await reset({ mobileNumber: mobile, code: '123456', newPassword: NEW_PASSWORD }), Code.WRONG_SMS_CODE);
    // counted like any other code: the resend interval holds
    expectRefusal(await sendReset(mobile), Code.SMS_SEND_LIMIT);
    expect((await accountCounts(server)).members).toBe(before.members);
  });

  it('shares the sign-in codes’ limits: 60 s between any two codes of a number, 10 a day', async () => {
    const member = await registeredMember(server.api); // one sign-in code already sent
    await ageCodes(server, member.mobile);
    expect((await sendReset(member.mobile)).code).toBe(0);
    const again = await sendCode(server.api, member.mobile);
    expectRefusal(again, Code.SMS_SEND_LIMIT);
    expect(again.message).toMatch(/请 \d+ 秒后再试/);
    for (let i = 2; i < 10; i++) {
      await ageCodes(server, member.mobile);
      expect((await (i % 2 ? sendCode(server.api, member.mobile) : sendReset(member.mobile))).code).toBe(0);
    }
    await ageCodes(server, member.mobile);
    const eleventh = await sendReset(member.mobile);
    expectRefusal(eleventh, Code.SMS_SEND_LIMIT);
    expect(eleventh.message).toContain('今日获取验证码次数已达上限');
  });

  it('keeps sign-in and reset codes apart', async () => {
    const member = await registeredMember(server.api);
    await ageCodes(server, member.mobile);
    await sendReset(member.mobile);
    const resetCode = await lastSmsCode(server.api, member.mobile);
    // a reset code never signs in...
    expectRefusal(await smsLogin(server.api, member.mobile, resetCode), Code.SMS_CODE_EXPIRED);
    await ageCodes(server, member.mobile);
    await sendCode(server.api, member.mobile);
    const loginCode = await lastSmsCode(server.api, member.mobile);
    // ...a sign-in code never resets, and a pending sign-in code does not burn the reset code
    expectRefusal(await reset({ mobileNumber: member.mobile, code: loginCode, newPassword: NEW_PASSWORD }), Code.WRONG_SMS_CODE);
    expect((await reset({ mobileNumber: member.mobile, code: resetCode, newPassword: NEW_PASSWORD })).code).toBe(0);
    expect((await smsLogin(server.api, member.mobile, loginCode)).code).toBe(0);
  });

  it('burns the code after 5 wrong tries; a weak password uses no try and changes nothing', async () => {
    const member = await registeredMember(server.api);
    await ageCodes(server, member.mobile);
    await sendReset(member.mobile);
    const code = await lastSmsCode(server.api, member.mobile);
    const hashBefore = await query(server, sql`SELECT password_hash FROM members WHERE mobile = ${member.mobile}`);

    for (const weak of ['password', '1234567', 'aaaaaaaaaa', 'x'.repeat(65)]) {
      const res = await reset({ mobileNumber: member.mobile, code, newPassword: weak });
      expectRefusal(res, Code.WEAK_PASSWORD);
    }
    const tries = await query<{ attempts: number }>(
      server,
      sql`SELECT attempts FROM sms_codes WHERE mobile = ${member.mobile} AND purpose = 'resetPassword' AND used_at IS NULL`,
    );
    expect(tries.map((t) => t.attempts)).toEqual([0]);

    for (let i = 0; i < 5; i++) {
      expectRefusal(await reset({ mobileNumber: member.mobile, code: otherCode(code), newPassword: NEW_PASSWORD }), Code.WRONG_SMS_CODE);
    }
    expectRefusal(await reset({ mobileNumber: member.mobile, code, newPassword: NEW_PASSWORD }), Code.SMS_CODE_EXPIRED);
    expect(await query(server, sql`SELECT password_hash FROM members WHERE mobile = ${member.mobile}`)).toEqual(hashBefore);
    expect((await current(server.api, member.accessToken)).code).toBe(0);
  });

  it('refuses an expired code', async () => {
    const member = await registeredMember(server.api);
    await ageCodes(server, member.mobile);
    await sendReset(member.mobile);
    const code = await lastSmsCode(server.api, member.mobile);
    await ageCodes(server, member.mobile, 301);
    expectRefusal(await reset({ mobileNumber: member.mobile, code, newPassword: NEW_PASSWORD }), Code.SMS_CODE_EXPIRED);
  });
});

describe('忘记密码: bad input', () => {
  const BIG = 'a'.repeat(10 * 1024);
  const json = (j: unknown): CallOptions => ({ json: j });
  type Row = [string, CallOptions, RegExp];

  const sendRows: Row[] = [
    ['no body', {}, /手机号/],
    ['mobile missing', json({}), /手机号/],
    ['mobile a number', json({ mobileNumber: 13800138000 }), /手机号/],
    ['mobile an array', json({ mobileNumber: ['13800138000', '13900139000'] }), /手机号/],
    ['mobile an object', json({ mobileNumber: { $ne: null } }), /手机号/],
    ['mobile 10 kB', json({ mobileNumber: BIG }), /手机号/],
    ['mobile negative', json({ mobileNumber: '-13800138000' }), /手机号/],
    ['mobile out of range', json({ mobileNumber: '12800138000' }), /手机号/],
    ['mobile full-width digits', json({ mobileNumber: '１３８００１３８０００' }), /手机号/],
    ['mobile SQL-shaped', json({ mobileNumber: "1' OR '1'='1" }), /手机号/],
    ['mobile with NUL', json({ mobileNumber: '1380013\u00008000' }), /手机号/],
  ];

  it.each(sendRows)('sending: %s', async (_name, options, names) => {
    const before = await accountCounts(server);
    const res = await server.api.post(SEND, options);
    expectRefusal(res, Code.BAD_REQUEST);
    expect(res.message).toMatch(names);
    expect(await accountCounts(server)).toEqual(before);
  });

  const good = { mobileNumber: '13800138000', code: '123456', newPassword: NEW_PASSWORD };
  const resetRows: Row[] = [
    ['no body', {}, /手机号/],
    ['code missing', json({ ...good, code: undefined }), /验证码/],
    ['code 5 digits', json({ ...good, code: '12345' }), /验证码/],
    ['code a number', json({ ...good, code: 123456 }), /验证码/],
    ['code negative', json({ ...good, code: '-12345' }), /验证码/],
    ['code letters', json({ ...good, code: 'abcdef' }), /验证码/],
    ['code SQL-shaped', json({ ...good, code: "' OR 1=1 --" }), /验证码/],
    ['code full-width digits', json({ ...good, code: '１２３４５６' }), /验证码/],
    ['new password missing', json({ ...good, newPassword: undefined }), /新密码/],
    ['new password a number', json({ ...good, newPassword: 12345678 }), /新密码/],
    ['new password an array', json({ ...good, newPassword: ['a', 'b'] }), /新密码/],
    ['new password 10 kB', json({ ...good, newPassword: BIG }), /新密码/],
    ['mobile script-shaped', json({ ...good, mobileNumber: '<script>alert(1)</script>' }), /手机号/],
  ];

  it.each(resetRows)('resetting: %s', async (_name, options, names) => {
    const before = await accountCounts(server);
    const hashes = await query(server, sql`SELECT id, password_hash FROM members ORDER BY id`);
    const res = await server.api.post(RESET, options);
    expectRefusal(res, Code.BAD_REQUEST);
    expect(res.message).toMatch(names);
    expect(await accountCounts(server)).toEqual(before);
    expect(await query(server, sql`SELECT id, password_hash FROM members ORDER BY id`)).toEqual(hashes);
  });

  it('an emoji or Chinese password of 8+ characters is allowed (no composition rules)', async () => {
    const member = await registeredMember(server.api);
    await ageCodes(server, member.mobile);
    await sendReset(member.mobile);
    const code = await lastSmsCode(server.api, member.mobile);
    const unicode = '秋天的枫叶🍁很红';
    expect((await reset({ mobileNumber: member.mobile, code, newPassword: unicode })).code).toBe(0);
    expect((await login(member.username, unicode)).code).toBe(0);
  });
});
