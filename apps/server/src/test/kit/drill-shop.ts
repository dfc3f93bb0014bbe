import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { openDatabase, type Db } from '../../lib/db.ts';
import { startTestServer, type TestServer } from '../harness.ts';

/**
 * A shop's database for a drill on a server process of its own (server-process.ts): PGlite in a data
 * directory, or (with TEST_DATABASE_URL) a fresh database on the test's PostgreSQL. Both start migrated
 * from the run's template. `withDb` reaches the tables from the test: on PGlite only while no server
 * holds the directory (PGlite is one process's), on PostgreSQL at any time.
 */
export interface DrillShop {
  dataDir: string;
  /** For the server process: its database on PostgreSQL, undefined on PGlite (then it is in dataDir). */
  databaseUrl?: string;
  withDb<T>(work: (db: Db) => Promise<T>): Promise<T>;
  /**
   * On PostgreSQL, the in-process test server that made the database: set-up through the kit's
   * helpers that take a TestServer (operators' calls, a sandbox payment, a settling run).
   */
  holder?: TestServer;
  close(): Promise<void>;
}

/** `holderEnv`: settings of the holding test server (on PostgreSQL), e.g. the secrets its server processes share. */
export async function drillShop(prefix: string, holderEnv: Record<string, string> = {}): Promise<DrillShop> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (process.env.TEST_DATABASE_URL) {
    // A test server makes (and at the end drops) the database; its sweepers are off, so only the
    // server process under test changes it.
    const holder: TestServer = await startTestServer({ ...holderEnv, SWEEP_INTERVAL_SECONDS: '0' });
    return {
      dataDir,
      holder,
      databaseUrl: holder.running.app.ctx.config.DATABASE_URL,
      withDb: (work) => work(holder.running.app.ctx.db),
      close: async () => {
        await holder.close();
        removeDir();
      },
    };
  }
  const file = inject('pgliteSnapshotFile');
  let snapshot: Blob | undefined = file ? new Blob([fs.readFileSync(file)]) : undefined;
  return {
    dataDir,
    withDb: async (work) => {
      // The first opening lays the migrated template into the empty directory.
      const database = await openDatabase({ dataDir, snapshot });
      snapshot = undefined;
      try {
        return await work(database.db);
      } finally {
        await database.close();
      }
    },
    close: async () => removeDir(),
  };
}
