import type { AppContext } from '../lib/context.ts';
import { processMetrics } from '../lib/metrics.ts';
import { foldSales } from '../modules/catalog/catalog.service.ts';
import { eraseDueMembers } from './account-cancellation.ts';
import { sweepOnce } from './order-sweeper.ts';
import { sweepPointsOnce } from './points-sweeper.ts';

/**
 * The shop's timed work: each kind is a sweep that finds what has come due and handles it. Every
 * sweep claims its rows with conditional updates (FOR UPDATE SKIP LOCKED, a status checked in the
 * UPDATE), so a second run of it, at the same moment or later, changes nothing: that is what makes a
 * retried job safe. Where they run (a queue on PostgreSQL, timers on PGlite): timed-work.ts.
 */
export interface TimedWorkKind {
  /** The queue's name on PostgreSQL. */
  queue: string;
  /** Its label in processMetrics.sweeperRuns. */
  sweeper: 'orders' | 'points' | 'cancellations' | 'sales';
  /** Seconds between two runs, from SWEEP_INTERVAL_SECONDS. */
  everySeconds: number;
  /** Seconds from a process's start to its first run (timers only; the queue's ticks are shared). */
  firstSeconds: number;
  /** How long the queue keeps a finished run to look at (default a day); a frequent kind keeps less. */
  keepFinishedSeconds?: number;
  run(ctx: AppContext): Promise<unknown>;
}

/** 销量 folded from the orders' tally this often (or as often as the sweeps, if more often). */
const SALES_FOLD_SECONDS = 2;

export function timedWorkKinds(intervalSeconds: number): TimedWorkKind[] {
  return [
    // unpaid → cancelled (after asking the payment providers), shipped → received, activities ended,
    // 秒杀 reminders, commissions settled
    {
      queue: 'order-sweep',
      sweeper: 'orders',
      everySeconds: intervalSeconds,
      firstSeconds: Math.min(intervalSeconds, 5),
      run: sweepOnce,
    },
    // a year's points expire once a year: every ten minutes at most is plenty
    {
      queue: 'points-expiry',
      sweeper: 'points',
      everySeconds: Math.max(intervalSeconds, 600),
      firstSeconds: 10,
      run: (ctx) => sweepPointsOnce(ctx),
    },
    // 注销账号: members whose cooling-off is over are erased
    {
      queue: 'cancellation-erasure',
      sweeper: 'cancellations',
      everySeconds: Math.max(intervalSeconds, 10),
      firstSeconds: Math.max(intervalSeconds, 10),
      run: eraseDueMembers,
    },
    // 销量: the units the orders wrote to the tally, counted into the goods (catalog's countSales)
    {
      queue: 'sales-fold',
      sweeper: 'sales',
      everySeconds: Math.min(intervalSeconds, SALES_FOLD_SECONDS),
      firstSeconds: Math.min(intervalSeconds, SALES_FOLD_SECONDS),
      keepFinishedSeconds: 60 * 60,
      run: (ctx) => foldSales(ctx.db),
    },
  ];
}

/** Runs one kind once, counted in processMetrics.sweeperRuns; a failure is logged and thrown on. */
export async function runCounted(ctx: AppContext, kind: TimedWorkKind): Promise<void> {
  try {
    await kind.run(ctx);
    processMetrics.sweeperRuns.inc({ sweeper: kind.sweeper, result: 'ok' });
  } catch (err) {
    processMetrics.sweeperRuns.inc({ sweeper: kind.sweeper, result: 'failed' });
    ctx.log.error({ err, work: kind.queue }, 'timed work failed');
    throw err;
  }
}
