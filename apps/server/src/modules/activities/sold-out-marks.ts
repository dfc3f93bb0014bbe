import type { AppContext } from '../../lib/context.ts';
import type { DbOrTx } from '../../lib/db.ts';
import { listenOnOwnConnection } from '../../lib/listening-connection.ts';
import { soldOutSkus, STOCK_CHANNEL } from './activities.repo.ts';

/**
 * 秒杀 SKUs sold out, known to every server process, so that once a session's units are all taken the
 * thousands of 立即抢购 that follow are answered 已抢光 without a query (the checkout asks before it
 * opens a transaction).
 *
 * A mark is only ever a fast "no" that the database would also give: it is set when a checkout's
 * conditional update takes the last unit (a NOTIFY on the channel `activity_stock` in that
 * transaction, delivered to every listening process on commit), cleared when units come back to the
 * running session (a cancelled or timed-out order) or the session is cancelled or ends, and it lapses
 * by itself at the session's end (the database then answers 秒杀已结束). Each process reads the marks
 * from the database when it starts listening and again after a lost connection; while not listening
 * it trusts no mark and every request goes to the database.
 *
 * PostgreSQL: one dedicated connection per process (not one of the pool's) LISTENs, reconnecting with
 * a growing pause. PGlite: its own `listen` (the same NOTIFY, in the one process).
 */

interface Window {
  from: number;
  to: number;
}

/** What the channel carries: a SKU's units left (0: sold out) and its session's window, or a session closed. */
interface Note {
  a: number;
  s?: number;
  left?: number;
  from?: string;
  to?: string;
  closed?: boolean;
}

const keyOf = (activityId: number, skuId: number) => `${activityId}:${skuId}`;

export class SoldOutMarks {
  private marks = new Map<string, Window>();
  private live = false;
  /** Notifications that arrive while the marks are being read; applied after, in order. */
  private queued: string[] | undefined;

  /** True when this SKU of this session is known sold out now (answer 已抢光 without asking). */
  refuses(activityId: number, skuId: number, now = Date.now()): boolean {
    if (!this.live) return false;
    const key = keyOf(activityId, skuId);
    const mark = this.marks.get(key);
    if (!mark) return false;
    if (now >= mark.to) {
      this.marks.delete(key);
      return false;
    }
    return now >= mark.from;
  }

  get size() {
    return this.marks.size;
  }

  get listening() {
    return this.live;
  }

  /** A notification's payload, as it arrives. */
  note(payload: string) {
    if (this.queued) this.queued.push(payload);
    else this.apply(payload);
  }

  private apply(payload: string) {
    let n: Note;
    try {
      n = JSON.parse(payload) as Note;
    } catch {
      return;
    }
    if (!Number.isInteger(n.a)) return;
    if (n.closed) {
      for (const key of [...this.marks.keys()]) if (key.startsWith(`${n.a}:`)) this.marks.delete(key);
      return;
    }
    if (!Number.isInteger(n.s)) return;
    const key = keyOf(n.a, n.s!);
    const from = Date.parse(n.from ?? '');
    const to = Date.parse(n.to ?? '');
    if (n.left === 0 && Number.isFinite(from) && Number.isFinite(to)) this.marks.set(key, { from, to });
    else this.marks.delete(key);
  }

  /**
   * The marks as the database has them, once listening (a notification committed meanwhile is
   * queued and applied after the read, so the last word wins); then the marks are trusted.
   */
  async reload(db: DbOrTx) {
    this.queued = [];
    try {
      const found = await soldOutSkus(db);
      this.marks.clear();
      for (const r of found) {
        this.marks.set(keyOf(r.activity_id, r.sku_id), { from: new Date(r.starts_at).getTime(), to: new Date(r.ends_at).getTime() });
      }
      const queued = this.queued;
      this.queued = undefined;
      for (const payload of queued) this.apply(payload);
      this.live = true;
    } catch (err) {
      this.lost();
      throw err;
    }
  }

  /** The connection is gone: nothing is trusted until it is back and the marks are read again. */
  lost() {
    this.live = false;
    this.queued = undefined;
    this.marks.clear();
  }
}

export interface MarksListener {
  stop(): Promise<void>;
}

/** The listening connection's name in pg_stat_activity. */
export const MARKS_APPLICATION_NAME = 'mall-sold-out-marks';

/** Starts keeping `marks` for this process: listens, then reads the marks. */
export async function listenForMarks(ctx: AppContext, marks: SoldOutMarks): Promise<MarksListener> {
  if (ctx.dbKind === 'pglite') {
    const client = (ctx.db as unknown as { $client: { listen(ch: string, cb: (p: string) => void): Promise<() => Promise<void>> } }).$client;
    const unlisten = await client.listen(STOCK_CHANNEL, (payload) => marks.note(payload));
    await marks.reload(ctx.db);
    return {
      stop: async () => {
        marks.lost();
        await unlisten().catch(() => {});
      },
    };
  }
  return listenOnPostgres(ctx, marks);
}

async function listenOnPostgres(ctx: AppContext, marks: SoldOutMarks): Promise<MarksListener> {
  const connection = await listenOnOwnConnection(ctx, {
    channel: STOCK_CHANNEL,
    applicationName: MARKS_APPLICATION_NAME,
    reconnectMs: [200, 500, 1000, 2000, 5000],
    lostMessage: '秒杀售罄标记：监听连接中断，重连中 (sold-out marks: listener lost, reconnecting)',
    onNote: (payload) => marks.note(payload),
    onListening: () => marks.reload(ctx.db),
    onLost: () => marks.lost(),
  });
  return {
    stop: async () => {
      marks.lost();
      await connection.stop();
    },
  };
}
