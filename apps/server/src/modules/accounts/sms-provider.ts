import type { Db } from '../../lib/db.ts';
import { smsOutbox } from '../../db/schema/index.ts';
import { processMetrics } from '../../lib/metrics.ts';

/** Where SMS messages go. `outbox` keeps them in the database for development and tests. */
export interface SmsProvider {
  readonly name: 'outbox' | 'webhook';
  send(mobile: string, content: string): Promise<void>;
}

export function outboxProvider(db: Db): SmsProvider {
  return {
    name: 'outbox',
    async send(mobile, content) {
      await db.insert(smsOutbox).values({ mobile, content });
    },
  };
}

/** Posts `{ mobile, content }` as JSON to a gateway of the shop's choosing. */
export function webhookProvider(url: string): SmsProvider {
  return {
    name: 'webhook',
    async send(mobile, content) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mobile, content }),
        signal: AbortSignal.timeout(5000),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}

/** The same provider, each message counted in /metrics by provider and result. */
export function countedSms(provider: SmsProvider): SmsProvider {
  return {
    name: provider.name,
    async send(mobile, content) {
      try {
        await provider.send(mobile, content);
        processMetrics.smsSent.inc({ provider: provider.name, result: 'sent' });
      } catch (err) {
        processMetrics.smsSent.inc({ provider: provider.name, result: 'failed' });
        throw err;
      }
    },
  };
}
