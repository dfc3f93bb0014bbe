/**
 * The daily caps on codes per visitor id and per IP (SMS_DAILY_LIMIT_PER_VISITOR / _PER_IP), which
 * stop one client from bombing many numbers. One server with small caps: visitor 2, IP 4.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import {
  newMobile,
  startTestServer,
  type TestServer,
  accountCounts,
  expectRefusal,
  sendCode,
} from '../../test/kit/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SMS_DAILY_LIMIT_PER_VISITOR: '2', SMS_DAILY_LIMIT_PER_IP: '4' });
});
afterAll(() => server?.close());

describe('SMS caps per visitor and per IP', () => {
  it('refuses a visitor id its third code of the day, whatever the number', async () => {
    const visitor = { VistorId: 'PC-visitor-a' };
    expect((await sendCode(server.api, newMobile(), visitor)).code).toBe(0);
    expect((await sendCode(server.api, newMobile(), visitor)).code).toBe(0);
    const before = await accountCounts(server);
    const third = await sendCode(server.api, newMobile(), visitor);
    expectRefusal(third, Code.TOO_MANY_REQUESTS);
    expect(third.message).toContain('获取验证码过于频繁');
    // a refused request sends nothing and stores nothing
    expect(await accountCounts(server)).toEqual(before);
  });

  it('refuses the IP once its cap is reached, even with fresh visitor ids or none', async () => {
    // 2 codes from this IP so far; 2 more are allowed from other visitor ids
    expect((await sendCode(server.api, newMobile(), { VistorId: 'PC-visitor-b' })).code).toBe(0);
    expect((await sendCode(server.api, newMobile(), { VistorId: 'PC-visitor-c' })).code).toBe(0);
    expectRefusal(await sendCode(server.api, newMobile(), { VistorId: 'PC-visitor-d' }), Code.TOO_MANY_REQUESTS);
    // without a visitor id, the IP cap still holds
    const anonymous = await server.api.post('/member/user/auth/verificationCode', {
      rawBody: `mobileNumber=${newMobile()}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', VistorId: '' },
    });
    expectRefusal(anonymous, Code.TOO_MANY_REQUESTS);
  });

  it('does not let a forged X-Forwarded-For header escape the IP cap', async () => {
    const res = await sendCode(server.api, newMobile(), { VistorId: 'PC-visitor-e', 'X-Forwarded-For': '203.0.113.7' });
    expectRefusal(res, Code.TOO_MANY_REQUESTS);
  });
});
