import { sql, type SQL } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../lib/db.ts';

/** SQL of the points mall's tables (points_mall_goods, points_mall_redemptions). */

export interface MallRow {
  id: number;
  goods_id: number;
  sku_id: number;
  category: string;
  points_price: number;
  cash_fen: number;
  stock: number;
  redeemed: number;
  per_member_limit: number;
  on_shelf: boolean;
  sort: number;
  created_at: Date | string;
  updated_at: Date | string;
}

export type MallSort = 'DEFAULT' | 'POINTS_ASC' | 'POINTS_DESC' | 'HOT';

const ORDER: Record<MallSort, SQL> = {
  DEFAULT: sql`sort DESC, id DESC`,
  POINTS_ASC: sql`points_price ASC, cash_fen ASC, id DESC`,
  POINTS_DESC: sql`points_price DESC, cash_fen DESC, id DESC`,
  HOT: sql`redeemed DESC, sort DESC, id DESC`,
};

export interface MallFilter {
  category?: string;
  shelf: 'ALL' | 'ON' | 'OFF';
}

function where(f: MallFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.shelf === 'ON') parts.push(sql`on_shelf`);
  if (f.shelf === 'OFF') parts.push(sql`NOT on_shelf`);
  if (f.category) parts.push(sql`category = ${f.category}`);
  return sql.join(parts, sql` AND `);
}

export async function mallPage(db: DbOrTx, f: MallFilter, sort: MallSort, pageNum: number, pageSize: number) {
  const w = where(f);
  const [list, [total]] = await Promise.all([
    rows<MallRow>(
      db,
      sql`SELECT * FROM points_mall_goods WHERE ${w} ORDER BY ${ORDER[sort]}
          LIMIT ${pageSize} OFFSET ${(pageNum - 1) * pageSize}`,
    ),
    rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM points_mall_goods WHERE ${w}`),
  ]);
  return { list, total: total!.n };
}

/** The categories of the goods on shelf, with how many each holds. */
export function categories(db: DbOrTx) {
  return rows<{ name: string; count: number }>(
    db,
    sql`SELECT category AS name, count(*)::int AS count FROM points_mall_goods WHERE on_shelf
        GROUP BY category ORDER BY max(sort) DESC, category`,
  );
}

export async function hasAnyMallGoods(db: DbOrTx): Promise<boolean> {
  return (await rows<{ id: number }>(db, sql`SELECT id FROM points_mall_goods LIMIT 1`)).length > 0;
}

export async function findMall(db: DbOrTx, id: number): Promise<MallRow | undefined> {
  const [row] = await rows<MallRow>(db, sql`SELECT * FROM points_mall_goods WHERE id = ${id}`);
  return row;
}

export interface MallValues {
  category: string;
  pointsPrice: number;
  cashFen: number;
  stock: number;
  perMemberLimit: number;
  sort: number;
  onShelf: boolean;
}

/** Inserts a SKU's mall goods unless it has one: undefined when it already had. */
export async function insertMall(tx: DbOrTx, goodsId: number, skuId: number, v: MallValues): Promise<MallRow | undefined> {
  const [row] = await rows<MallRow>(
    tx,
    sql`INSERT INTO points_mall_goods (goods_id, sku_id, category, points_price, cash_fen, stock, per_member_limit, sort, on_shelf)
        VALUES (${goodsId}, ${skuId}, ${v.category}, ${v.pointsPrice}, ${v.cashFen}, ${v.stock}, ${v.perMemberLimit}, ${v.sort}, ${v.onShelf})
        ON CONFLICT (sku_id) DO NOTHING RETURNING *`,
  );
  return row;
}

export async function updateMall(tx: DbOrTx, id: number, v: MallValues): Promise<MallRow | undefined> {
  const [row] = await rows<MallRow>(
    tx,
    sql`UPDATE points_mall_goods SET category = ${v.category}, points_price = ${v.pointsPrice}, cash_fen = ${v.cashFen},
          stock = ${v.stock}, per_member_limit = ${v.perMemberLimit}, sort = ${v.sort}, on_shelf = ${v.onShelf}, updated_at = now()
        WHERE id = ${id} RETURNING *`,
  );
  return row;
}

/** Puts on or takes off the shelf, only from the other state: undefined when it already was. */
export async function setShelf(tx: DbOrTx, id: number, onShelf: boolean): Promise<MallRow | undefined> {
  const [row] = await rows<MallRow>(
    tx,
    sql`UPDATE points_mall_goods SET on_shelf = ${onShelf}, updated_at = now()
        WHERE id = ${id} AND on_shelf = ${!onShelf} RETURNING *`,
  );
  return row;
}

/**
 * Takes `quantity` units of a mall goods' own stock for a redemption, only while it is on shelf and
 * enough is left (one conditional update: 50 simultaneous takes of the last 10 units make 10).
 */
export async function takeMallStock(tx: DbOrTx, id: number, quantity: number): Promise<MallRow | undefined> {
  const [row] = await rows<MallRow>(
    tx,
    sql`UPDATE points_mall_goods SET stock = stock - ${quantity}, redeemed = redeemed + ${quantity}, updated_at = now()
        WHERE id = ${id} AND on_shelf AND stock >= ${quantity} RETURNING *`,
  );
  return row;
}

export async function returnMallStock(tx: DbOrTx, id: number, quantity: number) {
  await tx.execute(
    sql`UPDATE points_mall_goods SET stock = stock + ${quantity}, redeemed = greatest(redeemed - ${quantity}, 0), updated_at = now()
        WHERE id = ${id}`,
  );
}

/** Units of a mall goods a member holds in redemptions not returned (the per-member limit counts these). */
export async function redeemedBy(db: DbOrTx, memberId: string, mallGoodsId: number): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT coalesce(sum(quantity), 0)::int AS n FROM points_mall_redemptions
        WHERE member_id = ${memberId} AND mall_goods_id = ${mallGoodsId} AND status = 'HELD'`,
  );
  return row!.n;
}

export async function insertRedemption(
  tx: DbOrTx,
  r: { mallGoodsId: number; memberId: string; orderNo: string; quantity: number; points: number; cashFen: number },
) {
  await tx.execute(
    sql`INSERT INTO points_mall_redemptions (mall_goods_id, member_id, order_no, quantity, points, cash_fen)
        VALUES (${r.mallGoodsId}, ${r.memberId}, ${r.orderNo}, ${r.quantity}, ${r.points}, ${r.cashFen})`,
  );
}

/** Marks an order's held redemptions returned, once: the rows this call returned (none the second time). */
export function returnRedemptions(tx: DbOrTx, orderNo: string) {
  return rows<{ mall_goods_id: number; member_id: string; quantity: number; points: number }>(
    tx,
    sql`UPDATE points_mall_redemptions SET status = 'RETURNED', returned_at = now()
        WHERE order_no = ${orderNo} AND status = 'HELD'
        RETURNING mall_goods_id, member_id, quantity, points`,
  );
}
