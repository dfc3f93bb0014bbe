/**
 * The aliyun and tencent SMS providers through their official SDKs, against local fakes of both
 * APIs that check each request's signature: what arrives (number, sign name, template, parameters),
 * a wrong secret, the providers' own refusals, a gateway 500 and a gateway that never answers — each
 * told to the buyer in Chinese, with the provider's code kept for the operators' log.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Code } from '@mall/shared';
import { loadConfig } from '../../config.ts';
import type { Db } from '../db.ts';
import { fakeAliyun, fakeTencent, type AliyunSent, type Fake, type TencentSent } from './sms-fakes.ts';
import { aliyunRefusal } from './sms-aliyun.ts';
import { tencentRefusal } from './sms-tencent.ts';
import { smsText, templateParams, type SmsMessage } from './sms-messages.ts';
import { SmsSendError, smsFailure, smsProviderFor, type SmsProvider } from './sms-provider.ts';

const ALIYUN = { id: 'LTAI5tTestAccessKeyId', secret: 'test-aliyun-secret-0123456789' };
const TENCENT = { id: 'AKIDtestSecretId0123456789', secret: 'test-tencent-secret-0123456789' };
const TEMPLATES = {
  SMS_SIGN_NAME: '优选商城',
  SMS_TEMPLATE_LOGIN: 'SMS_100000001',
  SMS_TEMPLATE_RESET_PASSWORD: 'SMS_100000003',
  SMS_TEMPLATE_BIND_MOBILE: 'SMS_100000006',
  SMS_TEMPLATE_ACTIVITY_REMINDER: 'SMS_100000007',
};
const noDb = undefined as unknown as Db;

function aliyun(url: string, secret = ALIYUN.secret): SmsProvider {
  const config = loadConfig({
    NODE_ENV: 'test',
    SMS_PROVIDER: 'aliyun',
    ALIYUN_ACCESS_KEY_ID: ALIYUN.id,
    ALIYUN_ACCESS_KEY_SECRET: secret,
    ALIYUN_SMS_ENDPOINT: url,
    SMS_TIMEOUT_SECONDS: '1',
    ...TEMPLATES,
  });
  return smsProviderFor(config, noDb);
}

function tencent(url: string, secret = TENCENT.secret): SmsProvider {
  const config = loadConfig({
    NODE_ENV: 'test',
    SMS_PROVIDER: 'tencent',
    TENCENT_SECRET_ID: TENCENT.id,
    TENCENT_SECRET_KEY: secret,
    TENCENT_SMS_APP_ID: '1400000001',
    TENCENT_SMS_ENDPOINT: url,
    SMS_TIMEOUT_SECONDS: '1',
    ...TEMPLATES,
    SMS_TEMPLATE_LOGIN: '1000001',
    SMS_TEMPLATE_RESET_PASSWORD: '1000003',
    SMS_TEMPLATE_BIND_MOBILE: '1000006',
    SMS_TEMPLATE_ACTIVITY_REMINDER: '1000007',
  });
  return smsProviderFor(config, noDb);
}

const login = (code: string): SmsMessage => ({ purpose: 'login', params: { code } });
const reminder: SmsMessage = {
  purpose: 'activityReminder',
  params: { kind: '秒杀', title: '晚八点场', time: '20:00' },
  siteName: '优选商城',
  started: false,
};

/** The refusal the buyer sees for a failed send, and the provider's code for the log. */
async function failure(p: Promise<void>): Promise<{ code: number; message: string; providerCode: string }> {
  const err = await p.then(
    () => expect.fail('the send should have failed'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SmsSendError);
  const shown = smsFailure(err);
  return { code: shown.code, message: shown.message, providerCode: (err as SmsSendError).providerCode };
}

describe('aliyun (Dysmsapi SendSms, ACS3-HMAC-SHA256)', () => {
  let fake: Fake<AliyunSent>;
  beforeAll(async () => {
    fake = await fakeAliyun(ALIYUN.id, ALIYUN.secret);
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.mode = 'ok';
    fake.sent.length = 0;
  });

  it('sends the number, sign name, template of the purpose and its parameters as signed', async () => {
    await aliyun(fake.url).send('13800138000', login('012345'));
    await aliyun(fake.url).send('13800138001', { purpose: 'resetPassword', params: { code: '654321' } });
    await aliyun(fake.url).send('13800138002', { purpose: 'changePassword', params: { code: '111111' } });
    await aliyun(fake.url).send('13800138003', reminder);
    expect(fake.sent).toEqual([
      { phoneNumbers: '13800138000', signName: '优选商城', templateCode: 'SMS_100000001', templateParam: { code: '012345' } },
      { phoneNumbers: '13800138001', signName: '优选商城', templateCode: 'SMS_100000003', templateParam: { code: '654321' } },
      // no template of its own: the sign-in one
      { phoneNumbers: '13800138002', signName: '优选商城', templateCode: 'SMS_100000001', templateParam: { code: '111111' } },
      {
        phoneNumbers: '13800138003',
        signName: '优选商城',
        templateCode: 'SMS_100000007',
        templateParam: { kind: '秒杀', title: '晚八点场', time: '20:00' },
      },
    ]);
  });

  it('a wrong secret is refused by the signature check: 短信服务暂不可用', async () => {
    const f = await failure(aliyun(fake.url, 'not-the-secret').send('13800138000', login('123456')));
    expect(f).toEqual({ code: Code.SERVER_ERROR, message: '短信服务暂不可用，请稍后再试', providerCode: 'SignatureDoesNotMatch' });
    expect(fake.sent).toHaveLength(0);
  });

  it.each([
    ['dailyLimit', Code.SMS_SEND_LIMIT, '该手机号今日接收短信已达上限，请明天再试', 'isv.BUSINESS_LIMIT_CONTROL'],
    ['numberRefused', Code.BAD_REQUEST, '该手机号无法接收短信', 'isv.MOBILE_NUMBER_ILLEGAL'],
    ['error500', Code.SERVER_ERROR, '短信服务暂不可用，请稍后再试', 'InternalError'],
  ] as const)('the gateway answering %s tells the buyer %s', async (mode, code, message, providerCode) => {
    fake.mode = mode;
    expect(await failure(aliyun(fake.url).send('13800138000', login('123456')))).toEqual({ code, message, providerCode });
  });

  it('gives up on a gateway that never answers within the time-out', async () => {
    fake.mode = 'hang';
    const started = Date.now();
    const f = await failure(aliyun(fake.url).send('13800138000', login('123456')));
    expect(f).toEqual({ code: Code.SERVER_ERROR, message: '短信服务暂不可用，请稍后再试', providerCode: 'TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('tencent (SMS SendSms 2021-01-11, TC3-HMAC-SHA256)', () => {
  let fake: Fake<TencentSent>;
  beforeAll(async () => {
    fake = await fakeTencent(TENCENT.id, TENCENT.secret);
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.mode = 'ok';
    fake.sent.length = 0;
  });

  it('sends the number, app, sign name, template of the purpose and its numbered parameters as signed', async () => {
    await tencent(fake.url).send('13800138000', login('012345'));
    await tencent(fake.url).send('13800138001', { purpose: 'bindMobile', params: { code: '654321' } });
    await tencent(fake.url).send('13800138003', reminder);
    const base = { smsSdkAppId: '1400000001', signName: '优选商城' };
    expect(fake.sent).toEqual([
      { ...base, phoneNumberSet: ['+8613800138000'], templateId: '1000001', templateParamSet: ['012345'] },
      { ...base, phoneNumberSet: ['+8613800138001'], templateId: '1000006', templateParamSet: ['654321'] },
      { ...base, phoneNumberSet: ['+8613800138003'], templateId: '1000007', templateParamSet: ['秒杀', '晚八点场', '20:00'] },
    ]);
  });

  it('a wrong secret is refused by the signature check: 短信服务暂不可用', async () => {
    const f = await failure(tencent(fake.url, 'not-the-secret').send('13800138000', login('123456')));
    expect(f).toEqual({ code: Code.SERVER_ERROR, message: '短信服务暂不可用，请稍后再试', providerCode: 'AuthFailure.SignatureFailure' });
    expect(fake.sent).toHaveLength(0);
  });

  it.each([
    ['dailyLimit', Code.SMS_SEND_LIMIT, '该手机号今日接收短信已达上限，请明天再试', 'LimitExceeded.PhoneNumberDailyLimit'],
    ['numberRefused', Code.BAD_REQUEST, '该手机号无法接收短信', 'FailedOperation.PhoneNumberInBlacklist'],
    ['error500', Code.SERVER_ERROR, '短信服务暂不可用，请稍后再试', 'HTTP_500'],
  ] as const)('the gateway answering %s tells the buyer %s', async (mode, code, message, providerCode) => {
    fake.mode = mode;
    expect(await failure(tencent(fake.url).send('13800138000', login('123456')))).toEqual({ code, message, providerCode });
  });

  it('gives up on a gateway that never answers within the time-out', async () => {
    fake.mode = 'hang';
    const started = Date.now();
    const f = await failure(tencent(fake.url).send('13800138000', login('123456')));
    expect(f).toEqual({ code: Code.SERVER_ERROR, message: '短信服务暂不可用，请稍后再试', providerCode: 'TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe("the providers' codes in the buyer's terms", () => {
  it.each([
    ['isv.BUSINESS_LIMIT_CONTROL', 'dailyLimit'],
    ['isv.DAY_LIMIT_CONTROL', 'dailyLimit'],
    ['isv.MOBILE_NUMBER_ILLEGAL', 'numberRefused'],
    ['isv.SMS_SIGNATURE_ILLEGAL', 'unavailable'],
    ['isv.SMS_TEMPLATE_ILLEGAL', 'unavailable'],
    ['isv.AMOUNT_NOT_ENOUGH', 'unavailable'],
    ['InvalidAccessKeyId.NotFound', 'unavailable'],
    ['SignatureDoesNotMatch', 'unavailable'],
  ])('aliyun %s → %s', (code, reason) => expect(aliyunRefusal(code)).toBe(reason));

  it.each([
    ['LimitExceeded.PhoneNumberDailyLimit', 'dailyLimit'],
    ['LimitExceeded.PhoneNumberOneHourLimit', 'tooFrequent'],
    ['InvalidParameterValue.IncorrectPhoneNumber', 'numberRefused'],
    ['FailedOperation.PhoneNumberInBlacklist', 'numberRefused'],
    ['FailedOperation.SignatureIncorrectOrUnapproved', 'unavailable'],
    ['FailedOperation.TemplateIncorrectOrUnapproved', 'unavailable'],
    ['AuthFailure.SignatureFailure', 'unavailable'],
    ['FailedOperation.InsufficientBalanceInSmsPackage', 'unavailable'],
  ])('tencent %s → %s', (code, reason) => expect(tencentRefusal(code)).toBe(reason));

  it('an error other than a provider refusal keeps the message buyers saw before', () => {
    expect(smsFailure(new Error('SMS gateway answered 503')).message).toBe('验证码发送失败，请稍后再试');
  });

  it("a refusal's log line names the provider and its code, never the parameters", () => {
    const err = new SmsSendError('dailyLimit', 'aliyun', 'isv.BUSINESS_LIMIT_CONTROL', '触发天级流控Permits:10');
    expect(err.message).toBe('aliyun isv.BUSINESS_LIMIT_CONTROL: 触发天级流控Permits:10');
    const echoed = new SmsSendError('unavailable', 'tencent', 'InvalidParameterValue', 'bad TemplateParamSet 123456 for +8613800138000');
    expect(echoed.message).toBe('tencent InvalidParameterValue: bad TemplateParamSet *** for +***');
  });
});

describe('messages: text for the outbox and webhook, parameters for templates', () => {
  it('the text is what buyers got before', () => {
    expect(smsText(login('012345'))).toBe('【优选商城】您的验证码是 012345，5 分钟内有效。请勿告诉他人。');
    expect(smsText({ purpose: 'register', params: { code: '012345' } })).toBe('【优选商城】您的验证码是 012345，5 分钟内有效。请勿告诉他人。');
    expect(smsText(reminder)).toBe('【优选商城】您关注的秒杀「晚八点场」将于 20:00 开抢，请准时参与。');
  });

  it('every code message carries its code in the text and as the one template parameter', () => {
    const purposes = ['login', 'register', 'resetPassword', 'changePassword', 'verifyMobile', 'bindMobile'] as const;
    fc.assert(
      fc.property(fc.constantFrom(...purposes), fc.integer({ min: 0, max: 999_999 }), (purpose, n) => {
        const code = String(n).padStart(6, '0');
        const m: SmsMessage = { purpose, params: { code } };
        expect(smsText(m)).toContain(` ${code}，`);
        expect(templateParams(m)).toEqual([['code', code]]);
      }),
    );
  });

  it('a reminder parameter is never longer than the providers take (20 characters), the text keeps the whole title', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 60, unit: 'grapheme' }), (title) => {
        const m: SmsMessage = { ...reminder, params: { ...reminder.params, title } } as SmsMessage;
        for (const [, value] of templateParams(m)) expect([...value].length).toBeLessThanOrEqual(20);
        expect(smsText(m)).toContain(`「${title}」`);
      }),
    );
  });
});
