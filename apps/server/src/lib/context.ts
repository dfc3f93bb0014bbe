import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from './db.ts';
import type { Secrets } from './secrets.ts';
import type { SmsProvider } from './sms/sms-provider.ts';

/** What every service needs, built once at start-up and handed down explicitly. */
export interface AppContext {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  secrets: Secrets;
  sms: SmsProvider;
  log: FastifyBaseLogger;
  /** 秒杀 SKUs known sold out, kept by LISTEN/NOTIFY once the app is ready (modules/activities/sold-out-marks.ts). */
  soldOut: SoldOutCheck;
}

/** What checkout asks of the 秒杀 sold-out marks: whether a session's SKU is known sold out right now. */
export interface SoldOutCheck {
  refuses(activityId: number, skuId: number, now?: number): boolean;
}
