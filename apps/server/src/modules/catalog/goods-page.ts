import type { AppContext } from '../../lib/context.ts';
import type { Db } from '../../lib/db.ts';
import { onCacheDropped } from '../../lib/cache-bus.ts';
import { AppError } from '../../lib/errors.ts';
import { KeptBody } from '../../lib/reply-body.ts';

/**
 * The buyer's goods page (GET /member/goods/goods/detail/:id), its reply kept per goods for a moment:
 * it is the shop's most asked read after the home, and building it is three statements. What it shows
 * changes two ways:
 *
 * - an operator's or a supplier's write (name, pictures, prices, SKUs, shelf, stock set by hand): every
 *   process drops every page at once, through the cache bus's 'catalog' (catalog-changes.ts);
 * - orders (stock, sales): not announced, so a page's stock is at most FRESH_MS old in any process. The
 *   order decides: checkout counts the stock in its own transaction and refuses 库存不足, so a stale
 *   figure never sells what is not there. Announcing every order would put a NOTIFY per checkout on
 *   the busiest path for a figure the buyer sees a second later anyway.
 *
 * A missing or off-shelf goods is kept too (the same short while): asking for ids that do not exist
 * must not cost a statement each. Only the buyer's page is kept; the other readers of goodsDetail
 * (delivery quote, the assistant, the console, the seed) read the tables.
 */
const FRESH_MS = 2_000;
/** Goods pages kept per database; past it the oldest is dropped. */
const MAX_PAGES = 5_000;

interface Page {
  at: number;
  /** The encoded reply, or the error the page answers with. */
  reply: Promise<KeptBody>;
}

const pagesOf = new WeakMap<Db, Map<number, Page>>();

onCacheDropped('catalog', (db) => pagesOf.delete(db));

/** The goods page's reply body (the envelope around its detail), or the catalogue's error for it. */
export function goodsPageReply(ctx: AppContext, id: number, load: (id: number) => Promise<unknown>): Promise<KeptBody> {
  let pages = pagesOf.get(ctx.db);
  if (!pages) pagesOf.set(ctx.db, (pages = new Map()));
  const kept = pages.get(id);
  const now = Date.now();
  if (kept && now - kept.at < FRESH_MS) return kept.reply;
  // Concurrent askers share one load; a drop during it empties the map, so what it read is not kept.
  const reply = load(id).then((detail) => new KeptBody(JSON.stringify(detail), false));
  pages.delete(id);
  pages.set(id, { at: now, reply });
  // A page's own answer (商品不存在, 已下架) is kept; a failed read (the database away) is not.
  reply.catch((err: unknown) => {
    if (!(err instanceof AppError) && pages.get(id)?.reply === reply) pages.delete(id);
  });
  if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!);
  return reply;
}
