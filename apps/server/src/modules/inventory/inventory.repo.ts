import { sql, type SQL } from 'drizzle-orm';
import { hotRows, rows, type DbOrTx } from '../../lib/db.ts';

/**
 * SQL of the inventory module: the stock column of `skus` (this module is its only writer) and the
 * stock ledger. Each stock change is one statement: a conditional UPDATE returning the stock after
 * it, and the ledger row of exactly what it left written from that row in the same statement (a
 * checkout's line is one round trip to the database, not two, while the SKU's row is locked).
 */
export interface StockMoved {
  goodsId: number;
  stock: number;
}

/** What the ledger records beside the numbers. */
export interface LedgerNote {
  kind: string;
  refNo: string | null;
  actor: string;
  operatorId: string | null;
  operatorName: string | null;
  reason: string | null;
}

/**
 * Runs `update` (an UPDATE of one SKU returning its id, goods_id and stock) and writes its ledger
 * row with `change`; undefined (nothing changed, nothing written) when the update matched no row.
 */
async function moveLogged(tx: DbOrTx, update: SQL, change: number, n: LedgerNote): Promise<StockMoved | undefined> {
  const [row] = await hotRows<{ goods_id: number; stock_after: number }>(
    tx,
    sql`WITH moved AS (${update})
        INSERT INTO stock_ledger (sku_id, goods_id, change, stock_after, kind, ref_no, actor, operator_id, operator_name, reason)
        SELECT id, goods_id, ${change}, stock, ${n.kind}, ${n.refNo}, ${n.actor}, ${n.operatorId}::uuid, ${n.operatorName}, ${n.reason}
        FROM moved
        RETURNING goods_id, stock_after`,
  );
  return row && { goodsId: row.goods_id, stock: row.stock_after };
}

/** Takes `quantity` units if that many are left; undefined (nothing changed) otherwise. */
export function takeUnits(tx: DbOrTx, skuId: number, quantity: number, n: LedgerNote) {
  return moveLogged(
    tx,
    sql`UPDATE skus SET stock = stock - ${quantity} WHERE id = ${skuId} AND stock >= ${quantity} RETURNING id, goods_id, stock`,
    -quantity,
    n,
  );
}

/**
 * Adds `change` (either sign) when the result stays within 0..max; undefined otherwise (or no such
 * SKU). The bounds are checked in bigint so a large stock plus a change can never overflow int4.
 */
export function shiftUnits(tx: DbOrTx, skuId: number, change: number, max: number, n: LedgerNote) {
  return moveLogged(
    tx,
    sql`UPDATE skus SET stock = stock + ${change}
        WHERE id = ${skuId} AND stock::bigint + ${change} >= 0 AND stock::bigint + ${change} <= ${max}
        RETURNING id, goods_id, stock`,
    change,
    n,
  );
}

/** Puts units back without an upper bound of our own (they were taken from this SKU before). */
export function putUnits(tx: DbOrTx, skuId: number, quantity: number, n: LedgerNote) {
  return moveLogged(
    tx,
    sql`UPDATE skus SET stock = stock + ${quantity} WHERE id = ${skuId} RETURNING id, goods_id, stock`,
    quantity,
    n,
  );
}

export async function stockOfSkus(db: DbOrTx, skuIds: number[]): Promise<Map<number, number>> {
  if (skuIds.length === 0) return new Map();
  const found = await hotRows<{ id: number; stock: number }>(
    db,
    sql`SELECT id, stock FROM skus WHERE id IN (${sql.join(
      skuIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(found.map((r) => [r.id, r.stock]));
}

export async function skuStock(db: DbOrTx, skuId: number): Promise<number | undefined> {
  const [row] = await rows<{ stock: number }>(db, sql`SELECT stock FROM skus WHERE id = ${skuId}`);
  return row?.stock;
}

/* ---- Reads for the console ---- */

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface SkuStockRow {
  sku_id: number;
  goods_id: number;
  goods_name: string;
  images: unknown;
  specs: Record<string, string> | null;
  price_fen: number;
  stock: number;
  on_shelf: boolean;
}

/** SKUs with `threshold` units or fewer, fewest first; optionally of goods named like `keyword`. */
export async function lowStock(
  db: DbOrTx,
  f: { threshold: number; keyword?: string; goodsId?: number; onShelf?: boolean },
  pageNum: number,
  pageSize: number,
): Promise<{ list: SkuStockRow[]; total: number }> {
  const parts: SQL[] = [sql`s.stock <= ${f.threshold}`];
  if (f.keyword) parts.push(sql`g.name ILIKE ${`%${likeEscape(f.keyword)}%`}`);
  if (f.goodsId) parts.push(sql`s.goods_id = ${f.goodsId}`);
  if (f.onShelf !== undefined) parts.push(sql`g.on_shelf = ${f.onShelf}`);
  const where = sql.join(parts, sql` AND `);
  const [count] = await rows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM skus s JOIN goods g ON g.id = s.goods_id WHERE ${where}`,
  );
  const list = await rows<SkuStockRow>(
    db,
    sql`SELECT s.id AS sku_id, s.goods_id, g.name AS goods_name, g.images, s.specs, s.price_fen, s.stock, g.on_shelf
        FROM skus s JOIN goods g ON g.id = s.goods_id
        WHERE ${where}
        ORDER BY s.stock, s.id
        LIMIT ${pageSize} OFFSET ${(pageNum - 1) * pageSize}`,
  );
  return { list, total: count?.total ?? 0 };
}

export async function skuWithGoods(db: DbOrTx, skuId: number): Promise<SkuStockRow | undefined> {
  const [row] = await rows<SkuStockRow>(
    db,
    sql`SELECT s.id AS sku_id, s.goods_id, g.name AS goods_name, g.images, s.specs, s.price_fen, s.stock, g.on_shelf
        FROM skus s JOIN goods g ON g.id = s.goods_id WHERE s.id = ${skuId}`,
  );
  return row;
}

export interface LedgerRow {
  id: number;
  sku_id: number;
  goods_id: number;
  goods_name: string | null;
  specs: Record<string, string> | null;
  change: number;
  stock_after: number;
  kind: string;
  ref_no: string | null;
  actor: string;
  operator_name: string | null;
  reason: string | null;
  created_at: Date | string;
}

export interface LedgerFilter {
  skuId?: number;
  goodsId?: number;
  kind?: string;
  refNo?: string;
}

/** Ledger rows, newest first, with the goods' name and the SKU's specs as they are now (if still there). */
export async function ledgerPage(
  db: DbOrTx,
  f: LedgerFilter,
  pageNum: number,
  pageSize: number,
): Promise<{ list: LedgerRow[]; total: number }> {
  const parts: SQL[] = [sql`true`];
  if (f.skuId) parts.push(sql`l.sku_id = ${f.skuId}`);
  if (f.goodsId) parts.push(sql`l.goods_id = ${f.goodsId}`);
  if (f.kind) parts.push(sql`l.kind = ${f.kind}`);
  if (f.refNo) parts.push(sql`l.ref_no = ${f.refNo}`);
  const where = sql.join(parts, sql` AND `);
  const [count] = await rows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM stock_ledger l WHERE ${where}`,
  );
  const list = await rows<LedgerRow>(
    db,
    sql`SELECT l.id, l.sku_id, l.goods_id, g.name AS goods_name, s.specs, l.change, l.stock_after, l.kind, l.ref_no,
               l.actor, l.operator_name, l.reason, l.created_at
        FROM stock_ledger l
        LEFT JOIN skus s ON s.id = l.sku_id
        LEFT JOIN goods g ON g.id = l.goods_id
        WHERE ${where}
        ORDER BY l.id DESC
        LIMIT ${pageSize} OFFSET ${(pageNum - 1) * pageSize}`,
  );
  return { list, total: count?.total ?? 0 };
}
