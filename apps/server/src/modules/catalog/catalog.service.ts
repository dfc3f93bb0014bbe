import { Code } from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import type { Db, DbOrTx } from '../../lib/db.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './catalog.repo.ts';
import { presentCard, presentDetail, type CategoryNode, type GoodsCard, type GoodsDetail } from './catalog.presenter.ts';
import { renderCategoryIcon, renderGoodsPicture } from './images.ts';
import { addDictionaryWords } from '../../lib/tokenize.ts';
import { announceCacheChange, cacheVersion, dropHere, onCacheDropped } from '../../lib/cache-bus.ts';
import { cardRowsOf } from './card-rows.ts';

export type { GoodsCard };

/**
 * Reads of the catalogue. The tree, brands and best sellers change rarely and are read on every
 * page, so they are kept in memory for a short while, and dropped in every server process when an
 * operator's write is announced on the cache bus as 'catalog' (catalog-changes.ts).
 */
const TTL_MS = 60_000;
const SALES_TTL_MS = 30_000;

interface Snapshot {
  at: number;
  categories: Map<number, repo.CategoryRow>;
  children: Map<number | null, repo.CategoryRow[]>;
  brands: Map<number, repo.BrandRow>;
  tree: CategoryNode[];
  treeJson: string;
}

const snapshots = new WeakMap<Db, Promise<Snapshot>>();
const snapshotTimes = new WeakMap<Db, number>();
const salesCache = new WeakMap<Db, { at: number; limit: number; json: string }>();
const pictureCache = new Map<string, string>();

onCacheDropped('catalog', (db) => {
  snapshots.delete(db);
  salesCache.delete(db);
  pictureCache.clear();
});

/**
 * Drops the cached catalogue, and what other domains derived from it (search results), in this
 * process only: the goods writer and the seed, whose callers announce the change to every process
 * once it is committed (catalog-changes.ts).
 */
export function invalidateCatalog(db: Db) {
  dropHere(db, 'catalog');
}

async function snapshot(ctx: AppContext): Promise<Snapshot> {
  const at = snapshotTimes.get(ctx.db) ?? 0;
  let pending = snapshots.get(ctx.db);
  if (!pending || Date.now() - at > TTL_MS) {
    pending = loadSnapshot(ctx.db);
    snapshots.set(ctx.db, pending);
    snapshotTimes.set(ctx.db, Date.now());
    pending.catch(() => snapshots.delete(ctx.db));
  }
  return pending;
}

async function loadSnapshot(db: Db): Promise<Snapshot> {
  const [rows, brandRows] = await Promise.all([repo.loadCategories(db), repo.loadBrands(db)]);
  const categories = new Map(rows.map((r) => [r.id, r]));
  const children = new Map<number | null, repo.CategoryRow[]>();
  for (const r of rows) {
    const list = children.get(r.parent_id) ?? [];
    list.push(r);
    children.set(r.parent_id, list);
  }
  const build = (parent: number | null): CategoryNode[] =>
    (children.get(parent) ?? []).map((c) => ({ id: c.id, name: c.name, level: c.level, sortOrder: c.sort_order, icon: c.icon, children: build(c.id) }));
  const tree = build(null);
  // the segmenter must know the shop's brands and category words, whatever seeded them
  addDictionaryWords([...brandRows.map((b) => b.name), ...rows.map((r) => r.name)]);
  return { at: Date.now(), categories, children, brands: new Map(brandRows.map((b) => [b.id, b])), tree, treeJson: JSON.stringify(tree) };
}

/** The tree as the JSON text of its `data`, ready to be wrapped in the reply envelope. */
export async function categoryTreeJson(ctx: AppContext): Promise<string> {
  return (await snapshot(ctx)).treeJson;
}

export async function categoryTree(ctx: AppContext): Promise<CategoryNode[]> {
  return (await snapshot(ctx)).tree;
}

/** Leaf category ids under a category (itself when it is a leaf); null when it does not exist. */
export async function leafIdsUnder(ctx: AppContext, categoryId: number): Promise<number[] | null> {
  const s = await snapshot(ctx);
  if (!s.categories.has(categoryId)) return null;
  const out: number[] = [];
  const walk = (id: number) => {
    const kids = s.children.get(id);
    if (!kids?.length) out.push(id);
    else for (const k of kids) walk(k.id);
  };
  walk(categoryId);
  return out;
}

export async function categoryName(ctx: AppContext, id: number): Promise<string | null> {
  return (await snapshot(ctx)).categories.get(id)?.name ?? null;
}

export async function brandName(ctx: AppContext, id: number | null): Promise<string | null> {
  return id == null ? null : ((await snapshot(ctx)).brands.get(id)?.name ?? null);
}

/**
 * The shop's brand and category names as buyers see them, and the ids behind a name a buyer typed
 * (the shopping assistant's 华为的手机): exact name or alias first, ignoring case.
 */
const wordsOfSnapshot = new WeakMap<object, { brands: string[]; categories: string[] }>();

/**
 * The names of the catalogue's brands and categories, the same object until the catalogue changes:
 * readers index it once (the assistant's vocabulary, with the pinyin of every name) and keep the index
 * while it lives.
 */
export async function catalogueWords(ctx: AppContext) {
  const s = await snapshot(ctx);
  let words = wordsOfSnapshot.get(s);
  if (!words) {
    words = { brands: [...s.brands.values()].map((b) => b.name), categories: [...s.categories.values()].map((c) => c.name) };
    wordsOfSnapshot.set(s, words);
  }
  return words;
}

export async function brandIdsNamed(ctx: AppContext, name: string): Promise<number[]> {
  const wanted = name.trim().toLowerCase();
  if (!wanted) return [];
  return [...(await snapshot(ctx)).brands.values()]
    .filter((b) => b.name.toLowerCase() === wanted || b.alias?.toLowerCase() === wanted)
    .map((b) => b.id);
}

export async function categoryIdNamed(ctx: AppContext, name: string): Promise<number | null> {
  const wanted = name.trim().toLowerCase();
  if (!wanted) return null;
  const all = [...(await snapshot(ctx)).categories.values()];
  const exact = all.filter((c) => c.name.toLowerCase() === wanted);
  // the broadest category of that name (手机 the top level rather than a leaf of the same name)
  const pick = (exact.length ? exact : all.filter((c) => c.name.toLowerCase().includes(wanted))).sort((a, b) => a.level - b.level || a.id - b.id)[0];
  return pick?.id ?? null;
}

/** Category path from the top level down to the given category. */
function breadcrumbs(s: Snapshot, categoryId: number) {
  const path: { id: number; name: string }[] = [];
  for (let c = s.categories.get(categoryId); c; c = c.parent_id == null ? undefined : s.categories.get(c.parent_id)) {
    path.unshift({ id: c.id, name: c.name });
  }
  return path;
}

export async function cards(ctx: AppContext, list: repo.GoodsCardRow[]): Promise<GoodsCard[]> {
  const s = await snapshot(ctx);
  return list.map((row) => presentCard(row, s.brands.get(row.brand_id ?? -1)?.name ?? null));
}

/** Cards of the given goods in the order given (a page another domain chose); unknown ids are left out. */
export async function goodsCards(ctx: AppContext, ids: number[]): Promise<GoodsCard[]> {
  const found = await cardRowsOf(ctx, ids);
  return cards(ctx, ids.flatMap((id) => found.get(id) ?? []));
}

/** The best sellers on shelf, as the JSON text of `data` (kept for 30 s). */
export async function salesListJson(ctx: AppContext, limit: number): Promise<string> {
  const hit = salesCache.get(ctx.db);
  if (hit && hit.limit === limit && Date.now() - hit.at < SALES_TTL_MS) return hit.json;
  const startedAt = cacheVersion(ctx.db, 'catalog');
  const json = JSON.stringify(await cards(ctx, await repo.bestSellers(ctx.db, limit)));
  if (startedAt === cacheVersion(ctx.db, 'catalog')) salesCache.set(ctx.db, { at: Date.now(), limit, json });
  return json;
}

export async function recommend(ctx: AppContext, pageNum: number, pageSize: number) {
  const { list, total } = await repo.recommendPage(ctx.db, (pageNum - 1) * pageSize, pageSize);
  return { list: await cards(ctx, list), total, pageNum, pageSize };
}

export const GOODS_ID = /^[1-9]\d{0,8}$/;

/** A goods id from a path or query, or a 404 for anything that is not one. */
export function goodsIdOf(raw: unknown): number {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!GOODS_ID.test(text)) throw new AppError(Code.GOODS_NOT_FOUND, '商品不存在');
  return Number(text);
}

export async function goodsDetail(ctx: AppContext, id: number): Promise<GoodsDetail> {
  const detail = (await goodsDetails(ctx, [id])).get(id)!;
  if (detail instanceof AppError) throw detail;
  return detail;
}

/**
 * Several goods pages read together, in two statements whatever their number (the buyer's kept goods
 * pages are read again in batches, goods-page.ts): each id's detail, or the page's own answer
 * (商品不存在, 商品已下架) as an AppError.
 */
export async function goodsDetails(
  ctx: AppContext,
  ids: readonly number[],
): Promise<Map<number, GoodsDetail | AppError>> {
  const [rows, skuRows, s] = await Promise.all([
    repo.goodsByIds(ctx.db, ids),
    repo.skusOfGoods(ctx.db, ids),
    snapshot(ctx),
  ]);
  const skusByGoods = new Map<number, repo.SkuRow[]>();
  for (const sku of skuRows) {
    const list = skusByGoods.get(sku.goods_id);
    if (list) list.push(sku);
    else skusByGoods.set(sku.goods_id, [sku]);
  }
  const found = new Map<number, GoodsDetail | AppError>(
    ids.map((id) => [id, new AppError(Code.GOODS_NOT_FOUND, '商品不存在')]),
  );
  for (const row of rows) {
    const brand = s.brands.get(row.brand_id ?? -1) ?? null;
    const skus = skusByGoods.get(row.id) ?? [];
    found.set(
      row.id,
      row.on_shelf
        ? presentDetail(row, skus, breadcrumbs(s, row.category_id), brand)
        : new AppError(Code.GOODS_OFF_SHELF, '商品已下架'),
    );
  }
  return found;
}

/** Whether a goods exists and may be viewed/bought now (for favourites and other domains). */
export async function goodsState(ctx: AppContext, id: number): Promise<'on' | 'off' | 'missing'> {
  const row = await repo.goodsExists(ctx.db, id);
  return !row ? 'missing' : row.on_shelf ? 'on' : 'off';
}

export interface GoodsSummary extends GoodsCard {
  onShelf: boolean;
  stock: number;
  soldOut: boolean;
}

/** Current cards of the given goods, whatever their shelf state, by id (no N+1 for lists). */
export async function goodsSummaries(ctx: AppContext, ids: number[]): Promise<Map<number, GoodsSummary>> {
  const rows = await repo.cardsByIds(ctx.db, [...new Set(ids)]);
  const s = await snapshot(ctx);
  return new Map(
    rows.map((r) => [
      r.id,
      { ...presentCard(r, s.brands.get(r.brand_id ?? -1)?.name ?? null), onShelf: r.on_shelf, stock: r.stock, soldOut: r.stock <= 0 },
    ]),
  );
}

/** The SVG of /static/goods/<id>-<n>.svg, or null for a goods that does not exist. */
export async function goodsPicture(ctx: AppContext, goodsId: number, n: number): Promise<string | null> {
  const key = `${goodsId}-${n}`;
  const hit = pictureCache.get(key);
  if (hit) return hit;
  const facts = await repo.pictureFacts(ctx.db, goodsId);
  if (!facts) return null;
  const s = await snapshot(ctx);
  let leaf = s.categories.get(facts.category_id);
  const shapeOf = (c?: repo.CategoryRow) => c?.icon?.match(/icon-([a-z]+)\.svg$/)?.[1] ?? 'bag';
  const leafShape = shapeOf(leaf);
  while (leaf?.parent_id != null) leaf = s.categories.get(leaf.parent_id);
  const svg = renderGoodsPicture({ goodsId, n, topShape: shapeOf(leaf), leafShape, brand: facts.brand, alias: facts.alias });
  if (pictureCache.size > 5000) pictureCache.clear();
  pictureCache.set(key, svg);
  return svg;
}

export const categoryIcon = renderCategoryIcon;

export { setCatalogSubscribers, type CatalogSubscriber, type GoodsView } from './catalog-moments.ts';

/**
 * Counts sold units toward each goods' 销量 (`sign` -1 takes them back): one row per goods in the
 * tally, one statement for the whole order. The goods rows are not touched here, so orders of one
 * goods never wait on each other for 销量; `foldSales` (timed work, every 2 s) moves the tally into them.
 */
export async function countSales(tx: DbOrTx, lines: { goodsId: number; quantity: number }[], sign: 1 | -1) {
  const byGoods = new Map<number, number>();
  for (const l of lines) byGoods.set(l.goodsId, (byGoods.get(l.goodsId) ?? 0) + l.quantity);
  const counted = [...byGoods].filter(([, q]) => q !== 0);
  if (counted.length === 0) return;
  await repo.tallySales(
    tx,
    counted.map(([goodsId]) => goodsId),
    counted.map(([, q]) => sign * q),
  );
}

/**
 * Moves the 销量 tally into the goods (see countSales) and tells every process which goods changed
 * (the search index reads just those again); how many changed.
 */
export async function foldSales(db: DbOrTx): Promise<number> {
  const changed = await repo.foldSalesTally(db);
  if (changed.length) await announceCacheChange(db, 'goods-sales', changed);
  return changed.length;
}
