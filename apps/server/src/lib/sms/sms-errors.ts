import { Code } from '@mall/shared';
import { AppError } from '../errors.ts';

export type SmsProviderName = 'outbox' | 'webhook' | 'aliyun' | 'tencent';

/**
 * Why a provider did not send, in the buyer's terms: the number reached the provider's daily cap,
 * the number cannot receive SMS, or the service is not usable now (keys, sign name, template,
 * balance, time-out, gateway error). `providerCode` is the provider's own code, for the operators' log.
 */
export type SmsRefusal = 'dailyLimit' | 'tooFrequent' | 'numberRefused' | 'unavailable';

export class SmsSendError extends Error {
  constructor(
    readonly reason: SmsRefusal,
    readonly provider: SmsProviderName,
    readonly providerCode: string,
    detail = '',
  ) {
    // Never the request: it holds the code. Only the provider's code and its own words, with any run
    // of digits in them (a code or a number echoed back) masked.
    const words = detail.replace(/\d{4,}/g, '***').slice(0, 160);
    super(`${provider} ${providerCode}${words ? `: ${words}` : ''}`);
    this.name = 'SmsSendError';
  }
}

const REFUSALS: Record<SmsRefusal, [number, string]> = {
  dailyLimit: [Code.SMS_SEND_LIMIT, '该手机号今日接收短信已达上限，请明天再试'],
  tooFrequent: [Code.SMS_SEND_LIMIT, '该手机号接收短信过于频繁，请稍后再试'],
  numberRefused: [Code.BAD_REQUEST, '该手机号无法接收短信'],
  unavailable: [Code.SERVER_ERROR, '短信服务暂不可用，请稍后再试'],
};

/** What the buyer is told when a code was not sent. */
export function smsFailure(err: unknown): AppError {
  if (err instanceof SmsSendError) {
    const [code, message] = REFUSALS[err.reason];
    return new AppError(code, message);
  }
  return new AppError(Code.SERVER_ERROR, '验证码发送失败，请稍后再试');
}


/** The SDK's own time-outs cover connecting and reading; this one bounds the whole send. */
export function withDeadline<T>(p: Promise<T>, ms: number, provider: SmsProviderName): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SmsSendError('unavailable', provider, 'TIMEOUT')), ms + 500);
  });
  return Promise.race([p, deadline]).finally(() => clearTimeout(timer));
}
