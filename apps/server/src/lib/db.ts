import fs from 'node:fs';
import path from 'node:path';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';

/**
 * Drizzle without the relational query API (`db.query.…`, unused here): given the schema, drizzle
 * made a query builder for each of the ~80 tables on every transaction it opened.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** What `db.transaction` hands to its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a script of several statements (migrations). */
  execScript(text: string): Promise<void>;
  /** The pool's connections now (for /metrics); the embedded database has no pool. */
  poolFigures?: () => { total: number; idle: number; waiting: number };
  /** The embedded database only: its data directory as one tar (gzip), for backups. */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite data directory; undefined means in memory (tests). */
  dataDir?: string;
  poolSize?: number;
  /** PGlite: start from this data directory dump (tests' migrated template; a restore into an empty dataDir). */
  snapshot?: Blob;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10);
  return openPglite(opts.dataDir, opts.snapshot);
}

/** The databases opened on a PostgreSQL server (shared by processes), as opposed to PGlite's. */
const serverDatabases = new WeakSet<object>();

/** Whether `db` is a pool on a PostgreSQL server (not PGlite, and not a transaction). */
export function isServerDatabase(db: DbOrTx): db is Db {
  return serverDatabases.has(db);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // bigint (int8) counts arrive as strings by default; our counts and sums fit in a JS number.
  pg.types.setTypeParser(20, (v: string) => Number(v));
  // A database that accepts connections but does not answer (starting, failing over) is given up on
  // after 5 s: the request gets a 503 (app.ts) instead of waiting for as long as the client does.
  // A hot statement (HOT) is named after its text: one text, one name, on every connection.
  const hotNames = new Map<string, string>();
  class HotStatementsClient extends pg.Client {
    override query(...args: unknown[]) {
      const config = args[0] as { name?: string; text: string } | undefined;
      if (config?.name === HOT) {
        let name = hotNames.get(config.text);
        if (!name) hotNames.set(config.text, (name = `${HOT}_${hotNames.size + 1}`));
        args[0] = { ...config, name };
      }
      return (super.query as (...a: unknown[]) => never).apply(this, args);
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
    Client: HotStatementsClient,
  });
  pool.on('error', () => {}); // an idle client's error must not crash the process
  // Nor a lent one's: a connection lost while a client is out of the pool (inside a transaction, between
  // its statements) is an 'error' event with no listener, which would end the process when the database
  // restarts. Its next statement fails instead (a 503, app.ts) and the pool drops it when it comes back.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool) as unknown as Db;
  serverDatabases.add(db);
  return {
    db,
    kind: 'postgres',
    execScript: async (text) => void (await pool.query(text)),
    poolFigures: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string | undefined, snapshot?: Blob): Promise<Database> {
  let lock: DataDirLock | undefined;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    lock = acquireDataDirLock(dataDir);
  }
  try {
    const { PGlite, types } = await import('@electric-sql/pglite');
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    const { drizzle } = await import('drizzle-orm/pglite');
    const client = await PGlite.create({
      dataDir: dataDir ? path.join(dataDir, 'pglite') : undefined,
      ...(snapshot ? { loadDataDir: snapshot } : {}),
      extensions: { pg_trgm },
      parsers: { [types.INT8]: (v: string) => Number(v) },
    });
    const db = drizzle(client) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      execScript: async (text) => void (await client.exec(text)),
      dumpDataDir: () => client.dumpDataDir('gzip'),
      close: async () => {
        await client.close();
        lock?.release();
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}

/**
 * Marks a hot statement, one that every order (or every signed-in request) runs: drizzle's
 * `.prepare(HOT)` or `hotRows`. On a PostgreSQL server each pooled connection then parses and plans it
 * once (a prepared statement named after its text) and later runs send only its parameters: parsing
 * and planning every statement again was a large share of the database's CPU under the checkout's
 * load. PGlite runs it as any other statement. Only for statements that name their columns (no `*`:
 * a prepared statement refuses a table's new column until its connection ends).
 */
export const HOT = 'hot';

const dialect = new PgDialect();

/** Rows of a raw hot statement (see HOT), the same on both drivers. */
export async function hotRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, HOT, false);
  const result = (await prepared.execute()) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A hot statement (HOT) that drizzle builds once per connection instead of on every run: `build` writes
 * it with `sql.placeholder(name)` for what varies and ends in `.prepare(HOT)`; a run passes the values
 * to `execute`. Drizzle's building (its query builder, then the SQL text) was 16 % of the server's CPU
 * under the checkout's load. A prepared query runs on the connection it was built on, so one is kept per
 * connection (the pool, or a pooled client a transaction holds; PGlite's transactions are each new, and
 * build it again). `shape` names a different form of the statement (the columns an insert sets, the
 * number of rows it writes): each is built and kept apart.
 */
export function keptStatement<Q>(build: (db: DbOrTx, shape: string) => Q): (db: DbOrTx, shape?: string) => Q {
  const kept = new WeakMap<object, Map<string, Q>>();
  return (db, shape = '') => {
    const connection = (db._.session as unknown as { client: object }).client;
    let shapes = kept.get(connection);
    if (!shapes) kept.set(connection, (shapes = new Map()));
    let statement = shapes.get(shape);
    if (!statement) shapes.set(shape, (statement = build(db, shape)));
    return statement;
  };
}

/**
 * An insert's row of `sql.placeholder`s, one per key, named `${prefix}${key}` (for keptStatement): typed as
 * the row it stands for, which drizzle accepts.
 */
export function placeholdersOf<Row>(keys: string[], prefix = ''): Row {
  return Object.fromEntries(keys.map((k) => [k, sql.placeholder(`${prefix}${k}`)])) as Row;
}

/** The keys of a row that hold a value, in a fixed order: an insert's shape (keptStatement). */
export function keysWithValues(row: object): string[] {
  return Object.keys(row)
    .filter((k) => (row as Record<string, unknown>)[k] !== undefined)
    .sort();
}

/**
 * A PostgreSQL array literal of integers (nothing to quote), bound as one parameter and cast with
 * `::int[]`: the statement's text stays the same however many values (a hot statement stays one).
 */
export const intArray = (values: readonly number[]) => `{${values.join(',')}}`;

/** Rows of a raw query, the same on both drivers. */
export async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Serialises one domain's writes for one key (a member's cart, a member's addresses) until the
 * transaction ends: a transaction-scoped advisory lock on (domain, key). It locks no table row, so
 * no domain takes a lock on another's rows; both halves are hashed, a collision only makes two keys
 * wait for each other. Must run inside a transaction.
 */
export async function lockKey(tx: DbOrTx, domain: string, key: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${domain}), hashtext(${key}))`);
}

export { sql };
