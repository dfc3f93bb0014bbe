import { sql, type SQL } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../lib/db.ts';
import type { DetailBlock, GoodsParam, SpecDef } from '../../db/schema/catalog.ts';

/**
 * SQL of the console's catalogue: the goods list with stock, one goods with its SKUs as an operator
 * edits it, and the category and brand tables. Goods rows themselves are written by goods-writer.ts.
 */
const ids = (list: number[]) =>
  sql.join(
    list.map((id) => sql`${id}`),
    sql`, `,
  );
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface GoodsFilter {
  keyword?: string;
  leafIds?: number[];
  brandId?: number;
  onShelf?: boolean;
  crossBorder?: boolean;
  stock?: 'inStock' | 'low' | 'soldOut';
  lowStock: number;
  /** One store's goods only (its console). */
  supplierId?: string;
}

export type GoodsSort = 'newest' | 'updated' | 'sales' | 'priceAsc' | 'priceDesc' | 'stockAsc';

const ORDER: Record<GoodsSort, SQL> = {
  newest: sql`g.id DESC`,
  updated: sql`g.updated_at DESC, g.id DESC`,
  sales: sql`g.sales DESC, g.id DESC`,
  priceAsc: sql`g.price_fen ASC, g.id DESC`,
  priceDesc: sql`g.price_fen DESC, g.id DESC`,
  stockAsc: sql`st.stock ASC, g.id DESC`,
};

// Per goods, computed only for the rows a page or a stock filter needs (LATERAL beside the goods row).
const STOCK = sql`CROSS JOIN LATERAL (
    SELECT COALESCE(sum(s.stock), 0)::int AS stock, COALESCE(min(s.stock), 0)::int AS min_stock,
      COALESCE(min(s.price_fen), 0)::int AS price_min, COALESCE(max(s.price_fen), 0)::int AS price_max, count(*)::int AS sku_count
    FROM skus s WHERE s.goods_id = g.id) st`;

function where(f: GoodsFilter): SQL {
  const parts: SQL[] = [sql`true`];
  const kw = f.keyword?.trim();
  if (kw) {
    const like = `%${likeEscape(kw)}%`;
    const byId = /^[1-9]\d{0,8}$/.test(kw) ? sql` OR g.id = ${Number(kw)}` : sql``;
    parts.push(
      sql`(g.name ILIKE ${like}${byId} OR EXISTS (SELECT 1 FROM skus c WHERE c.goods_id = g.id AND c.code ILIKE ${likeEscape(kw)}))`,
    );
  }
  if (f.leafIds) parts.push(f.leafIds.length ? sql`g.category_id IN (${ids(f.leafIds)})` : sql`false`);
  if (f.brandId) parts.push(sql`g.brand_id = ${f.brandId}`);
  if (f.supplierId) parts.push(sql`g.supplier_id = ${f.supplierId}`);
  if (f.onShelf !== undefined) parts.push(sql`g.on_shelf = ${f.onShelf}`);
  if (f.crossBorder !== undefined) parts.push(sql`g.is_cross_border = ${f.crossBorder}`);
  if (f.stock === 'inStock') parts.push(sql`st.stock > 0`);
  if (f.stock === 'low') parts.push(sql`st.stock > 0 AND st.min_stock <= ${f.lowStock}`);
  if (f.stock === 'soldOut') parts.push(sql`st.stock = 0`);
  return sql.join(parts, sql` AND `);
}

export interface OpsGoodsRow {
  id: number;
  name: string;
  image: string | null;
  category_id: number;
  brand_id: number | null;
  on_shelf: boolean;
  is_cross_border: boolean;
  sales: number;
  stock: number;
  min_stock: number;
  price_min: number;
  price_max: number;
  sku_count: number;
  supplier_id: string | null;
  store_name: string | null;
  review_status: string;
  review_reason: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The store's name beside a goods (the suppliers table is the supplier module's; this reads one column). */
const STORE_NAME = sql`(SELECT sp.store_name FROM suppliers sp WHERE sp.id = g.supplier_id) AS store_name`;

export async function goodsPage(db: DbOrTx, f: GoodsFilter, sort: GoodsSort, offset: number, limit: number) {
  const w = where(f);
  const list = await rows<OpsGoodsRow>(
    db,
    sql`SELECT g.id, g.name, g.images->>0 AS image, g.category_id, g.brand_id, g.on_shelf, g.is_cross_border, g.sales,
        st.stock, st.min_stock, st.price_min, st.price_max, st.sku_count, g.supplier_id, ${STORE_NAME},
        g.review_status, g.review_reason, g.created_at, g.updated_at
      FROM goods g ${STOCK} WHERE ${w} ORDER BY ${ORDER[sort]} LIMIT ${limit} OFFSET ${offset}`,
  );
  const needsStock = f.stock !== undefined;
  const [count] = await rows<{ n: number }>(
    db,
    needsStock
      ? sql`SELECT count(*)::int AS n FROM goods g ${STOCK} WHERE ${w}`
      : sql`SELECT count(*)::int AS n FROM goods g WHERE ${w}`,
  );
  return { list, total: count?.n ?? 0 };
}

export interface OpsGoodsDetailRow {
  id: number;
  name: string;
  subtitle: string;
  category_id: number;
  brand_id: number | null;
  images: string[];
  params: GoodsParam[];
  detail: DetailBlock[];
  spec_defs: SpecDef[];
  on_shelf: boolean;
  is_cross_border: boolean;
  sales: number;
  supplier_id: string | null;
  store_name: string | null;
  review_status: string;
  review_reason: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export async function goodsForEdit(db: DbOrTx, id: number): Promise<OpsGoodsDetailRow | undefined> {
  const [row] = await rows<OpsGoodsDetailRow>(
    db,
    sql`SELECT g.id, g.name, g.subtitle, g.category_id, g.brand_id, g.images, g.params, g.detail, g.spec_defs, g.on_shelf,
        g.is_cross_border, g.sales, g.supplier_id, ${STORE_NAME}, g.review_status, g.review_reason, g.created_at, g.updated_at
      FROM goods g WHERE g.id = ${id}`,
  );
  return row;
}

export interface OpsSkuRow {
  id: number;
  code: string;
  specs: Record<string, string>;
  price_fen: number;
  market_price_fen: number;
  stock: number;
}

export const skusForEdit = (db: DbOrTx, goodsId: number) =>
  rows<OpsSkuRow>(
    db,
    sql`SELECT id, code, specs, price_fen, market_price_fen, stock FROM skus WHERE goods_id = ${goodsId} ORDER BY sort_order, id`,
  );

/** SKU codes among `codes` already used by SKUs of other goods (or of no goods in `exceptGoods`). */
export async function takenCodes(db: DbOrTx, codes: string[], exceptGoods: number | null): Promise<string[]> {
  if (!codes.length) return [];
  const found = await rows<{ code: string }>(
    db,
    sql`SELECT code FROM skus WHERE lower(code) IN (${sql.join(
      codes.map((c) => sql`${c.toLowerCase()}`),
      sql`, `,
    )})
      ${exceptGoods ? sql`AND goods_id <> ${exceptGoods}` : sql``}`,
  );
  return found.map((r) => r.code);
}

export async function shelfStates(db: DbOrTx, goodsIds: number[]) {
  return rows<{ id: number; name: string; on_shelf: boolean; supplier_id: string | null; review_status: string }>(
    db,
    sql`SELECT id, name, on_shelf, supplier_id, review_status FROM goods WHERE id IN (${ids(goodsIds)})`,
  );
}

/* ---- store goods review ---- */

/** A store's goods saved: waiting for an operator again, the last rejection's reason cleared. */
export async function sendToReview(tx: DbOrTx, id: number) {
  await tx.execute(sql`UPDATE goods SET review_status = 'PENDING', review_reason = NULL WHERE id = ${id}`);
}

/**
 * PENDING → APPROVED | REJECTED, only from PENDING (a double click or two operators decide once);
 * the goods' store name for the audit, or undefined when it was not pending.
 */
export async function decideReview(tx: DbOrTx, id: number, to: 'APPROVED' | 'REJECTED', reason: string | null) {
  const [row] = await rows<{ id: number; name: string; on_shelf: boolean }>(
    tx,
    sql`UPDATE goods SET review_status = ${to}, review_reason = ${reason}
      WHERE id = ${id} AND supplier_id IS NOT NULL AND review_status = 'PENDING' RETURNING id, name, on_shelf`,
  );
  return row;
}

export interface ReviewRow {
  id: number;
  name: string;
  image: string | null;
  supplier_id: string;
  store_name: string;
  price_min: number;
  price_max: number;
  review_status: string;
  review_reason: string | null;
  on_shelf: boolean;
  updated_at: Date | string;
}

export async function reviewPage(
  db: DbOrTx,
  f: { status?: string; keyword?: string },
  offset: number,
  limit: number,
) {
  const parts: SQL[] = [sql`g.supplier_id IS NOT NULL`];
  if (f.status) parts.push(sql`g.review_status = ${f.status}`);
  const kw = f.keyword?.trim();
  if (kw) {
    const like = `%${likeEscape(kw)}%`;
    parts.push(sql`(g.name ILIKE ${like} OR sp.store_name ILIKE ${like})`);
  }
  const w = sql.join(parts, sql` AND `);
  const list = await rows<ReviewRow>(
    db,
    sql`SELECT g.id, g.name, g.images->>0 AS image, g.supplier_id, sp.store_name, g.review_status, g.review_reason,
        g.on_shelf, g.updated_at,
        (SELECT COALESCE(min(s.price_fen), 0)::int FROM skus s WHERE s.goods_id = g.id) AS price_min,
        (SELECT COALESCE(max(s.price_fen), 0)::int FROM skus s WHERE s.goods_id = g.id) AS price_max
      FROM goods g JOIN suppliers sp ON sp.id = g.supplier_id
      WHERE ${w} ORDER BY g.updated_at ASC, g.id ASC LIMIT ${limit} OFFSET ${offset}`,
  );
  const [count] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM goods g JOIN suppliers sp ON sp.id = g.supplier_id WHERE ${w}`,
  );
  return { list, total: count?.n ?? 0 };
}

/* ---- categories ---- */

export interface OpsCategoryRow {
  id: number;
  parent_id: number | null;
  name: string;
  level: number;
  sort_order: number;
  icon: string | null;
  goods: number;
}

export const categoriesWithCounts = (db: DbOrTx) =>
  rows<OpsCategoryRow>(
    db,
    sql`SELECT c.id, c.parent_id, c.name, c.level, c.sort_order, c.icon, COALESCE(n.goods, 0)::int AS goods
      FROM categories c LEFT JOIN (SELECT category_id, count(*)::int AS goods FROM goods GROUP BY category_id) n ON n.category_id = c.id
      ORDER BY c.level, c.sort_order, c.id`,
  );

export async function category(db: DbOrTx, id: number) {
  const [row] = await rows<OpsCategoryRow & { children: number }>(
    db,
    sql`SELECT c.id, c.parent_id, c.name, c.level, c.sort_order, c.icon,
        (SELECT count(*)::int FROM goods WHERE category_id = c.id) AS goods,
        (SELECT count(*)::int FROM categories k WHERE k.parent_id = c.id) AS children
      FROM categories c WHERE c.id = ${id}`,
  );
  return row;
}

/** A sibling with the same name (case and width folded), other than `exceptId`. */
export async function siblingNamed(db: DbOrTx, parentId: number | null, name: string, exceptId: number | null) {
  const [row] = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM categories WHERE ${parentId == null ? sql`parent_id IS NULL` : sql`parent_id = ${parentId}`}
      AND lower(name) = lower(${name}) ${exceptId ? sql`AND id <> ${exceptId}` : sql``} LIMIT 1`,
  );
  return row;
}

export async function insertCategory(
  db: DbOrTx,
  c: { parentId: number | null; name: string; level: number; sort: number; icon: string | null },
) {
  const [row] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO categories (parent_id, name, level, sort_order, icon) VALUES (${c.parentId}, ${c.name}, ${c.level}, ${c.sort}, ${c.icon}) RETURNING id`,
  );
  return row!.id;
}

export async function updateCategory(db: DbOrTx, id: number, c: { name: string; sort: number }) {
  await db.execute(sql`UPDATE categories SET name = ${c.name}, sort_order = ${c.sort} WHERE id = ${id}`);
}

/** Deletes a category that has neither children nor goods, in one statement; false otherwise. */
export async function deleteUnusedCategory(db: DbOrTx, id: number): Promise<boolean> {
  const done = await rows<{ id: number }>(
    db,
    sql`DELETE FROM categories c WHERE c.id = ${id}
      AND NOT EXISTS (SELECT 1 FROM categories k WHERE k.parent_id = c.id)
      AND NOT EXISTS (SELECT 1 FROM goods g WHERE g.category_id = c.id) RETURNING id`,
  );
  return done.length > 0;
}

/** The category and every category under it. */
export async function subtreeIds(db: DbOrTx, id: number): Promise<number[]> {
  const found = await rows<{ id: number }>(
    db,
    sql`WITH RECURSIVE t AS (SELECT id FROM categories WHERE id = ${id} UNION ALL SELECT c.id FROM categories c JOIN t ON c.parent_id = t.id)
      SELECT id FROM t`,
  );
  return found.map((r) => r.id);
}

/* ---- brands ---- */

export interface OpsBrandRow {
  id: number;
  name: string;
  alias: string | null;
  logo: string | null;
  sort_order: number;
  goods: number;
}

const BRAND_COLUMNS = sql`b.id, b.name, b.alias, b.logo, b.sort_order, (SELECT count(*)::int FROM goods g WHERE g.brand_id = b.id) AS goods`;

export async function brandPage(db: DbOrTx, keyword: string | undefined, offset: number, limit: number) {
  const kw = keyword?.trim();
  const w = kw ? sql`(b.name ILIKE ${`%${likeEscape(kw)}%`} OR b.alias ILIKE ${`%${likeEscape(kw)}%`})` : sql`true`;
  const list = await rows<OpsBrandRow>(
    db,
    sql`SELECT ${BRAND_COLUMNS} FROM brands b WHERE ${w} ORDER BY b.sort_order, b.id LIMIT ${limit} OFFSET ${offset}`,
  );
  const [count] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM brands b WHERE ${w}`);
  return { list, total: count?.n ?? 0 };
}

export async function brand(db: DbOrTx, id: number) {
  const [row] = await rows<OpsBrandRow>(db, sql`SELECT ${BRAND_COLUMNS} FROM brands b WHERE b.id = ${id}`);
  return row;
}

export async function brandNamed(db: DbOrTx, name: string, exceptId: number | null) {
  const [row] = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM brands WHERE lower(name) = lower(${name}) ${exceptId ? sql`AND id <> ${exceptId}` : sql``} LIMIT 1`,
  );
  return row;
}

export async function insertBrand(
  db: DbOrTx,
  b: { name: string; alias: string | null; logo: string | null; sort: number },
) {
  const [row] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO brands (name, alias, logo, sort_order) VALUES (${b.name}, ${b.alias}, ${b.logo}, ${b.sort}) RETURNING id`,
  );
  return row!.id;
}

export async function updateBrand(
  db: DbOrTx,
  id: number,
  b: { name: string; alias: string | null; logo: string | null; sort: number },
) {
  await db.execute(
    sql`UPDATE brands SET name = ${b.name}, alias = ${b.alias}, logo = ${b.logo}, sort_order = ${b.sort} WHERE id = ${id}`,
  );
}

export async function deleteUnusedBrand(db: DbOrTx, id: number): Promise<boolean> {
  const done = await rows<{ id: number }>(
    db,
    sql`DELETE FROM brands b WHERE b.id = ${id} AND NOT EXISTS (SELECT 1 FROM goods g WHERE g.brand_id = b.id) RETURNING id`,
  );
  return done.length > 0;
}

/** Locks a goods row for the rest of the transaction; false when there is no such goods. */
export async function lockGoods(tx: DbOrTx, id: number): Promise<boolean> {
  return (await rows<{ id: number }>(tx, sql`SELECT id FROM goods WHERE id = ${id} FOR UPDATE`)).length > 0;
}
