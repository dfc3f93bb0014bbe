import pg from 'pg';
import { appliedMigrations, fixRowText, takeCensus, type Census, type Query } from './census.ts';
import { findPgTool, runTool, toolConnection } from './pg-tools.ts';

/**
 * A PostgreSQL server's database through pg_dump / pg_restore (custom format). The census and the
 * dump read one snapshot: a repeatable-read transaction exports it and pg_dump is started on it, so a
 * shop that keeps selling during the backup still gets counts that match the dump exactly.
 */
export const POSTGRES_DUMP = 'database/postgres.dump';

export async function dumpPostgres(
  databaseUrl: string,
  outFile: string,
  pgBin?: string,
): Promise<{ census: Census; migrations: string[] }> {
  const pgDump = findPgTool('pg_dump', pgBin);
  return withClient(databaseUrl, async (query) => {
    await query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    try {
      const [row] = await query('SELECT pg_export_snapshot() AS snapshot');
      await fixRowText(query);
      const taken = { census: await takeCensus(query), migrations: await appliedMigrations(query) };
      const { url, env } = toolConnection(databaseUrl);
      await runTool(
        pgDump,
        [
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          `--snapshot=${String(row!.snapshot)}`,
          `--file=${outFile}`,
          url,
        ],
        env,
      );
      return taken;
    } finally {
      await query('COMMIT');
    }
  });
}

/**
 * Restores a dump in one transaction: the dump's objects are dropped where they exist and made again,
 * so a failure leaves the database as it was.
 */
export async function restorePostgres(databaseUrl: string, dumpFile: string, pgBin?: string): Promise<void> {
  const pgRestore = findPgTool('pg_restore', pgBin);
  const { url, env } = toolConnection(databaseUrl);
  await runTool(
    pgRestore,
    [
      '--clean',
      '--if-exists',
      '--single-transaction',
      '--exit-on-error',
      '--no-owner',
      '--no-privileges',
      `--dbname=${url}`,
      dumpFile,
    ],
    env,
  );
}

export async function postgresCensus(databaseUrl: string): Promise<{ census: Census; migrations: string[] }> {
  return withClient(databaseUrl, async (query) => {
    await query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    try {
      await fixRowText(query);
      return { census: await takeCensus(query), migrations: await appliedMigrations(query) };
    } finally {
      await query('COMMIT');
    }
  });
}

/** Whether the database holds any table of its own: a shop has started on it at least once. */
export async function postgresHasTables(databaseUrl: string): Promise<boolean> {
  return withClient(databaseUrl, async (query) => {
    const [row] = await query(`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`);
    return Number(row!.n) > 0;
  });
}

async function withClient<T>(databaseUrl: string, run: (query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await run(async (text) => (await client.query(text)).rows as Record<string, unknown>[]);
  } finally {
    await client.end();
  }
}
