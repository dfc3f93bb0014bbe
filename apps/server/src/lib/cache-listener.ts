import type { AppContext } from './context.ts';
import {
  CACHE_CHANNEL,
  dropEveryCacheHere,
  dropHere,
  originOf,
  parseNote,
  reportCacheBusErrorsTo,
} from './cache-bus.ts';

/**
 * This process's ear on the cache bus (lib/cache-bus.ts). On a PostgreSQL server: one dedicated
 * connection of its own (never one of the pool's, and it must reach PostgreSQL directly: a
 * transaction-mode pooler such as PgBouncer does not keep a LISTEN), which LISTENs on CACHE_CHANNEL
 * and drops what other processes announce. When that connection is lost it reconnects with a growing
 * pause, and once it listens again every cache is dropped: whatever was announced meanwhile is missed,
 * so nothing cached before is trusted. On PGlite there is only this process, whose writers already
 * drop its caches: nothing to listen to.
 */
export interface CacheListener {
  /** Whether notes from other processes reach this one now. */
  readonly listening: boolean;
  stop(): Promise<void>;
}

/** The listening connection's name in pg_stat_activity. */
export const CACHE_LISTENER_NAME = 'mall-cache-bus';

/** Pauses between reconnection attempts (ms), the last one repeated. */
const RECONNECT_MS = [100, 250, 500, 1000, 2000, 5000];

export async function listenForCacheChanges(ctx: AppContext): Promise<CacheListener> {
  reportCacheBusErrorsTo(ctx.db, ctx.log);
  if (ctx.dbKind === 'pglite' || !ctx.config.DATABASE_URL) return { listening: true, stop: async () => {} };
  const { default: pg } = await import('pg');
  const self = originOf(ctx.db);
  let stopped = false;
  let listening = false;
  let client: InstanceType<typeof pg.Client> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let attempt = 0;

  const retry = () => {
    if (stopped || timer) return;
    const wait = RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)]!;
    attempt += 1;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, wait);
    timer.unref();
  };

  const connect = async () => {
    const c = new pg.Client({ connectionString: ctx.config.DATABASE_URL, application_name: CACHE_LISTENER_NAME });
    client = c;
    let gone = false;
    const drop = (err?: Error) => {
      if (gone) return;
      gone = true;
      listening = false;
      if (!stopped) {
        ctx.log.warn({ err: err?.message }, '缓存失效监听连接中断，重连中 (cache bus: listener lost, reconnecting)');
        retry();
      }
    };
    c.on('error', drop);
    c.on('end', () => drop());
    c.on('notification', (m) => {
      if (m.channel !== CACHE_CHANNEL || m.payload === undefined) return;
      const note = parseNote(m.payload);
      if (note && note.from !== self) dropHere(ctx.db, note.cache, note.ids);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CACHE_CHANNEL}`);
      if (stopped) return void (await c.end().catch(() => {}));
      // listening again: any note sent while the connection was down is lost, so drop everything
      if (attempt > 0) dropEveryCacheHere(ctx.db);
      listening = true;
      attempt = 0;
    } catch (err) {
      drop(err as Error);
      await c.end().catch(() => {});
    }
  };

  await connect();
  return {
    get listening() {
      return listening;
    },
    stop: async () => {
      stopped = true;
      listening = false;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => {});
    },
  };
}
