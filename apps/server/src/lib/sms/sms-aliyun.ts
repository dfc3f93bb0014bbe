import * as dysmsapi from '@alicloud/dysmsapi20170525';
import { Config as OpenApiConfig } from '@alicloud/openapi-client';
import type { Config } from '../../config.ts';
import { SmsSendError, withDeadline, type SmsRefusal } from './sms-errors.ts';
import { templateCode, templateParams, type SmsMessage } from './sms-messages.ts';
import type { SmsProvider } from './sms-provider.ts';

/**
 * 阿里云短信 (Dysmsapi 2017-05-25 SendSms) through the official SDK, which signs each request with
 * ACS3-HMAC-SHA256. The template of the message's purpose goes with its parameters as JSON
 * (`{"code":"123456"}`); a reply other than `OK` becomes an SmsSendError in the buyer's terms.
 */

// The SDK is CommonJS with `exports.default`: under Node's own ESM loader the default import is the
// module object, under a bundler it is the class.
type DysmsClient = typeof dysmsapi.default;
const Client: DysmsClient =
  (dysmsapi.default as unknown as { default?: DysmsClient }).default ?? dysmsapi.default;

/** The provider's codes (its «API 错误码» page), in the buyer's terms; any other code: unavailable. */
const CODES: Record<string, SmsRefusal> = {
  'isv.BUSINESS_LIMIT_CONTROL': 'dailyLimit',
  'isv.DAY_LIMIT_CONTROL': 'dailyLimit',
  'isv.MOBILE_NUMBER_ILLEGAL': 'numberRefused',
  'isv.MOBILE_COUNT_OVER_LIMIT': 'numberRefused',
  'isv.BLACK_KEY_CONTROL_LIMIT': 'unavailable',
  'isv.PHONE_NUMBER_IN_BLACKLIST': 'numberRefused',
  'isv.DENY_IP_RANGE': 'unavailable',
};

export function aliyunRefusal(code: string): SmsRefusal {
  return CODES[code] ?? 'unavailable';
}

interface SdkError {
  code?: string;
  message?: string;
  name?: string;
  statusCode?: number;
  data?: { Message?: string; statusCode?: number };
}

function endpointOf(url: string): { protocol: string; endpoint: string } {
  const u = new URL(url);
  return { protocol: u.protocol.replace(':', ''), endpoint: u.host };
}

export function aliyunProvider(config: Config): SmsProvider {
  const { protocol, endpoint } = endpointOf(config.ALIYUN_SMS_ENDPOINT);
  const timeout = config.SMS_TIMEOUT_SECONDS * 1000;
  const client = new Client(
    new OpenApiConfig({
      accessKeyId: config.ALIYUN_ACCESS_KEY_ID,
      accessKeySecret: config.ALIYUN_ACCESS_KEY_SECRET,
      endpoint,
      protocol,
      connectTimeout: timeout,
      readTimeout: timeout,
    }),
  );
  return {
    name: 'aliyun',
    async send(mobile: string, message: SmsMessage) {
      const request = new dysmsapi.SendSmsRequest({
        phoneNumbers: mobile,
        signName: config.SMS_SIGN_NAME,
        templateCode: templateCode(config, message),
        templateParam: JSON.stringify(Object.fromEntries(templateParams(message))),
      });
      let body;
      try {
        body = (await withDeadline(client.sendSms(request), timeout, 'aliyun')).body;
      } catch (err) {
        if (err instanceof SmsSendError) throw err;
        const e = err as SdkError;
        // A reply with an error status carries the provider's code; no reply (refused, reset, timed out) has none.
        const status = e.statusCode ?? e.data?.statusCode;
        if (status && e.code && e.code !== 'undefined') {
          throw new SmsSendError(aliyunRefusal(e.code), 'aliyun', e.code, e.data?.Message ?? `HTTP ${status}`);
        }
        if (status) throw new SmsSendError('unavailable', 'aliyun', `HTTP_${status}`);
        const timedOut = /timeout/i.test(`${e.name ?? ''} ${e.code ?? ''} ${e.message ?? ''}`);
        throw new SmsSendError('unavailable', 'aliyun', timedOut ? 'TIMEOUT' : 'NETWORK', e.name);
      }
      if (body?.code !== 'OK') {
        const code = body?.code ?? 'EMPTY_REPLY';
        throw new SmsSendError(aliyunRefusal(code), 'aliyun', code, body?.message);
      }
    },
  };
}
