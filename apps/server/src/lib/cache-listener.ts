import type { AppContext } from './context.ts';
import { listenOnOwnConnection } from './listening-connection.ts';
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

export async function listenForCacheChanges(ctx: AppContext): Promise<CacheListener> {
  reportCacheBusErrorsTo(ctx.db, ctx.log);
  if (ctx.dbKind === 'pglite' || !ctx.config.DATABASE_URL) return { listening: true, stop: async () => {} };
  const self = originOf(ctx.db);
  return listenOnOwnConnection(ctx, {
    channel: CACHE_CHANNEL,
    applicationName: CACHE_LISTENER_NAME,
    reconnectMs: [100, 250, 500, 1000, 2000, 5000],
    lostMessage: '缓存失效监听连接中断，重连中 (cache bus: listener lost, reconnecting)',
    onNote: (payload) => {
      const note = parseNote(payload);
      if (note && note.from !== self) dropHere(ctx.db, note.cache, note.ids);
    },
    // listening again: any note sent while the connection was down is lost, so drop everything
    onListening: (again) => {
      if (again) dropEveryCacheHere(ctx.db);
    },
  });
}
