import type { AppContext } from '../../lib/context.ts';
import type { Db } from '../../lib/db.ts';
import { onCacheDropped } from '../../lib/cache-bus.ts';
import { AppError } from '../../lib/errors.ts';
import { KeptBody } from '../../lib/reply-body.ts';
import { keepingAt } from './kept-moment.ts';

/**
 * The buyer's goods page (GET /member/goods/goods/detail/:id), its reply kept per goods for a moment:
 * it is the shop's most asked read after the home, and building it is three statements. What it shows
 * changes two ways:
 *
 * - an operator's or a supplier's write (name, pictures, prices, SKUs, shelf, stock set by hand): every
 *   process drops every page at once, through the cache bus's 'catalog' (catalog-changes.ts);
 * - orders (stock, sales): not announced. A page is read again once it is FRESH_MS old, and answers as it
 *   was while that read runs (kept-moment.ts): its stock is at most FRESH_MS and one read old. The order
 *   decides: checkout counts the stock in its own transaction and refuses 库存不足, so a stale figure never
 *   sells what is not there. Announcing every order would put a NOTIFY per checkout on the busiest path
 *   for a figure the buyer sees a second later anyway.
 *
 * A missing or off-shelf goods is kept too (the same way): asking for ids that do not exist must not
 * cost a statement each. Only the buyer's page is kept; the other readers of goodsDetail (delivery
 * quote, the assistant, the console, the seed) read the tables.
 */
/** Goods pages kept per database; past it the oldest is dropped. */
const MAX_PAGES = 5_000;

interface Page {
  /** When the read behind `reply` started. */
  at: number;
  /** The encoded reply, or the error the page answers with. */
  reply: Promise<KeptBody>;
  /** A new read of it is on its way (it keeps answering meanwhile). */
  refreshing: boolean;
}

const pagesOf = new WeakMap<Db, Map<number, Page>>();

onCacheDropped('catalog', (db) => pagesOf.delete(db));

/** The goods page's reply body (the envelope around its detail), or the catalogue's error for it. */
export function goodsPageReply(ctx: AppContext, id: number, load: (id: number) => Promise<unknown>): Promise<KeptBody> {
  let pages = pagesOf.get(ctx.db);
  if (!pages) pagesOf.set(ctx.db, (pages = new Map()));
  const kept = pages.get(id);
  const now = Date.now();
  const keeping = kept ? keepingAt(now - kept.at) : 'gone';
  if (kept && keeping !== 'gone') {
    if (keeping === 'read-again' && !kept.refreshing) refresh(pages, id, kept, load);
    return kept.reply;
  }
  // Concurrent askers share one read; a drop during it empties the map, so what it read is not kept.
  const page: Page = { at: now, reply: read(id, load), refreshing: false };
  keep(pages, id, page);
  // A page's own answer (商品不存在, 已下架) is kept; a failed read (the database away) is not.
  page.reply.catch((err: unknown) => {
    if (!(err instanceof AppError) && pages.get(id) === page) pages.delete(id);
  });
  return page.reply;
}

const read = (id: number, load: (id: number) => Promise<unknown>) =>
  load(id).then((detail) => new KeptBody(JSON.stringify(detail), false));

/** Reads a kept page again and puts the new one in its place once it is read; a failed read keeps the old. */
function refresh(pages: Map<number, Page>, id: number, kept: Page, load: (id: number) => Promise<unknown>) {
  kept.refreshing = true;
  const at = Date.now();
  const reply = read(id, load);
  const replace = () => {
    if (pages.get(id) === kept) keep(pages, id, { at, reply, refreshing: false });
  };
  reply
    .then(replace, (err: unknown) => {
      if (err instanceof AppError) replace(); // the page's own answer (已下架); the database away: kept as it was
    })
    .finally(() => (kept.refreshing = false));
}

function keep(pages: Map<number, Page>, id: number, page: Page) {
  pages.delete(id); // the newest last: the oldest is dropped first
  pages.set(id, page);
  if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!);
}
