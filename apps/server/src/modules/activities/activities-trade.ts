import { Code } from '@mall/shared';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../lib/db.ts';
import { AppError } from '../../lib/errors.ts';
import { deductStock, restoreStock } from '../inventory/inventory.service.ts';
import { activityPrice, limitRefusal } from './activity-rules.ts';
import { heldBy, ruleOf, type ActivityRow, type ActivitySkuRow } from './activities.repo.ts';

/**
 * Activities as the checkout sees them. A 限时折扣 lowers the price of its SKUs for everyone while it
 * runs. A 秒杀 is bought on purpose (立即抢购 names the activity): its units come from the activity's
 * own stock, within the per-member limit, and its order has a shorter pay window.
 *
 * Stock: a 秒杀's units left the goods' stock when it was scheduled. Taking one for an order moves it
 * from the activity (stock − n, sold + n) back to the goods' stock, where the order's sale takes it as
 * for any order; so goods stock + activity stock + sold stays what there was. A cancelled order's
 * units go back to the activity while it runs, else they stay in the goods' stock (returned + n).
 */

const at = (d: Date) => d.toISOString();

/** The 限时折扣 price of each SKU that has one now (the lowest if it were in two). */
export async function timeDiscountPrices(db: DbOrTx, skus: { skuId: number; priceFen: number }[], now = new Date()) {
  const prices = new Map<number, { activityId: number; title: string; priceFen: number }>();
  if (!skus.length) return prices;
  const found = await rows<ActivitySkuRow & { title: string }>(
    db,
    sql`SELECT s.*, a.title FROM activity_skus s JOIN activities a ON a.id = s.activity_id
        WHERE a.kind = 'TIME_DISCOUNT' AND a.status = 'SCHEDULED' AND a.starts_at <= ${at(now)}::timestamptz
          AND a.ends_at > ${at(now)}::timestamptz
          AND s.sku_id IN (${sql.join(skus.map((s) => sql`${s.skuId}`), sql`, `)})`,
  );
  for (const row of found) {
    const usual = skus.find((s) => s.skuId === row.sku_id)!.priceFen;
    const price = activityPrice(usual, ruleOf(row));
    const known = prices.get(row.sku_id);
    if (price !== undefined && (!known || price < known.priceFen)) prices.set(row.sku_id, { activityId: row.activity_id, title: row.title, priceFen: price });
  }
  return prices;
}

export interface FlashLine {
  activityId: number;
  title: string;
  priceFen: number;
  perMemberLimit: number;
}

/**
 * A 秒杀 line checked: the activity runs now, the SKU is in it, enough is left and the member's
 * limit (counting their unpaid and paid orders) allows the quantity; a refusal in Chinese otherwise.
 */
export async function flashLine(
  db: DbOrTx,
  o: { memberId: string; activityId: number; skuId: number; quantity: number },
  now = new Date(),
): Promise<FlashLine> {
  const [a] = await rows<ActivityRow>(db, sql`SELECT * FROM activities WHERE id = ${o.activityId}`);
  if (!a || a.kind !== 'FLASH_SALE' || a.status === 'DRAFT' || a.status === 'CANCELLED') {
    throw new AppError(Code.ACTIVITY_STATE, '秒杀活动不存在或已取消');
  }
  if (new Date(a.starts_at) > now) throw new AppError(Code.ACTIVITY_STATE, '秒杀尚未开始，请稍后再来');
  if (a.status === 'ENDED' || new Date(a.ends_at) <= now) throw new AppError(Code.ACTIVITY_STATE, '秒杀已结束');
  const [s] = await rows<ActivitySkuRow>(
    db,
    sql`SELECT * FROM activity_skus WHERE activity_id = ${o.activityId} AND sku_id = ${o.skuId}`,
  );
  if (!s) throw new AppError(Code.ACTIVITY_STATE, '该商品规格不在此秒杀活动中');
  if (s.stock <= 0) throw new AppError(Code.ACTIVITY_STOCK_SHORT, '已抢光');
  if (s.stock < o.quantity) throw new AppError(Code.ACTIVITY_STOCK_SHORT, `秒杀库存仅剩 ${s.stock} 件`);
  const refusal = limitRefusal(a.per_member_limit, await heldBy(db, o.activityId, o.memberId), o.quantity);
  if (refusal) throw new AppError(Code.ACTIVITY_LIMIT, refusal);
  return { activityId: a.id, title: a.title, priceFen: s.price_fen!, perMemberLimit: a.per_member_limit };
}

/**
 * Takes a 秒杀 line's units for a new order, in its transaction and before the order's sale: the
 * member's turn for this activity first (one member's simultaneous orders meet the limit one after
 * another), then one conditional update of the activity's stock (never below zero, only while it
 * runs), the units handed to the goods' stock and a hold written for the limit and the return.
 */
export async function takeFlashUnits(
  tx: DbOrTx,
  o: { memberId: string; activityId: number; skuId: number; quantity: number; orderNo: string },
  now = new Date(),
) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${o.activityId}, hashtext(${o.memberId}))`);
  await flashLine(tx, o, now);
  const taken = await rows<{ sku_id: number }>(
    tx,
    sql`UPDATE activity_skus s SET stock = s.stock - ${o.quantity}, sold = s.sold + ${o.quantity}
        FROM activities a
        WHERE s.activity_id = ${o.activityId} AND s.sku_id = ${o.skuId} AND s.stock >= ${o.quantity}
          AND a.id = s.activity_id AND a.status = 'SCHEDULED' AND a.ends_at > ${at(now)}::timestamptz
        RETURNING s.sku_id`,
  );
  if (!taken.length) throw new AppError(Code.ACTIVITY_STOCK_SHORT, '已抢光');
  await restoreStock(tx, o.skuId, o.quantity, { kind: 'activity_release', refNo: o.orderNo, actor: 'buyer', reason: '秒杀下单' });
  await tx.execute(
    sql`INSERT INTO activity_holds (order_no, activity_id, sku_id, member_id, quantity)
        VALUES (${o.orderNo}, ${o.activityId}, ${o.skuId}, ${o.memberId}, ${o.quantity})`,
  );
}

/**
 * An order's 秒杀 units given back once (cancel, pay timeout), after the stock subscriber returned
 * them to the goods' stock: while the activity runs they go on to the activity again; after its end
 * they stay in the goods' stock.
 */
export async function returnFlashUnits(tx: DbOrTx, orderNo: string, now = new Date()) {
  const holds = await rows<{ activity_id: number; sku_id: number; quantity: number }>(
    tx,
    sql`UPDATE activity_holds SET status = 'RETURNED', returned_at = now()
        WHERE order_no = ${orderNo} AND status = 'HELD' RETURNING activity_id, sku_id, quantity`,
  );
  for (const h of holds) {
    const [running] = await rows<{ id: number }>(
      tx,
      sql`SELECT id FROM activities WHERE id = ${h.activity_id} AND status = 'SCHEDULED' AND ends_at > ${at(now)}::timestamptz FOR UPDATE`,
    );
    const backToActivity =
      running !== undefined &&
      (await deductStock(tx, h.sku_id, h.quantity, { kind: 'activity_reserve', refNo: orderNo, actor: 'system', reason: '秒杀订单取消，返还活动库存' }));
    await tx.execute(
      backToActivity
        ? sql`UPDATE activity_skus SET stock = stock + ${h.quantity}, sold = sold - ${h.quantity}
              WHERE activity_id = ${h.activity_id} AND sku_id = ${h.sku_id}`
        : sql`UPDATE activity_skus SET sold = sold - ${h.quantity}, returned = returned + ${h.quantity}
              WHERE activity_id = ${h.activity_id} AND sku_id = ${h.sku_id}`,
    );
  }
}

