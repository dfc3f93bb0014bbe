import type { Config } from '../../config.ts';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db.ts';
import { smsOutbox } from '../../db/schema/index.ts';
import { processMetrics } from '../metrics.ts';
import { smsText, type SmsMessage } from './sms-messages.ts';
import { aliyunProvider } from './sms-aliyun.ts';
import { tencentProvider } from './sms-tencent.ts';

import type { SmsProviderName } from './sms-errors.ts';

export type { SmsMessage } from './sms-messages.ts';
export { SmsSendError, smsFailure, type SmsProviderName, type SmsRefusal } from './sms-errors.ts';

/**
 * Where SMS messages go: a purpose and its parameters to one mobile number. `outbox` keeps the text
 * in the database for development and tests; `webhook` posts it to the shop's own gateway; `aliyun`
 * and `tencent` send the purpose's approved template through the provider's SDK.
 */
export interface SmsProvider {
  readonly name: SmsProviderName;
  send(mobile: string, message: SmsMessage): Promise<void>;
}

export function outboxProvider(db: Db): SmsProvider {
  return {
    name: 'outbox',
    async send(mobile, message) {
      await db.insert(smsOutbox).values({ mobile, content: smsText(message) });
    },
  };
}

/**
 * Deletes what the outbox kept for a number (注销账号 erases a member's SMS with the rest). Only the
 * outbox keeps messages; the other providers keep nothing here.
 */
export async function forgetOutboxMessages(db: DbOrTx, mobile: string): Promise<number> {
  const gone = await db.delete(smsOutbox).where(eq(smsOutbox.mobile, mobile)).returning({ id: smsOutbox.id });
  return gone.length;
}

/** Posts `{ mobile, content }` as JSON to a gateway of the shop's choosing. */
export function webhookProvider(url: string, timeoutMs = 5000): SmsProvider {
  return {
    name: 'webhook',
    async send(mobile, message) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mobile, content: smsText(message) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}

/** The same provider, each message counted in /metrics by provider and result. */
export function countedSms(provider: SmsProvider): SmsProvider {
  return {
    name: provider.name,
    async send(mobile, message) {
      try {
        await provider.send(mobile, message);
        processMetrics.smsSent.inc({ provider: provider.name, result: 'sent' });
      } catch (err) {
        processMetrics.smsSent.inc({ provider: provider.name, result: 'failed' });
        throw err;
      }
    },
  };
}

/** The provider the settings choose, counted. loadConfig has already checked its keys and templates. */
export function smsProviderFor(config: Config, db: Db): SmsProvider {
  const timeoutMs = config.SMS_TIMEOUT_SECONDS * 1000;
  switch (config.SMS_PROVIDER) {
    case 'webhook':
      return countedSms(webhookProvider(config.SMS_WEBHOOK_URL!, timeoutMs));
    case 'aliyun':
      return countedSms(aliyunProvider(config));
    case 'tencent':
      return countedSms(tencentProvider(config));
    default:
      return countedSms(outboxProvider(db));
  }
}
