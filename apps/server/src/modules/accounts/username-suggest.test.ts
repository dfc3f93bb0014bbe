/**
 * GET /member/user/auth/username/suggest: a free username to prefill when a member who signed up by SMS
 * completes the account. From the mobile's tail, or from `base` (what the buyer typed); never a name
 * another member holds (letter case ignored); refused to visitors and to members already registered;
 * bad `base` refused with a Chinese message naming the field, changing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code, USERNAME_PATTERN } from '@mall/shared';
import {
  registeredMember,
  smsSignIn,
  startTestServer,
  type TestServer,
  PATHS,
  accountCounts,
  expectEnvelope,
  expectRefusal,
} from '../../test/kit/index.ts';
import { usernameCandidates, usernameStem } from './username-suggest.ts';

const SUGGEST = '/member/user/auth/username/suggest';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const suggest = (token: string | undefined, query?: Record<string, string>) => server.api.get<{ username: string }>(SUGGEST, { token, query });
const complete = (token: string, username: string) =>
  server.api.post(PATHS.registerAndLogin, { token, form: { username, password: 'violet-harbour-88', clientType: 'PC_BROWSER' } });

describe('the stem and the candidates (pure)', () => {
  it.each([
    [undefined, '13912345678', 'buyer5678'],
    ['Harbour', '13912345678', 'Harbour'],
    ['2026_sea', '13912345678', 'sea5678'],
    ['ab', '13912345678', 'ab5678'],
    ['123', '13912345678', 'buyer5678'],
    ['a'.repeat(20), '13912345678', 'a'.repeat(16)],
    [undefined, null, 'buyer'],
  ])('base %j, mobile %j → %s', (base, mobile, stem) => {
    expect(usernameStem(base, mobile)).toBe(stem);
  });

  it('tries the stem first, then longer random suffixes, every one a valid username', () => {
    let n = 0;
    const names = usernameCandidates('buyer5678', (digits) => String(++n).padStart(digits, '0'));
    expect(names[0]).toBe('buyer5678');
    expect(names).toHaveLength(10);
    for (const name of names) expect(name).toMatch(USERNAME_PATTERN);
  });
});

describe('suggesting a username', () => {
  it('answers a free name from the mobile tail, and it completes the account', async () => {
    const start = await smsSignIn(server.api);
    const res = await suggest(start.accessToken);
    expectEnvelope(res);
    expect(res).toMatchObject({ status: 200, code: 0 });
    const { username } = res.data;
    expect(username).toMatch(USERNAME_PATTERN);
    expect(username.startsWith(`buyer${start.mobile.slice(-4)}`)).toBe(true);
    expect((await complete(start.accessToken, username)).code).toBe(0);
  });

  it('never suggests a name held by another member, whatever its letter case', async () => {
    const first = await smsSignIn(server.api);
    const taken = (await suggest(first.accessToken)).data.username;
    expect((await complete(first.accessToken, taken.toUpperCase())).code).toBe(0);
    // A second member with the same tail (the test mobiles share their last digits only by chance): base it on the taken name.
    const second = await smsSignIn(server.api);
    const res = await suggest(second.accessToken, { base: taken });
    expect(res.code).toBe(0);
    expect(res.data.username.toLowerCase()).not.toBe(taken.toLowerCase());
    expect(res.data.username.toLowerCase().startsWith(taken.toLowerCase())).toBe(true);
    expect((await complete(second.accessToken, res.data.username)).code).toBe(0);
  });

  it('keeps a typed name that is free, and ignores a blank one', async () => {
    const start = await smsSignIn(server.api);
    const free = `Typed${process.pid}free`;
    expect((await suggest(start.accessToken, { base: free })).data.username).toBe(free);
    expect((await suggest(start.accessToken, { base: '   ' })).data.username).toMatch(/^buyer\d{4}/);
  });

  it('is refused without a token (106) and to a member already registered', async () => {
    expectRefusal(await suggest(undefined), Code.NOT_SIGNED_IN);
    const member = await registeredMember(server.api);
    expectRefusal(await suggest(member.accessToken), Code.ALREADY_REGISTERED);
  });

  const BAD: [string, string, RegExp][] = [
    ['oversized (21 characters)', 'a'.repeat(21), /用户名不能超过 20 个字符/],
    ['10 kB', 'a'.repeat(10 * 1024), /用户名不能超过 20 个字符/],
    ['Chinese characters', '小紫买家', /用户名只能包含字母、数字或下划线/],
    ['emoji', 'shop😀', /用户名只能包含字母、数字或下划线/],
    ['SQL-shaped', "' OR 1=1 --", /用户名只能包含字母、数字或下划线/],
    ['script-shaped', '<script>', /用户名只能包含字母、数字或下划线/],
    ['NUL', 'ab\u0000cd', /用户名只能包含字母、数字或下划线/],
  ];
  it.each(BAD)('refuses a base that is %s with a Chinese message naming the field', async (_case, base, message) => {
    const start = await smsSignIn(server.api);
    const before = await accountCounts(server);
    const res = await suggest(start.accessToken, { base });
    expectRefusal(res, Code.BAD_REQUEST);
    expect(res.message).toMatch(message);
    expect(await accountCounts(server)).toEqual(before);
  });

  it('refuses a base of the wrong type (a repeated key reads as a list) with a Chinese message', async () => {
    const start = await smsSignIn(server.api);
    const res = await server.api.get(`${SUGGEST}?base=ab&base=cd`, { token: start.accessToken });
    expectRefusal(res, Code.BAD_REQUEST);
    expect(res.message).toBe('用户名格式不正确');
    // A bracketed key is another key, not an object: ignored, the suggestion comes from the mobile.
    const bracketed = await server.api.get<{ username: string }>(`${SUGGEST}?base[$ne]=x`, { token: start.accessToken });
    expect(bracketed.code).toBe(0);
    expect(bracketed.data.username).toMatch(/^buyer\d{4}/);
  });
});
