import { sms } from 'tencentcloud-sdk-nodejs-sms';
import type { Config } from '../../config.ts';
import { SmsSendError, withDeadline, type SmsRefusal } from './sms-errors.ts';
import { templateCode, templateParams, type SmsMessage } from './sms-messages.ts';
import type { SmsProvider } from './sms-provider.ts';

/**
 * 腾讯云短信 (SMS 2021-01-11 SendSms) through the official SDK, which signs each request with
 * TC3-HMAC-SHA256. The template's variables go in their numbered order ({1}, {2}, …); an error of the
 * call, or a number's status other than `Ok`, becomes an SmsSendError in the buyer's terms.
 */

/** The provider's codes (its «错误码» page), in the buyer's terms; any other code: unavailable. */
const CODES: Record<string, SmsRefusal> = {
  'LimitExceeded.PhoneNumberDailyLimit': 'dailyLimit',
  'LimitExceeded.DailyLimit': 'dailyLimit',
  'LimitExceeded.PhoneNumberSameContentDailyLimit': 'dailyLimit',
  'LimitExceeded.PhoneNumberOneHourLimit': 'tooFrequent',
  'LimitExceeded.PhoneNumberThirtySecondLimit': 'tooFrequent',
  'InvalidParameterValue.IncorrectPhoneNumber': 'numberRefused',
  'FailedOperation.PhoneNumberInBlacklist': 'numberRefused',
  'FailedOperation.PhoneNumberParseFail': 'numberRefused',
  'UnsupportedOperation.UnsupportedRegion': 'numberRefused',
};

export function tencentRefusal(code: string): SmsRefusal {
  return CODES[code] ?? 'unavailable';
}

interface SdkError {
  code?: string;
  message?: string;
  httpCode?: number;
}

export function tencentProvider(config: Config): SmsProvider {
  const url = new URL(config.TENCENT_SMS_ENDPOINT);
  const timeout = config.SMS_TIMEOUT_SECONDS * 1000;
  const client = new sms.v20210111.Client({
    credential: { secretId: config.TENCENT_SECRET_ID, secretKey: config.TENCENT_SECRET_KEY },
    region: config.TENCENT_SMS_REGION,
    profile: {
      httpProfile: {
        endpoint: url.host,
        protocol: `${url.protocol}//`,
        reqTimeout: config.SMS_TIMEOUT_SECONDS,
      },
    },
  });
  return {
    name: 'tencent',
    async send(mobile: string, message: SmsMessage) {
      let reply;
      try {
        reply = await withDeadline(
          client.SendSms({
            PhoneNumberSet: [`+86${mobile}`],
            SmsSdkAppId: config.TENCENT_SMS_APP_ID!,
            SignName: config.SMS_SIGN_NAME,
            TemplateId: templateCode(config, message),
            TemplateParamSet: templateParams(message).map(([, value]) => value),
          }),
          timeout,
          'tencent',
        );
      } catch (err) {
        if (err instanceof SmsSendError) throw err;
        const e = err as SdkError;
        if (e.code) throw new SmsSendError(tencentRefusal(e.code), 'tencent', e.code, e.message);
        if (e.httpCode) throw new SmsSendError('unavailable', 'tencent', `HTTP_${e.httpCode}`);
        const timedOut = /time ?out|abort/i.test(e.message ?? '');
        throw new SmsSendError('unavailable', 'tencent', timedOut ? 'TIMEOUT' : 'NETWORK');
      }
      const status = reply.SendStatusSet?.[0];
      if (status?.Code !== 'Ok') {
        const code = status?.Code ?? 'EMPTY_REPLY';
        throw new SmsSendError(tencentRefusal(code), 'tencent', code, status?.Message);
      }
    },
  };
}
