import type { AppContext } from './context.ts';

/**
 * One PostgreSQL connection of its own that LISTENs on a channel (never one of the pool's: a
 * transaction-mode pooler does not keep a LISTEN), reconnecting with growing pauses when it is lost.
 * What the listener does with a note, once it listens (again), and when it loses the connection is the
 * caller's: the cache bus (lib/cache-listener.ts) and the 秒杀 sold-out marks use it.
 */
export interface ListeningOptions {
  channel: string;
  /** The connection's name in pg_stat_activity. */
  applicationName: string;
  /** Pauses between reconnection attempts (ms), the last one repeated. */
  reconnectMs: readonly number[];
  /** Logged at each loss, before reconnecting. */
  lostMessage: string;
  onNote(payload: string): void;
  /** Once LISTEN holds; `again` after a lost connection or a failed first try, when notes may have been missed. */
  onListening(again: boolean): Promise<void> | void;
  onLost?(): void;
}

export interface ListeningConnection {
  /** Whether notes reach this process now. */
  readonly listening: boolean;
  stop(): Promise<void>;
}

export async function listenOnOwnConnection(ctx: AppContext, o: ListeningOptions): Promise<ListeningConnection> {
  const { default: pg } = await import('pg');
  let stopped = false;
  let listening = false;
  let client: InstanceType<typeof pg.Client> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let attempt = 0;

  const retry = () => {
    if (stopped || timer) return;
    const wait = o.reconnectMs[Math.min(attempt, o.reconnectMs.length - 1)]!;
    attempt += 1;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, wait);
    timer.unref();
  };

  const connect = async () => {
    // Bounded like the pool's connections: a connect that hangs (a half-open address) is retried, and never
    // holds up a stop.
    const c = new pg.Client({
      connectionString: ctx.config.DATABASE_URL,
      application_name: o.applicationName,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    client = c;
    let gone = false;
    const drop = (err?: Error) => {
      if (gone) return;
      gone = true;
      listening = false;
      o.onLost?.();
      if (!stopped) {
        ctx.log.warn({ err: err?.message }, o.lostMessage);
        retry();
      }
    };
    c.on('error', drop);
    c.on('end', () => drop());
    c.on('notification', (m) => {
      if (m.channel === o.channel && m.payload !== undefined) o.onNote(m.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${o.channel}`);
      if (stopped) return void (await c.end().catch(() => {}));
      await o.onListening(attempt > 0);
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
