import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './lib/db.ts';
import { migrate } from './lib/migrate.ts';
import { loadSecrets } from './lib/secrets.ts';
import { buildApp } from './app.ts';
import { smsProviderFor } from './lib/sms/sms-provider.ts';
import { seedDemoData } from './seed/demo.ts';
import { startTimedWork } from './flows/timed-work.ts';
import { connectSubscribers } from './flows/subscriptions.ts';
import { ensureBuiltins } from './modules/operators/operators.service.ts';
import { warmGoodsIndex } from './modules/search/search.service.ts';
import { warmUp } from './lib/warm-up.ts';

export interface Running {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

export interface BootOptions {
  /** PGlite in memory instead of DATA_DIR (tests). */
  inMemory?: boolean;
  logger?: boolean;
  /** With inMemory: a dump of an already migrated PGlite to start from (tests; saves its initdb). */
  pgliteSnapshot?: Blob;
  onProgress?: (message: string) => void;
  /**
   * Several processes (SERVER_PROCESSES > 1): 'primary' prepares the database once (migrations, built-in
   * operators, demo data, the demo's secrets file) and starts no sweeper, then closes and forks; each
   * 'worker' skips those steps, which its primary has done, so N workers never race them.
   */
  role?: 'primary' | 'worker';
}

/** Opens the database, applies migrations, makes demo data when asked, and builds the app. */
export async function boot(config: Config, opts: BootOptions = {}): Promise<Running> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: opts.inMemory ? undefined : config.dataDir,
    poolSize: config.DATABASE_POOL_SIZE,
    snapshot: opts.inMemory ? opts.pgliteSnapshot : undefined,
  });
  try {
    const prepares = opts.role !== 'worker';
    if (prepares) {
      await migrate(database);
      await ensureBuiltins(database.db); // the console's built-in roles and the system operator
    }
    const secrets = loadSecrets(config, !opts.inMemory);
    const sms = smsProviderFor(config, database.db);
    const ctx = { config, db: database.db, dbKind: database.kind, secrets, sms };
    connectSubscribers(); // who hears the moments of orders, members and the catalogue (flows/subscriptions.ts)
    const app = await buildApp({ ctx, logger: opts.logger ?? true, poolFigures: database.poolFigures });
    if (config.demoData && prepares) await seedDemoData(app.ctx, opts.onProgress ?? ((m) => app.log.info(m)));
    // The sweeps (unpaid → cancelled, shipped → received, points expiry, 注销账号 erasure …): a queue on
    // PostgreSQL, timers on PGlite (flows/timed-work.ts); test servers (in memory) run them by hand. Each
    // worker of several processes takes part in the queue; their primary, which only prepares, does not.
    const timedWorkOn =
      config.SWEEP_INTERVAL_SECONDS > 0 && config.NODE_ENV !== 'test' && !opts.inMemory && opts.role !== 'primary';
    const timedWork = timedWorkOn ? await startTimedWork(app.ctx) : undefined;
    // search's in-memory goods index, read in the background while the server starts listening (/readyz waits for it)
    if (!opts.inMemory && opts.role !== 'primary') warmUp('search index', warmGoodsIndex(app.ctx.db));
    return {
      app,
      database,
      close: async () => {
        await timedWork?.stop();
        await app.close();
        await database.close();
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}
