/**
 * A buyer asking a code at /member/user/auth/verificationCode with the shop on aliyun or tencent,
 * each provider a local fake of its API that checks the signature: the code arrives by the purpose's
 * template and signs the buyer in; the provider's refusals reach the buyer in Chinese and leave no
 * code behind; the shop's own 60 s limit answers before the provider is asked.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import {
  accountCounts,
  ageCodes,
  expectRefusal,
  newMobile,
  sendCode,
  smsLogin,
  startTestServer,
  type TestServer,
} from '../../test/kit/index.ts';
import { fakeAliyun, fakeTencent, type AliyunSent, type Fake, type TencentSent } from './sms-fakes.ts';

const TEMPLATES = {
  SMS_SIGN_NAME: '优选商城',
  SMS_TEMPLATE_LOGIN: 'SMS_100000001',
  SMS_TEMPLATE_REGISTER: 'SMS_100000002',
  SMS_TEMPLATE_ACTIVITY_REMINDER: 'SMS_100000007',
  SMS_TIMEOUT_SECONDS: '1',
};

describe('aliyun over HTTP', () => {
  let fake: Fake<AliyunSent>;
  let server: TestServer;
  beforeAll(async () => {
    fake = await fakeAliyun('LTAI5tHttpTestKeyId', 'http-test-aliyun-secret');
    server = await startTestServer({
      SMS_PROVIDER: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: 'LTAI5tHttpTestKeyId',
      ALIYUN_ACCESS_KEY_SECRET: 'http-test-aliyun-secret',
      ALIYUN_SMS_ENDPOINT: fake.url,
      ...TEMPLATES,
    });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.mode = 'ok';
  });

  it('a new number gets the sign-up template, a known one the sign-in template; the code signs the buyer in', async () => {
    const mobile = newMobile();
    const sent = await sendCode(server.api, mobile);
    expect(sent.code, sent.message).toBe(0);
    const first = fake.sent.at(-1)!;
    expect(first).toMatchObject({ phoneNumbers: mobile, signName: '优选商城', templateCode: 'SMS_100000002' });
    const code = first.templateParam.code ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(JSON.stringify(sent)).not.toContain(code);
    const signedIn = await smsLogin(server.api, mobile, code);
    expect(signedIn.code, signedIn.message).toBe(0);

    await ageCodes(server, mobile);
    expect((await sendCode(server.api, mobile)).code).toBe(0);
    expect(fake.sent.at(-1)).toMatchObject({ phoneNumbers: mobile, templateCode: 'SMS_100000001' });
    // no outbox: nothing is kept in the database but the code's hash
    expect((await accountCounts(server)).outbox).toBe(0);
  });

  it('the daily limit of the provider reaches the buyer, and no code is stored', async () => {
    const mobile = newMobile();
    const before = await accountCounts(server);
    const asked = fake.requests;
    fake.mode = 'dailyLimit';
    const res = await sendCode(server.api, mobile);
    expectRefusal(res, Code.SMS_SEND_LIMIT);
    expect(res.message).toBe('该手机号今日接收短信已达上限，请明天再试');
    expect(fake.requests).toBe(asked + 1);
    expect(await accountCounts(server)).toEqual(before);

    // nothing holds the 60 s interval: once the provider sends again, so does the shop
    fake.mode = 'ok';
    expect((await sendCode(server.api, mobile)).code).toBe(0);
  });

  it('a number the provider refuses is told so; an outage is told as one', async () => {
    const before = await accountCounts(server);
    fake.mode = 'numberRefused';
    const refused = await sendCode(server.api, newMobile());
    expectRefusal(refused, Code.BAD_REQUEST);
    expect(refused.message).toBe('该手机号无法接收短信');
    fake.mode = 'error500';
    const down = await sendCode(server.api, newMobile());
    expectRefusal(down, Code.SERVER_ERROR);
    expect(down.message).toBe('短信服务暂不可用，请稍后再试');
    fake.mode = 'hang';
    const slow = await sendCode(server.api, newMobile());
    expectRefusal(slow, Code.SERVER_ERROR);
    expect(slow.message).toBe('短信服务暂不可用，请稍后再试');
    expect(await accountCounts(server)).toEqual(before);
  });

  it("the shop's own 60 s limit answers before the provider is asked", async () => {
    const mobile = newMobile();
    expect((await sendCode(server.api, mobile)).code).toBe(0);
    const asked = fake.requests;
    fake.mode = 'dailyLimit';
    const again = await sendCode(server.api, mobile);
    expectRefusal(again, Code.SMS_SEND_LIMIT);
    expect(again.message).toMatch(/^验证码发送过于频繁，请 \d+ 秒后再试$/);
    expect(fake.requests).toBe(asked);
  });
});

describe('tencent over HTTP', () => {
  let fake: Fake<TencentSent>;
  let server: TestServer;
  beforeAll(async () => {
    fake = await fakeTencent('AKIDHttpTestSecretId', 'http-test-tencent-secret');
    server = await startTestServer({
      SMS_PROVIDER: 'tencent',
      TENCENT_SECRET_ID: 'AKIDHttpTestSecretId',
      TENCENT_SECRET_KEY: 'http-test-tencent-secret',
      TENCENT_SMS_APP_ID: '1400000001',
      TENCENT_SMS_ENDPOINT: fake.url,
      ...TEMPLATES,
      SMS_TEMPLATE_LOGIN: '1000001',
      SMS_TEMPLATE_REGISTER: '1000002',
      SMS_TEMPLATE_CHANGE_PASSWORD: '1000004',
      SMS_TEMPLATE_ACTIVITY_REMINDER: '1000007',
    });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('the code arrives by the sign-up template and signs the buyer in', async () => {
    const mobile = newMobile();
    expect((await sendCode(server.api, mobile)).code).toBe(0);
    const sent = fake.sent.at(-1)!;
    expect(sent).toMatchObject({ phoneNumberSet: [`+86${mobile}`], smsSdkAppId: '1400000001', signName: '优选商城', templateId: '1000002' });
    expect(sent.templateParamSet).toEqual([expect.stringMatching(/^\d{6}$/)]);
    expect((await smsLogin(server.api, mobile, sent.templateParamSet[0]!)).code).toBe(0);
  });

  it('the daily limit of the provider reaches the buyer, and no code is stored', async () => {
    const before = await accountCounts(server);
    fake.mode = 'dailyLimit';
    const res = await sendCode(server.api, newMobile());
    fake.mode = 'ok';
    expectRefusal(res, Code.SMS_SEND_LIMIT);
    expect(res.message).toBe('该手机号今日接收短信已达上限，请明天再试');
    expect(await accountCounts(server)).toEqual(before);
  });

  it("the member area's codes go the same way: 修改密码 by its own template, the provider's refusal told, nothing held", async () => {
    const mobile = newMobile();
    expect((await sendCode(server.api, mobile)).code).toBe(0);
    const signedIn = await smsLogin(server.api, mobile, fake.sent.at(-1)!.templateParamSet[0]!);
    const token = (signedIn.data as { accessToken: string }).accessToken;
    await ageCodes(server, mobile);

    fake.mode = 'dailyLimit';
    const refused = await server.api.post('/member/user/security/sendCode', { token, json: { purpose: 'changePassword' } });
    fake.mode = 'ok';
    expectRefusal(refused, Code.SMS_SEND_LIMIT);
    expect(refused.message).toBe('该手机号今日接收短信已达上限，请明天再试');

    // the refused send left no code holding the 60 s interval
    const sent = await server.api.post('/member/user/security/sendCode', { token, json: { purpose: 'changePassword' } });
    expect(sent.code, sent.message).toBe(0);
    expect(fake.sent.at(-1)).toMatchObject({ phoneNumberSet: [`+86${mobile}`], templateId: '1000004' });
  });
});
