import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { registeredMember, startTestServer, type TestServer } from '../../test/harness.ts';

const OPS_TOKEN = 'members-ops-token-0123456789abcdef';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
});
afterAll(() => server.close());

const ops = (path: string, json: unknown, token = OPS_TOKEN) =>
  server.api.post(path, { json, headers: { 'x-ops-token': token } });

describe('operator disables a member', () => {
  it('signs every session out at once, refuses sign-in, and can re-enable', async () => {
    const { api } = server;
    const member = await registeredMember(api);
    expect((await api.get('/member/user/user/current', { token: member.accessToken })).code).toBe(0);

    const disabled = await ops('/ops/member/disable', { login: member.username });
    expect(disabled.code).toBe(0);
    expect(disabled.message).toContain('已禁用');

    expect((await api.get('/member/user/user/current', { token: member.accessToken })).code).toBe(Code.SESSION_OVER);
    const refreshed = await api.post('/member/user/auth/refresh', { form: { refreshToken: member.refreshToken } });
    expect(refreshed.code).toBe(Code.SESSION_OVER);
    const login = await api.post('/member/user/auth/login/pw', {
      form: { username: member.username, password: member.password },
    });
    expect(login.code).toBe(Code.MEMBER_DISABLED);
    expect(login.message).toBe('用户已被禁用');

    expect((await ops('/ops/member/enable', { login: member.mobile })).code).toBe(0);
    const again = await api.post('/member/user/auth/login/pw', {
      form: { username: member.username, password: member.password },
    });
    expect(again.code).toBe(0);
  });

  it('refuses without the operator token, and answers an unknown or malformed login in Chinese', async () => {
    const member = await registeredMember(server.api);
    const noToken = await ops('/ops/member/disable', { login: member.username }, 'wrong-token');
    expect(noToken.code).toBe(Code.FORBIDDEN);
    expect((await server.api.get('/member/user/user/current', { token: member.accessToken })).code).toBe(0);

    expect((await ops('/ops/member/disable', { login: 'nobody_here' })).message).toBe('会员不存在');
    for (const login of [undefined, 42, ['a', 'b'], 'x'.repeat(10_000), "' OR 1=1 --"]) {
      const res = await ops('/ops/member/disable', { login });
      expect(res.code).not.toBe(0);
      expect(res.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await server.api.get('/member/user/user/current', { token: member.accessToken })).code).toBe(0);
  });
});
