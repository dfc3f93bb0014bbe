import type { AppContext } from '../../lib/context.ts';
import { cacheVersion, onCacheDropped } from '../../lib/cache-bus.ts';
import { docOf, setSales, type GoodsIndex } from './goods-index.ts';
import { buildGoodsIndex } from './goods-index-build.ts';
import * as repo from './search.repo.ts';

/**
 * One in-memory goods index per database in each server process (goods-index.ts), and when it may
 * answer. It is current only while the catalogue has not changed since it was read: any catalogue
 * write (here, or in another process through the cache bus) makes it stale at once, and until a
 * new one is built a short while later the database answers every search, so a write is never
 * missed. 销量 changes when the timed fold counts the orders' tally into the goods: the fold names the
 * goods it changed on the cache bus ('goods-sales'), and the next search reads just those again. All of
 * them are read again every SALES_RESYNC_MS while buyers search, and whenever the bus says "all" (its
 * listening connection came back): a note lost with a dying process, or 销量 changed by hand, is seen
 * within a minute. A full read goes SALES_PAGE goods a statement: all 100,000 in one held the event loop
 * for 20–50 ms while their rows were parsed; every 5 s, as it used to be, it cost 2 % of the server's CPU.
 */
const BUILD_DELAY_MS = 1_000;
const SALES_RESYNC_MS = 60_000;
const SALES_PAGE = 5_000;

interface Kept {
  index: GoodsIndex | null;
  /** The catalogue's cache version the index was read at. */
  version: number;
  buildPending: boolean;
  /** When every goods' 销量 was last read. */
  salesAt: number;
  /** Goods whose 销量 changed since (the cache bus), or all of them. */
  salesDue: Set<number> | 'all';
  salesPending: boolean;
}

const kept = new WeakMap<AppContext['db'], Kept>();

function keptFor(db: AppContext['db']): Kept {
  let k = kept.get(db);
  if (!k) {
    k = { index: null, version: -1, buildPending: false, salesAt: 0, salesDue: new Set(), salesPending: false };
    kept.set(db, k);
  }
  return k;
}

/** The index when it reflects the catalogue as it is; otherwise null, and a new one is on its way. */
export function currentGoodsIndex(db: AppContext['db']): GoodsIndex | null {
  const k = keptFor(db);
  if (k.index && k.version === cacheVersion(db, 'catalog')) {
    const due = k.salesDue === 'all' || k.salesDue.size > 0 || Date.now() - k.salesAt > SALES_RESYNC_MS;
    if (due && !k.salesPending) void refreshSales(db, k, k.index);
    return k.index;
  }
  if (!k.buildPending) {
    k.buildPending = true;
    setTimeout(() => void build(db, k), BUILD_DELAY_MS).unref();
  }
  return null;
}

/** Reads the index at once (a server starting), so that the first searches need not wait for it. */
export async function warmGoodsIndex(db: AppContext['db']) {
  const k = keptFor(db);
  if (k.buildPending) return;
  k.buildPending = true;
  await build(db, k);
}

async function build(db: AppContext['db'], k: Kept) {
  const version = cacheVersion(db, 'catalog');
  try {
    const rows = await repo.indexRows(db);
    // a catalogue write while reading: the next search asks again
    if (version !== cacheVersion(db, 'catalog')) return;
    const index = await buildGoodsIndex(rows);
    if (version !== cacheVersion(db, 'catalog')) return; // a write while building
    k.index = index;
    k.version = version;
    k.salesAt = Date.now(); // notes that came meanwhile stay due: their goods are read again once more
  } catch {
    // the database answers meanwhile (a closed pool at shutdown, a lost connection); the next search asks again
  } finally {
    k.buildPending = false;
  }
}

async function refreshSales(db: AppContext['db'], k: Kept, index: GoodsIndex) {
  k.salesPending = true;
  const due = k.salesDue;
  k.salesDue = new Set();
  try {
    if (due === 'all' || due.size > SALES_PAGE || Date.now() - k.salesAt > SALES_RESYNC_MS) {
      await readSalesInto(db, index);
      k.salesAt = Date.now();
    } else {
      for (const row of await repo.salesOf(db, [...due])) {
        const d = docOf(index, row.id);
        if (d >= 0) setSales(index, d, row.sales);
      }
    }
  } catch {
    k.salesDue = 'all'; // every goods read again on the next search
  } finally {
    k.salesPending = false;
  }
}

onCacheDropped('goods-sales', (db, ids) => {
  const k = keptFor(db);
  if (ids === null) k.salesDue = 'all';
  else if (k.salesDue !== 'all') for (const id of ids) k.salesDue.add(Number(id));
});

/** Reads every on-shelf goods' 销量 into the index, `pageSize` goods a statement, in id order. */
export async function readSalesInto(db: AppContext['db'], index: GoodsIndex, pageSize = SALES_PAGE) {
  for (let afterId = 0, full = true; full; ) {
    const page = await repo.salesOnShelfAfter(db, afterId, pageSize);
    for (const row of page) {
      const d = docOf(index, row.id);
      if (d >= 0) setSales(index, d, row.sales);
    }
    full = page.length === pageSize;
    afterId = page.at(-1)?.id ?? afterId;
  }
}
