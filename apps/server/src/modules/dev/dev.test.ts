/**
 * GET /dev/sms-outbox: served while the `outbox` SMS provider is active in development, and a plain
 * 404 envelope in production even when the outbox is allowed there by name. (With the webhook
 * provider it is gone too: accounts/sms-webhook.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMobile, startTestServer, type TestServer } from '../../test/kit/index.ts';

let dev: TestServer;
let production: TestServer;
beforeAll(async () => {
  dev = await startTestServer();
  production = await startTestServer({
    NODE_ENV: 'production',
    ALLOW_INSECURE: 'default-secrets,sms-outbox,payment-sandbox',
  });
});
afterAll(async () => {
  await dev?.close();
  await production?.close();
});

describe('dev/sms-outbox', () => {
  it('lists the messages sent to a number, newest first, in development', async () => {
    const mobile = newMobile();
    await dev.api.post('/member/user/auth/verificationCode', { form: { mobileNumber: mobile } });
    const res = await dev.api.get('/dev/sms-outbox', { query: { mobileNumber: mobile } });
    expect(res).toMatchObject({ status: 200, code: 0 });
    expect(res.data).toEqual([
      { mobileNumber: mobile, content: expect.stringMatching(/\d{6}/), createdAt: expect.any(String) },
    ]);
    const other = await dev.api.get('/dev/sms-outbox', { query: { mobileNumber: newMobile() } });
    expect(other.data).toEqual([]);
  });

  it('validates the number it is asked about', async () => {
    const res = await dev.api.get('/dev/sms-outbox', { query: { mobileNumber: 'abc' } });
    expect(res).toMatchObject({ status: 200, code: 400, message: '手机号格式不正确' });
  });

  it('is not there in production, even with the outbox provider allowed', async () => {
    const mobile = newMobile();
    // the outbox provider does work in production when allowed by name...
    expect(
      (await production.api.post('/member/user/auth/verificationCode', { form: { mobileNumber: mobile } })).code,
    ).toBe(0);
    // ...but its messages are not served
    const res = await production.api.get('/dev/sms-outbox', { query: { mobileNumber: mobile } });
    expect(res).toMatchObject({ status: 404, code: 404, data: null, success: false, message: '接口不存在' });
  });
});
