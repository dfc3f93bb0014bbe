import crypto from 'node:crypto';
import type { AppContext } from '../../lib/context.ts';
import type { Db } from '../../lib/db.ts';
import { shanghaiDay } from '../../lib/ids.ts';
import * as repo from './visitors.repo.ts';

/**
 * Goods-page visitors, for the 工作台's conversion rate (paying buyers ÷ visitors who opened a
 * goods page). The browsing history only knows signed-in members, so every served goods detail is
 * counted here: in memory first (a Map entry, nothing awaited on the buyer's request), written in
 * one upsert every few seconds or few hundred visitor-days, and before the dashboard reads.
 * A crash loses at most those few seconds of counts, which a statistic can afford.
 */
const FLUSH_EVERY_MS = 5_000;
const FLUSH_AT_ENTRIES = 500;
const BATCH = 500;
/** A database that stays unreachable must not grow the process without bound. */
const MAX_PENDING = 100_000;
export const VISITS_KEEP_DAYS = 120;

interface VisitBuffer {
  pending: Map<string, repo.VisitRow>;
  lastFlush: number;
  lastPrune: number;
  /** The flush in progress; the next one waits for it. */
  chain: Promise<void>;
}

const buffers = new WeakMap<Db, VisitBuffer>();
const bufferOf = (db: Db): VisitBuffer => {
  let b = buffers.get(db);
  if (!b) buffers.set(db, (b = { pending: new Map(), lastFlush: Date.now(), lastPrune: 0, chain: Promise.resolve() }));
  return b;
};

export interface Visitor {
  /** The VistorId header (spec §7), when the client sent one. */
  visitorId?: string | null;
  memberId?: string | null;
  ip?: string | null;
}

/**
 * The visitor as a stable, non-reversible key: the client's visitor id when present (it survives
 * signing in), else the member, else the address. Only the hash is stored.
 */
export function visitorKey(v: Visitor): string {
  const raw = v.visitorId ? `v:${v.visitorId}` : v.memberId ? `m:${v.memberId}` : `ip:${v.ip ?? ''}`;
  let key = recentKeys.get(raw);
  if (key === undefined) {
    // a visitor opens page after page: each is hashed once while it keeps coming (a few thousand kept)
    if (recentKeys.size >= RECENT_KEYS_MAX) recentKeys.clear();
    recentKeys.set(raw, (key = crypto.createHash('sha256').update(raw).digest().readBigInt64BE(0).toString()));
  }
  return key;
}

const RECENT_KEYS_MAX = 5_000;
const recentKeys = new Map<string, string>();

/** Counts one goods page served to this visitor (synchronous: a Map update). */
export function countGoodsVisit(ctx: AppContext, who: Visitor, at = new Date()) {
  const b = bufferOf(ctx.db);
  const visitor = visitorKey(who);
  const day = shanghaiDay(at);
  const key = `${day}|${visitor}`;
  const seen = b.pending.get(key);
  if (seen) seen.views += 1;
  else if (b.pending.size < MAX_PENDING) b.pending.set(key, { day, visitor, firstAt: at, views: 1 });
  if (b.pending.size >= FLUSH_AT_ENTRIES || at.getTime() - b.lastFlush >= FLUSH_EVERY_MS) {
    flushGoodsVisits(ctx).catch((err) => ctx.log.warn({ err }, 'goods visitors: flush failed'));
  }
}

/** Writes what is in memory (and, once an hour, forgets visitor-days past the keeping time). */
export function flushGoodsVisits(ctx: AppContext): Promise<void> {
  const b = bufferOf(ctx.db);
  const run = async () => {
    const now = Date.now();
    b.lastFlush = now;
    const batch = [...b.pending.values()];
    b.pending = new Map();
    const written = new Set<repo.VisitRow>();
    try {
      for (const day of [...new Set(batch.map((v) => v.day))].sort()) {
        const ofDay = batch.filter((v) => v.day === day);
        for (let i = 0; i < ofDay.length; i += BATCH) {
          const part = ofDay.slice(i, i + BATCH);
          await repo.addVisits(ctx.db, day, part);
          for (const v of part) written.add(v);
        }
      }
    } catch (err) {
      // Put back what was not written, for the next flush, rather than lose it.
      for (const v of batch.filter((x) => !written.has(x))) {
        const key = `${v.day}|${v.visitor}`;
        const seen = b.pending.get(key);
        if (seen) {
          seen.views += v.views;
          if (v.firstAt < seen.firstAt) seen.firstAt = v.firstAt;
        } else b.pending.set(key, v);
      }
      throw err;
    }
    if (now - b.lastPrune > 3600_000) {
      b.lastPrune = now;
      await repo.pruneVisits(ctx.db, shanghaiDay(new Date(now - VISITS_KEEP_DAYS * 86_400_000)));
    }
  };
  const next = b.chain.then(run, run);
  b.chain = next.catch(() => {});
  return next;
}

/** Distinct goods-page visitors in [from, to) (`from` an Asia/Shanghai midnight), all counted so far included. */
export async function goodsVisitors(ctx: AppContext, from: Date, to: Date): Promise<number> {
  // A failed write keeps the counts in memory for the next one; the figures go out without them.
  await flushGoodsVisits(ctx).catch((err) => ctx.log.warn({ err }, 'goods visitors: flush failed'));
  return repo.countVisitors(ctx.db, from, to, shanghaiDay(from));
}
