import { sql } from 'drizzle-orm';
import { hotRows, intArray, rows, type DbOrTx } from '../../lib/db.ts';
import type { DetailBlock, GoodsParam, SpecDef } from '../../db/schema/catalog.ts';

export interface CategoryRow {
  id: number;
  parent_id: number | null;
  name: string;
  level: number;
  sort_order: number;
  icon: string | null;
}

export interface BrandRow {
  id: number;
  name: string;
  alias: string | null;
  logo: string | null;
}

/** The columns a goods card needs; one shape for lists, search and the member area. */
export interface GoodsCardRow {
  id: number;
  name: string;
  subtitle: string;
  image: string | null;
  price_fen: number;
  market_price_fen: number;
  sales: number;
  brand_id: number | null;
  category_id: number;
  is_cross_border: boolean;
  on_shelf: boolean;
  /** The store selling it; null for the shop's own goods. */
  supplier_id: string | null;
  store_name: string | null;
}

// The store's name is one column of the supplier module's table, read beside the card.
export const CARD_COLUMNS = sql.raw(
  `g.id, g.name, g.subtitle, g.images->>0 AS image, g.price_fen, g.market_price_fen, g.sales, g.brand_id,
   g.category_id, g.is_cross_border, g.on_shelf, g.supplier_id,
   (SELECT sp.store_name FROM suppliers sp WHERE sp.id = g.supplier_id) AS store_name`,
);

export const loadCategories = (db: DbOrTx) =>
  rows<CategoryRow>(db, sql`SELECT id, parent_id, name, level, sort_order, icon FROM categories ORDER BY level, sort_order, id`);

export const loadBrands = (db: DbOrTx) => rows<BrandRow>(db, sql`SELECT id, name, alias, logo FROM brands ORDER BY sort_order, id`);

export const bestSellers = (db: DbOrTx, limit: number) =>
  rows<GoodsCardRow>(db, sql`SELECT ${CARD_COLUMNS} FROM goods g WHERE g.on_shelf ORDER BY g.sales DESC, g.id LIMIT ${limit}`);

export async function recommendPage(db: DbOrTx, offset: number, limit: number) {
  const list = await rows<GoodsCardRow>(
    db,
    sql`SELECT ${CARD_COLUMNS} FROM goods g WHERE g.on_shelf ORDER BY g.sales DESC, g.id LIMIT ${limit} OFFSET ${offset}`,
  );
  const [count] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM goods WHERE on_shelf`);
  return { list, total: count?.n ?? 0 };
}

const idList = (ids: number[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/** Cards of the given goods, whatever their shelf state (order not kept). */
export async function cardRowsByIds(db: DbOrTx, ids: number[]): Promise<GoodsCardRow[]> {
  if (!ids.length) return [];
  return rows<GoodsCardRow>(db, sql`SELECT ${CARD_COLUMNS} FROM goods g WHERE g.id IN (${idList(ids)})`);
}

export interface GoodsCardWithStock extends GoodsCardRow {
  stock: number;
}

/** Cards of the given goods with their stock now, whatever their shelf state. */
export async function cardsByIds(db: DbOrTx, ids: number[]): Promise<GoodsCardWithStock[]> {
  if (!ids.length) return [];
  return rows<GoodsCardWithStock>(
    db,
    sql`SELECT ${CARD_COLUMNS}, COALESCE((SELECT sum(s.stock) FROM skus s WHERE s.goods_id = g.id), 0)::int AS stock
      FROM goods g WHERE g.id IN (${idList(ids)})`,
  );
}

export interface GoodsDetailRow extends GoodsCardRow {
  images: string[];
  params: GoodsParam[];
  detail: DetailBlock[];
  spec_defs: SpecDef[];
  created_at: Date | string;
}

/** Goods pages' rows, read together (one statement for any number of goods, prepared once per connection). */
export const goodsByIds = (db: DbOrTx, ids: readonly number[]) =>
  hotRows<GoodsDetailRow>(
    db,
    sql`SELECT ${CARD_COLUMNS}, g.images, g.params, g.detail, g.spec_defs, g.created_at FROM goods g WHERE g.id = ANY(${intArray(ids)}::int[])`,
  );

export interface SkuRow {
  id: number;
  code: string;
  specs: Record<string, string>;
  price_fen: number;
  market_price_fen: number;
  stock: number;
}

/** The SKUs of these goods, each goods' in its own order. */
export const skusOfGoods = (db: DbOrTx, goodsIds: readonly number[]) =>
  hotRows<SkuRow & { goods_id: number }>(
    db,
    sql`SELECT goods_id, id, code, specs, price_fen, market_price_fen, stock FROM skus
        WHERE goods_id = ANY(${intArray(goodsIds)}::int[]) ORDER BY goods_id, sort_order, id`,
  );

export async function goodsExists(db: DbOrTx, id: number): Promise<{ on_shelf: boolean } | undefined> {
  const [row] = await rows<{ on_shelf: boolean }>(db, sql`SELECT on_shelf FROM goods WHERE id = ${id}`);
  return row;
}

/** What a goods picture needs: its category look and brand initial. */
export async function pictureFacts(db: DbOrTx, id: number) {
  const [row] = await rows<{ name: string; category_id: number; brand: string | null; alias: string | null }>(
    db,
    sql`SELECT g.name, g.category_id, b.name AS brand, b.alias FROM goods g LEFT JOIN brands b ON b.id = g.brand_id WHERE g.id = ${id}`,
  );
  return row;
}

/** Writes units sold (negative: taken back) to the 销量 tally, one row per goods, in one statement. */
export async function tallySales(tx: DbOrTx, goodsIds: number[], quantities: number[]) {
  await hotRows(
    tx,
    sql`INSERT INTO goods_sales_tally (goods_id, quantity) SELECT * FROM unnest(${intArray(goodsIds)}::int[], ${intArray(quantities)}::int[])`,
  );
}

/**
 * Moves the whole tally into the goods' 销量 (never below 0) in one statement: the rows it deletes are
 * the ones it counts, so two folds at once (two processes) count each row once, the second waiting for
 * the first and skipping what it deleted. Rows of transactions not yet committed wait for the next fold.
 * Returns the goods that changed.
 */
export async function foldSalesTally(db: DbOrTx): Promise<number[]> {
  const changed = await rows<{ id: number }>(
    db,
    sql`WITH taken AS (DELETE FROM goods_sales_tally RETURNING goods_id, quantity),
      sums AS (SELECT goods_id, sum(quantity)::int AS quantity FROM taken GROUP BY goods_id)
      UPDATE goods g SET sales = GREATEST(g.sales + sums.quantity, 0) FROM sums
      WHERE g.id = sums.goods_id AND sums.quantity <> 0 RETURNING g.id`,
  );
  return changed.map((r) => r.id);
}
