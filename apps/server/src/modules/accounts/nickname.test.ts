/**
 * One nickname rule (accounts.schema `nickname`) for completing an account and for editing the
 * profile: what one refuses the other refuses with the same message, and neither stores it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { smsSignIn, startTestServer, type TestServer, PATHS, current } from '../../test/kit/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

let counter = 0;
const username = () => `Nick${process.pid % 1000}_${++counter}`;

/** Completes a fresh SMS member's account with this nickname. */
async function register(nickname: string) {
  const { accessToken } = await smsSignIn(server.api);
  const res = await server.api.post(PATHS.registerAndLogin, {
    token: accessToken,
    form: { username: username(), password: 'Nickname-Pass-7', nickname, clientType: 'PC_BROWSER' },
  });
  return { res, accessToken };
}

/** A registered member edits the profile with this nickname. */
async function editProfile(nickname: string) {
  const { res: registered } = await register('起始昵称');
  const token = registered.data.accessToken as string;
  const res = await server.api.post('/member/user/profile/update', { token, json: { nickname } });
  return { res, token };
}

const REFUSED: [string, string][] = [
  ['<svg/onload=alert()>', '昵称只能包含文字、数字、下划线、连字符和点'],
  ['<b>小紫</b>', '昵称只能包含文字、数字、下划线、连字符和点'],
  ['"小紫"', '昵称只能包含文字、数字、下划线、连字符和点'],
  ['小紫😀', '昵称只能包含文字、数字、下划线、连字符和点'],
  ["x' OR '1'='1", '昵称只能包含文字、数字、下划线、连字符和点'],
  ['紫'.repeat(21), '昵称不能超过 20 个字符'],
];

describe('the nickname rule', () => {
  it.each(REFUSED)('completing an account refuses %j with "%s" and stays unregistered', async (nickname, message) => {
    const { res, accessToken } = await register(nickname);
    expect(res).toMatchObject({ status: 200, code: Code.BAD_REQUEST, message });
    expect((await current(server.api, accessToken)).data).toMatchObject({ roles: [], username: null });
  });

  it.each(REFUSED)('editing the profile refuses %j with "%s" and keeps the nickname', async (nickname, message) => {
    const { res, token } = await editProfile(nickname);
    expect(res).toMatchObject({ status: 200, code: Code.BAD_REQUEST, message });
    expect((await current(server.api, token)).data.nickname).toBe('起始昵称');
  });

  it.each(['紫藤花开', '小明 Ming_1', '阿依古丽·买买提'])('both accept the nickname %j', async (nickname) => {
    const { res } = await register(nickname);
    expect(res.code).toBe(0);
    expect((await current(server.api, res.data.accessToken)).data.nickname).toBe(nickname);
    const edited = await editProfile(nickname);
    expect(edited.res.code).toBe(0);
    expect((await current(server.api, edited.token)).data.nickname).toBe(nickname);
  });

  it('completing an account with a blank nickname takes the username', async () => {
    const { res } = await register('   ');
    expect(res.code).toBe(0);
    const me = (await current(server.api, res.data.accessToken)).data;
    expect(me.nickname).toBe(me.username);
  });
});
