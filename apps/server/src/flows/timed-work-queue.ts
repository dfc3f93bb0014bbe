import { PgBoss, type Queue } from 'pg-boss';
import type { AppContext } from '../lib/context.ts';
import { runCounted, type TimedWorkKind } from './timed-work-kinds.ts';
import type { TimedWorkRunner } from './timed-work-timers.ts';
import { DRILL_QUEUE, DRILL_QUEUE_OPTIONS, DRILL_WORK_OPTIONS, runDrillJobs } from './timed-work-drill.ts';

/** pg-boss's tables live here, made (and migrated) by pg-boss at start; the shop's migrations know nothing of them. */
export const TIMED_WORK_SCHEMA = 'pgboss';
/** pg-boss's own pool, beside the shop's: its polls, sends, heartbeats and supervision are short statements. */
export const TIMED_WORK_POOL_SIZE = 3;
/** How often one of the processes looks for jobs whose process died (expired or silent): a killed job waits about this much past its expiry. */
const SUPERVISE_SECONDS = 5;
/** What the shutdown gives running jobs before it closes (main.ts's whole shutdown has 10 s). */
const STOP_GRACE_MS = 7_000;

/**
 * A sweep's queue. `exclusive`: one job queued or running at a time across all processes, so a tick
 * that comes while a sweep runs is dropped (that sweep drains what is due), as the timers do. A worker
 * beats every 15 s while it runs; a job whose process died stops beating and is retried by another
 * process 30 s (+ supervision) later; `expireInSeconds` bounds a sweep that hangs.
 */
const SWEEP_QUEUE: Omit<Queue, 'name'> = {
  policy: 'exclusive',
  expireInSeconds: 15 * 60,
  heartbeatSeconds: 30,
  retryLimit: 2,
  retryDelay: 5,
  deleteAfterSeconds: 24 * 60 * 60, // a day of finished ticks to look at
};

/**
 * The several-process path (PostgreSQL): one pg-boss queue per kind. Every process arms each kind's
 * tick twice per interval with a throttled send (`singletonSeconds` = the interval): the database keeps
 * one job per interval slot whoever sends it, so each tick runs once across N processes, and ticks go on
 * while any process lives. A worker in every process takes the jobs. pg-boss's cron is minute-grained
 * and the sweep's default is 30 s, so the throttle is the one way for every interval.
 */
export async function startQueue(ctx: AppContext, kinds: TimedWorkKind[]): Promise<TimedWorkRunner> {
  const boss = new PgBoss({
    connectionString: ctx.config.DATABASE_URL,
    schema: TIMED_WORK_SCHEMA,
    max: TIMED_WORK_POOL_SIZE,
    application_name: 'mall-timed-work',
    schedule: false, // no cron: the ticks are throttled sends
    superviseIntervalSeconds: SUPERVISE_SECONDS,
    monitorIntervalSeconds: SUPERVISE_SECONDS,
  });
  boss.on('error', (err) => ctx.log.warn({ err }, 'timed work queue: error (pg-boss retries)'));
  boss.on('warning', (warning) => ctx.log.warn({ warning }, 'timed work queue: warning'));
  await boss.start();
  const arms: NodeJS.Timeout[] = [];
  try {
    for (const kind of kinds) {
      await ensureQueue(boss, kind.queue, {
        ...SWEEP_QUEUE,
        deleteAfterSeconds: kind.keepFinishedSeconds ?? SWEEP_QUEUE.deleteAfterSeconds,
      });
      const pollingIntervalSeconds = Math.min(Math.max(kind.everySeconds / 2, 0.5), 2);
      await boss.work(kind.queue, { pollingIntervalSeconds }, () => runCounted(ctx, kind));
      const arm = () =>
        boss
          .send(kind.queue, null, { singletonSeconds: kind.everySeconds })
          .catch((err: unknown) =>
            ctx.log.warn({ err, work: kind.queue }, 'timed work: tick not armed (the next one will be)'),
          );
      void arm();
      arms.push(setInterval(arm, (kind.everySeconds * 1000) / 2));
    }
    if (ctx.config.TIMED_WORK_DRILL) {
      await ensureQueue(boss, DRILL_QUEUE, DRILL_QUEUE_OPTIONS);
      await boss.work<{ key: string }>(DRILL_QUEUE, DRILL_WORK_OPTIONS, (jobs) => runDrillJobs(ctx, jobs));
    }
  } catch (err) {
    arms.forEach(clearInterval);
    await boss.stop({ graceful: false });
    throw err;
  }
  ctx.log.info({ kinds: kinds.map((k) => k.queue), schema: TIMED_WORK_SCHEMA }, 'timed work: on the PostgreSQL queue');
  return {
    async stop() {
      arms.forEach(clearInterval);
      // waits for running jobs; one still running after the grace stays active in the queue and is
      // retried by another process once its beats stop
      await boss.stop({ graceful: true, timeout: STOP_GRACE_MS });
    },
  };
}

/** Makes the queue once (pg-boss ignores a second create) and brings its options to these. */
export async function ensureQueue(boss: PgBoss, name: string, options: Omit<Queue, 'name'>) {
  await boss.createQueue(name, options);
  const { policy: _policy, partition: _partition, ...changeable } = options;
  await boss.updateQueue(name, changeable);
}
