import type { AppContext } from '../../lib/context.ts';
import type { Db } from '../../lib/db.ts';
import { onCacheDropped } from '../../lib/cache-bus.ts';
import { AppError } from '../../lib/errors.ts';
import { KeptBody } from '../../lib/reply-body.ts';
import { keepingAt } from './kept-moment.ts';

/**
 * The buyer's goods page (GET /member/goods/goods/detail/:id), its reply kept per goods for a moment:
 * it is the shop's most asked read after the home, and building it is two statements (the goods and its
 * SKUs), sent for every page due at the same moment together. What it shows changes two ways:
 *
 * - an operator's or a supplier's write (name, pictures, prices, SKUs, shelf, stock set by hand): every
 *   process drops every page at once, through the cache bus's 'catalog' (catalog-changes.ts);
 * - orders (stock, sales): not announced. A page is read again once it is FRESH_MS old, and answers as it
 *   was while that read runs (kept-moment.ts): its stock is at most FRESH_MS, READ_AGAIN_BATCH_MS and one
 *   read old. The order decides: checkout counts the stock in its own transaction and refuses 库存不足, so
 *   a stale figure never sells what is not there. Announcing every order would put a NOTIFY per checkout
 *   on the busiest path for a figure the buyer sees a second later anyway.
 *
 * A missing or off-shelf goods is kept too (the same way): asking for ids that do not exist must not
 * cost a statement each. Only the buyer's page is kept; the other readers of goodsDetail (delivery
 * quote, the assistant, the console, the seed) read the tables.
 */
/** Goods pages kept per database; past it the oldest is dropped. */
const MAX_PAGES = 5_000;
/**
 * How long pages due to be read again wait to be read together. Under `goods detail` (1,000 goods asked
 * in turn) 500 pages a second are due: read one by one, two statements each, those reads were a large part
 * of what the page cost the server and the database. Nobody waits on such a read (the page answers as it
 * was meanwhile), so it waits this long for others; a page nobody holds is read at the next turn of the
 * event loop, with whatever else is due then.
 */
export const READ_AGAIN_BATCH_MS = 20;
/**
 * The most pages read together. Pages read at the same moment are due again at the same moment, every
 * FRESH_MS: under `goods detail` all 1,000 within 50 ms, whose reads answered and encoded at once held the
 * event loop 10–17 ms every 2 s (the requests' p99). A batch this size takes 2–3 ms.
 */
export const MAX_BATCH_PAGES = 100;

/** The goods' pages read together: each id's detail, or its own answer (商品不存在, 已下架) as an AppError. */
export type LoadPages = (ids: number[]) => Promise<Map<number, unknown>>;

interface Page {
  /** When the read behind `reply` started. */
  at: number;
  /** The encoded reply, or the error the page answers with. */
  reply: Promise<KeptBody>;
  /** A new read of it is on its way (it keeps answering meanwhile). */
  refreshing: boolean;
}

interface Pages {
  kept: Map<number, Page>;
  /** The reads waiting to be sent together. */
  batch?: Batch;
}

interface Batch {
  /** Each page asked for, with the reply its askers wait on (one per page, however many ask). */
  waiting: Map<number, { reply: Promise<KeptBody>; answer: (detail: unknown) => void }>;
  load: LoadPages;
  timer: NodeJS.Timeout;
  immediate?: NodeJS.Immediate;
}

const pagesOf = new WeakMap<Db, Pages>();

onCacheDropped('catalog', (db) => pagesOf.delete(db));

/** The goods page's reply body (the envelope around its detail), or the catalogue's error for it. */
export function goodsPageReply(ctx: AppContext, id: number, load: LoadPages): Promise<KeptBody> {
  let pages = pagesOf.get(ctx.db);
  if (!pages) pagesOf.set(ctx.db, (pages = { kept: new Map() }));
  const kept = pages.kept.get(id);
  const now = Date.now();
  const keeping = kept ? keepingAt(now - kept.at) : 'gone';
  if (kept && keeping !== 'gone') {
    if (keeping === 'read-again' && !kept.refreshing) refresh(pages, id, kept, load);
    return kept.reply;
  }
  // Concurrent askers share one read; a drop during it empties the map, so what it read is not kept.
  const page: Page = { at: now, reply: read(pages, id, load, 'now'), refreshing: false };
  keep(pages.kept, id, page);
  // A page's own answer (商品不存在, 已下架) is kept; a failed read (the database away) is not.
  page.reply.catch((err: unknown) => {
    if (!(err instanceof AppError) && pages.kept.get(id) === page) pages.kept.delete(id);
  });
  return page.reply;
}

function read(pages: Pages, id: number, load: LoadPages, when: 'now' | 'soon'): Promise<KeptBody> {
  const batch = (pages.batch ??= startBatch(pages, load));
  if (when === 'now') batch.immediate ??= setImmediate(() => sendBatch(pages, batch));
  let wanted = batch.waiting.get(id);
  if (!wanted) {
    let answer!: (detail: unknown) => void;
    const reply = new Promise<unknown>((resolve) => (answer = resolve)).then((detail) => {
      if (detail instanceof Error) throw detail;
      if (detail === undefined) throw new Error(`goods ${id}: its page was not read`);
      return new KeptBody(JSON.stringify(detail), false);
    });
    batch.waiting.set(id, (wanted = { reply, answer }));
    if (batch.waiting.size >= MAX_BATCH_PAGES) sendBatch(pages, batch);
  }
  return wanted.reply;
}

function startBatch(pages: Pages, load: LoadPages): Batch {
  const batch: Batch = {
    waiting: new Map(),
    load,
    timer: setTimeout(() => sendBatch(pages, batch), READ_AGAIN_BATCH_MS),
  };
  batch.timer.unref();
  return batch;
}

/** Sends the batch's read; each page is answered with its detail, its own AppError, or the read's failure. */
function sendBatch(pages: Pages, batch: Batch) {
  if (pages.batch !== batch) return;
  pages.batch = undefined;
  clearTimeout(batch.timer);
  if (batch.immediate) clearImmediate(batch.immediate);
  batch.load([...batch.waiting.keys()]).then(
    (found) => batch.waiting.forEach(({ answer }, id) => answer(found.get(id))),
    (err: unknown) =>
      batch.waiting.forEach(({ answer }) => answer(err instanceof Error ? err : new Error(String(err)))),
  );
}

/**
 * Reads a kept page again and puts the new one in its place once it is read; a failed read keeps the old.
 * A page read again as it was (most are: nothing was ordered meanwhile) keeps its body and is fresh again:
 * replacing every page every FRESH_MS with a copy of itself filled the old generation with bodies that
 * had lived just long enough to be moved there, a full collection every 5–6 s under `goods detail`.
 */
function refresh(pages: Pages, id: number, kept: Page, load: LoadPages) {
  kept.refreshing = true;
  const at = Date.now();
  const reply = read(pages, id, load, 'soon');
  const replace = () => {
    if (pages.kept.get(id) === kept) keep(pages.kept, id, { at, reply, refreshing: false });
  };
  reply
    .then(
      async (body) => {
        const old = await kept.reply.catch(() => undefined);
        if (old?.identity.equals(body.identity) && pages.kept.get(id) === kept) kept.at = at;
        else replace();
      },
      (err: unknown) => {
        if (err instanceof AppError) replace(); // the page's own answer (已下架); the database away: kept as it was
      },
    )
    .finally(() => (kept.refreshing = false));
}

function keep(pages: Map<number, Page>, id: number, page: Page) {
  pages.delete(id); // the newest last: the oldest is dropped first
  pages.set(id, page);
  if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!);
}
