import { sql } from 'drizzle-orm';
import type { Job, Queue, WorkOptions } from 'pg-boss';
import type { AppContext } from '../lib/context.ts';
import { rows, type Db } from '../lib/db.ts';

/**
 * The queue's kill drill (flows/timed-work-processes.test.ts), worked only with TIMED_WORK_DRILL on:
 * jobs whose effect is a row, written in one transaction with a guard row keyed by the job, the way
 * the sweeps guard theirs with conditional updates. The test kills processes while the jobs run and
 * counts the effects: each job's exactly once. Its tables are made by the test in its own database.
 */
export const DRILL_QUEUE = 'timed-work-drill';

/** Short expiry, so that a job killed with its process is retried within seconds; retries to spare for a job killed more than once. */
export const DRILL_QUEUE_OPTIONS: Omit<Queue, 'name'> = {
  policy: 'standard',
  expireInSeconds: 5,
  retryLimit: 20,
  retryDelay: 0,
};
/**
 * Two workers per process, fetching again at once while batches come back full: with a poll's pause after
 * every batch three processes kept up with fewer jobs a second than the drill schedules, and a loaded
 * machine's backlog, not the kills, set its length (155 s once).
 */
export const DRILL_WORK_OPTIONS: WorkOptions = {
  batchSize: 3,
  pollingIntervalSeconds: 0.5,
  burstWhenBatchFull: true,
  localConcurrency: 2,
};

export async function createDrillTables(db: Db) {
  await db.execute(sql`CREATE TABLE timed_work_drill_done (key text PRIMARY KEY)`);
  await db.execute(sql`CREATE TABLE timed_work_drill_effects (key text NOT NULL, pid int NOT NULL)`);
  await db.execute(
    sql`CREATE TABLE timed_work_drill_attempts (key text NOT NULL, retry_count int NOT NULL, pid int NOT NULL, outcome text)`,
  );
}

/** One job after the other; a kill mid-batch leaves the batch's unfinished jobs active until they expire. */
export async function runDrillJobs(ctx: AppContext, jobs: Job<{ key: string }>[]) {
  for (const job of jobs) {
    const { key } = job.data;
    await ctx.db.execute(
      sql`INSERT INTO timed_work_drill_attempts (key, retry_count, pid) VALUES (${key}, ${job.retryCount}, ${process.pid})`,
    );
    const outcome = await ctx.db.transaction(async (tx) => {
      const guard = await rows(
        tx,
        sql`INSERT INTO timed_work_drill_done (key) VALUES (${key}) ON CONFLICT DO NOTHING RETURNING key`,
      );
      if (!guard.length) return 'already done';
      await tx.execute(sql`INSERT INTO timed_work_drill_effects (key, pid) VALUES (${key}, ${process.pid})`);
      // the work's own time (20–50 ms), inside the transaction, so that a kill can land mid-way
      await tx.execute(sql`SELECT pg_sleep(0.02 + random() * 0.03)`);
      return 'done';
    });
    await ctx.db.execute(
      sql`UPDATE timed_work_drill_attempts SET outcome = ${outcome} WHERE key = ${key} AND retry_count = ${job.retryCount} AND pid = ${process.pid}`,
    );
  }
}
