/**
 * Bad input of every kind on every auth endpoint, table-driven: missing fields, wrong types, arrays
 * and objects where a string belongs, 10 kB strings, odd numbers, SQL- and script-shaped values,
 * emoji, other Unicode, NUL. Each is a business refusal (HTTP 200) with a Chinese message naming the
 * field, and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@mall/shared';
import {
  registeredMember,
  smsSignIn,
  startTestServer,
  type CallOptions,
  type TestServer,
  CHINESE,
  PATHS,
  accountCounts,
  current,
  query,
} from '../../test/kit/index.ts';

let server: TestServer;
let member: Awaited<ReturnType<typeof registeredMember>>;
let visitorToken: string; // an SMS-only member (no roles): the token that completing an account needs

beforeAll(async () => {
  server = await startTestServer();
  member = await registeredMember(server.api);
  visitorToken = (await smsSignIn(server.api)).accessToken;
});
afterAll(() => server?.close());

const BIG = 'a'.repeat(10 * 1024);
const SQL_SHAPED = "' OR 1=1 --";
const SCRIPT = '<script>alert(1)</script>';
const EMOJI = '😀🛒买家';
const form = (f: Record<string, unknown>): CallOptions => ({ form: f });
const json = (j: unknown): CallOptions => ({ json: j });
const raw = (body: string): CallOptions => ({
  rawBody: body,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** [case, call options, expected code, what the message must name (when a field is at fault)] */
type Row = [string, CallOptions, number, RegExp | null];

const loginRows: Row[] = [
  ['no body at all', {}, Code.BAD_REQUEST, /用户名/],
  ['JSON null', json(null), Code.BAD_REQUEST, /用户名/],
  ['JSON array as the body', json(['demo', 'password']), Code.BAD_REQUEST, null],
  ['JSON string as the body', json('demo'), Code.BAD_REQUEST, null],
  ['no password', form({ username: 'demo' }), Code.BAD_REQUEST, /密码/],
  ['empty username', form({ username: '   ', password: 'x-password' }), Code.BAD_REQUEST, /用户名/],
  ['username a number', json({ username: 12345678, password: 'x-password' }), Code.BAD_REQUEST, /用户名/],
  ['username an object', json({ username: { $ne: null }, password: 'x-password' }), Code.BAD_REQUEST, /用户名/],
  ['username repeated (array)', form({ username: ['a', 'b'], password: 'x-password' }), Code.BAD_REQUEST, /用户名/],
  ['username as form object', raw('username[$ne]=x&password=x-password'), Code.BAD_REQUEST, /用户名/],
  ['username 10 kB', form({ username: BIG, password: 'x-password' }), Code.BAD_REQUEST, /用户名/],
  ['username with NUL', form({ username: 'ab\u0000cd', password: 'x-password' }), Code.BAD_REQUEST, /用户名/],
  ['password a number', json({ username: 'demo', password: 12345678 }), Code.BAD_REQUEST, /密码/],
  [
    'password repeated (array)',
    form({ username: 'demo', password: ['a-password', 'b-password'] }),
    Code.BAD_REQUEST,
    /密码/,
  ],
  ['password 10 kB', form({ username: 'demo', password: BIG }), Code.BAD_REQUEST, /密码/],
  [
    'remember not a flag',
    form({ username: 'demo', password: 'x-password', remember: '-1' }),
    Code.BAD_REQUEST,
    /记住登录/,
  ],
  [
    'remember an object',
    json({ username: 'demo', password: 'x-password', remember: { a: 1 } }),
    Code.BAD_REQUEST,
    /记住登录/,
  ],
  [
    'clientType unknown',
    form({ username: 'demo', password: 'x-password', clientType: 'HACKER' }),
    Code.BAD_REQUEST,
    /客户端类型/,
  ],
  [
    'clientType a huge number',
    json({ username: 'demo', password: 'x-password', clientType: 1e308 }),
    Code.BAD_REQUEST,
    /客户端类型/,
  ],
  // well-formed strings: they reach the credential check and are refused like any wrong password
  ['SQL-shaped username', form({ username: SQL_SHAPED, password: 'x-password' }), Code.BAD_CREDENTIALS, null],
  ['script-shaped username', form({ username: SCRIPT, password: 'x-password' }), Code.BAD_CREDENTIALS, null],
  ['emoji username', form({ username: EMOJI, password: 'x-password' }), Code.BAD_CREDENTIALS, null],
  ['full-width username', form({ username: 'ｄｅｍｏ', password: 'x-password' }), Code.BAD_CREDENTIALS, null],
];

const sendRows: Row[] = [
  ['no body at all', {}, Code.BAD_REQUEST, /手机号/],
  ['mobile a number', json({ mobileNumber: 13800138000 }), Code.BAD_REQUEST, /手机号/],
  ['mobile an object', json({ mobileNumber: { a: '13800138000' } }), Code.BAD_REQUEST, /手机号/],
  ['mobile repeated (array)', form({ mobileNumber: ['13800138000', '13900139000'] }), Code.BAD_REQUEST, /手机号/],
  ['mobile 10 kB', form({ mobileNumber: BIG }), Code.BAD_REQUEST, /手机号/],
  ['mobile negative', form({ mobileNumber: '-13800138000' }), Code.BAD_REQUEST, /手机号/],
  ['mobile too short', form({ mobileNumber: '1380013800' }), Code.BAD_REQUEST, /手机号/],
  ['mobile 12 digits', form({ mobileNumber: '138001380001' }), Code.BAD_REQUEST, /手机号/],
  ['mobile not Chinese mainland', form({ mobileNumber: '12800138000' }), Code.BAD_REQUEST, /手机号/],
  ['mobile SQL-shaped', form({ mobileNumber: `13800138000${SQL_SHAPED}` }), Code.BAD_REQUEST, /手机号/],
  ['mobile script-shaped', form({ mobileNumber: SCRIPT }), Code.BAD_REQUEST, /手机号/],
  ['mobile emoji', form({ mobileNumber: '1380013800😀' }), Code.BAD_REQUEST, /手机号/],
  ['mobile full-width digits', form({ mobileNumber: '１３８００１３８０００' }), Code.BAD_REQUEST, /手机号/],
  ['mobile with NUL', form({ mobileNumber: '1380013\u00008000' }), Code.BAD_REQUEST, /手机号/],
];

const smsLoginRows: Row[] = [
  ['no body at all', {}, Code.BAD_REQUEST, /手机号/],
  [
    'no code',
    form({ mobileNumber: '13800138000', code: undefined, clientType: 'PC_BROWSER' }),
    Code.BAD_REQUEST,
    /手机号|验证码/,
  ],
  ['code missing, mobile given', json({ mobileNumber: '13800138000', code: null }), Code.BAD_REQUEST, /验证码/],
  ['code 5 digits', form({ mobileNumber: '13800138000', code: '12345' }), Code.BAD_REQUEST, /验证码/],
  ['code letters', form({ mobileNumber: '13800138000', code: 'abcdef' }), Code.BAD_REQUEST, /验证码/],
  ['code a number', json({ mobileNumber: '13800138000', code: 123456 }), Code.BAD_REQUEST, /验证码/],
  ['code negative', form({ mobileNumber: '13800138000', code: '-12345' }), Code.BAD_REQUEST, /验证码/],
  [
    'code repeated (array)',
    form({ mobileNumber: '13800138000', code: ['123456', '654321'] }),
    Code.BAD_REQUEST,
    /验证码/,
  ],
  ['code 10 kB', form({ mobileNumber: '13800138000', code: BIG }), Code.BAD_REQUEST, /验证码/],
  ['code SQL-shaped', form({ mobileNumber: '13800138000', code: SQL_SHAPED }), Code.BAD_REQUEST, /验证码/],
  ['code full-width digits', form({ mobileNumber: '13800138000', code: '１２３４５６' }), Code.BAD_REQUEST, /验证码/],
  ['mobile script-shaped', form({ mobileNumber: SCRIPT, code: '123456' }), Code.BAD_REQUEST, /手机号/],
  ['mobile emoji', form({ mobileNumber: EMOJI, code: '123456' }), Code.BAD_REQUEST, /手机号/],
  [
    'remember odd',
    form({ mobileNumber: '13800138000', code: '123456', remember: 'sometimes' }),
    Code.BAD_REQUEST,
    /记住登录/,
  ],
];

const completeRows: Row[] = [
  ['no fields', {}, Code.BAD_REQUEST, /用户名/],
  ['no password', form({ username: 'goodName1' }), Code.BAD_REQUEST, /密码/],
  ['username a number', json({ username: 12345, password: 'good-password-1' }), Code.BAD_REQUEST, /用户名/],
  ['username an object', json({ username: { a: 1 }, password: 'good-password-1' }), Code.BAD_REQUEST, /用户名/],
  [
    'username repeated (array)',
    form({ username: ['goodName1', 'goodName2'], password: 'good-password-1' }),
    Code.BAD_REQUEST,
    /用户名/,
  ],
  ['username 10 kB', form({ username: BIG, password: 'good-password-1' }), Code.BAD_REQUEST, /用户名/],
  ['username too short', form({ username: 'abc', password: 'good-password-1' }), Code.BAD_REQUEST, /用户名/],
  [
    'username starting with a digit',
    form({ username: '1abcd', password: 'good-password-1' }),
    Code.BAD_REQUEST,
    /用户名/,
  ],
  [
    'username SQL-shaped',
    form({ username: `admin${SQL_SHAPED}`, password: 'good-password-1' }),
    Code.BAD_REQUEST,
    /用户名/,
  ],
  ['username script-shaped', form({ username: SCRIPT, password: 'good-password-1' }), Code.BAD_REQUEST, /用户名/],
  ['username emoji', form({ username: `abc${EMOJI}`, password: 'good-password-1' }), Code.BAD_REQUEST, /用户名/],
  ['username Chinese', form({ username: '张三丰丰', password: 'good-password-1' }), Code.BAD_REQUEST, /用户名/],
  ['password a number', json({ username: 'goodName1', password: 123456789 }), Code.BAD_REQUEST, /密码/],
  [
    'password repeated (array)',
    form({ username: 'goodName1', password: ['good-password-1', 'x'] }),
    Code.BAD_REQUEST,
    /密码/,
  ],
  ['password an object', json({ username: 'goodName1', password: { a: 'good-password-1' } }), Code.BAD_REQUEST, /密码/],
  ['password 10 kB', form({ username: 'goodName1', password: BIG }), Code.BAD_REQUEST, /密码/],
  [
    'nickname 10 kB',
    form({ username: 'goodName1', password: 'good-password-1', nickname: BIG }),
    Code.BAD_REQUEST,
    /昵称/,
  ],
  [
    'nickname repeated (array)',
    form({ username: 'goodName1', password: 'good-password-1', nickname: ['a', 'b'] }),
    Code.BAD_REQUEST,
    /昵称/,
  ],
  [
    'nickname with NUL',
    form({ username: 'goodName1', password: 'good-password-1', nickname: 'a\u0000b' }),
    Code.BAD_REQUEST,
    /昵称/,
  ],
  [
    'invitation code script-shaped',
    form({ username: 'goodName1', password: 'good-password-1', invitationCode: SCRIPT }),
    Code.BAD_REQUEST,
    /邀请码/,
  ],
  [
    'invitation code SQL-shaped',
    form({ username: 'goodName1', password: 'good-password-1', invitationCode: SQL_SHAPED }),
    Code.BAD_REQUEST,
    /邀请码/,
  ],
  [
    'invitation code a number',
    json({ username: 'goodName1', password: 'good-password-1', invitationCode: -1 }),
    Code.BAD_REQUEST,
    /邀请码/,
  ],
  [
    'clientType unknown',
    form({ username: 'goodName1', password: 'good-password-1', clientType: 'x' }),
    Code.BAD_REQUEST,
    /客户端类型/,
  ],
];

const refreshRows: Row[] = [
  ['no body at all', {}, Code.BAD_REQUEST, /刷新令牌/],
  ['token a number', json({ refreshToken: 12345 }), Code.BAD_REQUEST, /刷新令牌/],
  ['token an object', json({ refreshToken: { a: 1 } }), Code.BAD_REQUEST, /刷新令牌/],
  ['token repeated (array)', form({ refreshToken: ['a', 'b'] }), Code.BAD_REQUEST, /刷新令牌/],
  ['token 10 kB', form({ refreshToken: BIG }), Code.BAD_REQUEST, /刷新令牌/],
  // well-formed strings that name no session
  ['token SQL-shaped', form({ refreshToken: SQL_SHAPED }), Code.SESSION_OVER, null],
  ['token script-shaped', form({ refreshToken: SCRIPT }), Code.SESSION_OVER, null],
  ['token emoji', form({ refreshToken: EMOJI }), Code.SESSION_OVER, null],
];

const tokenRows: [string, string][] = [
  ['10 kB of garbage', BIG],
  ['SQL-shaped', SQL_SHAPED],
  ['script-shaped', SCRIPT],
  ['emoji (percent-encoded by no one)', encodeURIComponent(EMOJI)],
];

let before: Awaited<ReturnType<typeof accountCounts>>;
let failuresBefore: number;
beforeAll(async () => {
  before = await accountCounts(server);
  failuresBefore = await loginFailures();
});
async function loginFailures() {
  const [row] = await query<{ n: number }>(server, sql`SELECT count(*) AS n FROM login_failures`);
  return Number(row!.n);
}

function expectRow(
  res: { status: number; code: number; message: string; success: boolean },
  code: number,
  field: RegExp | null,
) {
  expect(res.status).toBe(200);
  expect(res.code).toBe(code);
  expect(res.success).toBe(false);
  expect(res.message).toMatch(CHINESE);
  if (field) expect(res.message).toMatch(field);
}

describe('bad input on every auth endpoint', () => {
  it.each(loginRows)('login/pw: %s', async (_name, opts, code, field) => {
    expectRow(await server.api.post(PATHS.loginPw, opts), code, field);
  });

  it('login/pw: SQL- and script-shaped passwords do not sign a real member in', async () => {
    for (const password of ["' OR '1'='1", SCRIPT]) {
      expectRow(
        await server.api.post(PATHS.loginPw, form({ username: member.username, password })),
        Code.BAD_CREDENTIALS,
        null,
      );
    }
  });

  it.each(sendRows)('verificationCode: %s', async (_name, opts, code, field) => {
    expectRow(await server.api.post(PATHS.sendCode, opts), code, field);
  });

  it.each(smsLoginRows)('registerAndLogin by SMS: %s', async (_name, opts, code, field) => {
    expectRow(await server.api.post(PATHS.registerAndLogin, opts), code, field);
  });

  it.each(completeRows)('registerAndLogin completing the account: %s', async (_name, opts, code, field) => {
    expectRow(await server.api.post(PATHS.registerAndLogin, { ...opts, token: visitorToken }), code, field);
  });

  it.each(refreshRows)('refresh: %s', async (_name, opts, code, field) => {
    expectRow(await server.api.post(PATHS.refresh, opts), code, field);
  });

  it.each(tokenRows)('user/current with a token that is %s', async (_name, token) => {
    expectRow(await server.api.get(PATHS.current, { headers: { Authorization: token } }), Code.SESSION_OVER, null);
  });

  it('changed nothing: no member, session or code made, and the visitor still has no roles', async () => {
    expect(await accountCounts(server)).toEqual(before);
    expect((await current(server.api, visitorToken)).data).toMatchObject({ roles: [], username: null });
    // only the well-formed wrong credentials were counted as failed tries
    expect((await loginFailures()) - failuresBefore).toBe(
      loginRows.filter((r) => r[2] === Code.BAD_CREDENTIALS).length + 2,
    );
  });
});
