import type { AppContext } from '../lib/context.ts';
import { timedWorkKinds } from './timed-work-kinds.ts';
import { startQueue } from './timed-work-queue.ts';
import { startTimers, type TimedWorkRunner } from './timed-work-timers.ts';

/**
 * The shop's timed work (sweeps: timed-work-kinds.ts), started by bootstrap.ts. On PostgreSQL, where
 * several processes may share the database, in a pg-boss queue: each tick runs once across the
 * processes and a job whose process died is retried by another. On PGlite, always one process, on
 * timers in that process. docs/scaling.md «Timed work».
 */
export async function startTimedWork(ctx: AppContext): Promise<TimedWorkRunner> {
  const kinds = timedWorkKinds(ctx.config.SWEEP_INTERVAL_SECONDS);
  return ctx.dbKind === 'postgres' ? startQueue(ctx, kinds) : startTimers(ctx, kinds);
}
