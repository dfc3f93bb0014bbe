import { Code } from '@mall/shared';
import type { DbOrTx } from '../../lib/db.ts';
import { AppError } from '../../lib/errors.ts';
import { deductStock, restoreStock } from '../inventory/inventory.service.ts';
import { activityPrice, limitRefusal } from './activity-rules.ts';
import * as repo from './activities.repo.ts';

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

/** The 限时折扣 price of each SKU that has one now (the lowest if it were in two). */
export async function timeDiscountPrices(db: DbOrTx, skus: { skuId: number; priceFen: number }[], now = new Date()) {
  const prices = new Map<number, { activityId: number; title: string; priceFen: number }>();
  const found = await repo.runningDiscounts(
    db,
    skus.map((s) => s.skuId),
    now,
  );
  for (const row of found) {
    const usual = skus.find((s) => s.skuId === row.sku_id)!.priceFen;
    const price = activityPrice(usual, repo.ruleOf(row));
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
  const a = await repo.findActivity(db, o.activityId);
  if (!a || a.kind !== 'FLASH_SALE' || a.status === 'DRAFT' || a.status === 'CANCELLED') {
    throw new AppError(Code.ACTIVITY_STATE, '秒杀活动不存在或已取消');
  }
  if (new Date(a.starts_at) > now) throw new AppError(Code.ACTIVITY_STATE, '秒杀尚未开始，请稍后再来');
  if (a.status === 'ENDED' || new Date(a.ends_at) <= now) throw new AppError(Code.ACTIVITY_STATE, '秒杀已结束');
  const s = await repo.findSku(db, o.activityId, o.skuId);
  if (!s) throw new AppError(Code.ACTIVITY_STATE, '该商品规格不在此秒杀活动中');
  if (s.stock <= 0) throw soldOut();
  if (s.stock < o.quantity) throw new AppError(Code.ACTIVITY_STOCK_SHORT, `秒杀库存仅剩 ${s.stock} 件`);
  const refusal = limitRefusal(a.per_member_limit, await repo.heldBy(db, o.activityId, o.memberId), o.quantity);
  if (refusal) throw new AppError(Code.ACTIVITY_LIMIT, refusal);
  return { activityId: a.id, title: a.title, priceFen: s.price_fen!, perMemberLimit: a.per_member_limit };
}

/** 已抢光: every unit of the session's SKU is taken (also what a sold-out mark answers). */
export const soldOut = () => new AppError(Code.ACTIVITY_STOCK_SHORT, '已抢光');

/** What the channel carries: a SKU's units left (0: sold out) in its window, or an activity cancelled / ended. */
const stockNote = (activityId: number, skuId: number, left: number, w: { starts_at: Date | string; ends_at: Date | string }) => ({
  a: activityId,
  s: skuId,
  left,
  from: new Date(w.starts_at).toISOString(),
  to: new Date(w.ends_at).toISOString(),
});

/**
 * Takes a 秒杀 line's units for a new order, in its transaction, after the line's check (`flashLine`:
 * the window, the SKU, the units, the member's limit) and before the order's sale. First the
 * member's turn for this activity (a transaction-scoped advisory lock, taken this late so that one
 * member's simultaneous tries do their other work side by side) and the limit counted again under
 * it; then one conditional update of the activity's stock (never below zero, only while it runs:
 * the window and the SKU need no second read), the units handed to the goods' stock and a hold
 * written for the limit and the return. The order that takes the last unit tells every server
 * process (NOTIFY, delivered on commit).
 */
export async function takeFlashUnits(
  tx: DbOrTx,
  o: { memberId: string; line: FlashLine; skuId: number; quantity: number; orderNo: string },
  now = new Date(),
) {
  const activityId = o.line.activityId;
  await repo.memberTurn(tx, activityId, o.memberId);
  const refusal = limitRefusal(o.line.perMemberLimit, await repo.heldBy(tx, activityId, o.memberId), o.quantity);
  if (refusal) throw new AppError(Code.ACTIVITY_LIMIT, refusal);
  const taken = await repo.takeUnits(tx, { activityId, skuId: o.skuId, quantity: o.quantity }, now);
  if (!taken) throw soldOut();
  if (taken.stock === 0) await repo.notifyStock(tx, stockNote(activityId, o.skuId, 0, taken));
  await restoreStock(tx, o.skuId, o.quantity, { kind: 'activity_release', refNo: o.orderNo, actor: 'buyer', reason: '秒杀下单' });
  await repo.insertHold(tx, { orderNo: o.orderNo, activityId, skuId: o.skuId, memberId: o.memberId, quantity: o.quantity });
}

/**
 * An order's 秒杀 units given back once (cancel, pay timeout), after the stock subscriber returned
 * them to the goods' stock: while the activity runs they go on to the activity again (and clear a
 * sold-out mark); after its end they stay in the goods' stock.
 */
export async function returnFlashUnits(tx: DbOrTx, orderNo: string, now = new Date()) {
  for (const h of await repo.returnHolds(tx, orderNo)) {
    const running = await repo.lockRunning(tx, h.activity_id, now);
    const backToActivity =
      running !== undefined &&
      (await deductStock(tx, h.sku_id, h.quantity, { kind: 'activity_reserve', refNo: orderNo, actor: 'system', reason: '秒杀订单取消，返还活动库存' }));
    if (backToActivity) {
      const left = await repo.unitsBackOnSale(tx, h.activity_id, h.sku_id, h.quantity);
      await repo.notifyStock(tx, stockNote(h.activity_id, h.sku_id, left, running));
    } else {
      await repo.soldUnitsReturned(tx, h.activity_id, h.sku_id, h.quantity);
    }
  }
}

/**
 * Units of a 秒杀 line refunded before shipment: the stock subscriber has put them back in the goods'
 * stock, where they stay; the activity counts them sold no more (sold − n, returned + n), so goods
 * stock + activity stock + sold is still what there was, and the member's hold keeps only what the
 * line still has (the limit counts those). Brought to a level, not decremented: a repeated or
 * concurrent refund event moves nothing twice.
 */
export async function refundFlashUnits(tx: DbOrTx, o: { orderNo: string; skuId: number; stillBought: number }) {
  const { activityId, moved } = await repo.shrinkHold(tx, { orderNo: o.orderNo, skuId: o.skuId, held: Math.max(0, o.stillBought) });
  if (activityId !== undefined && moved > 0) await repo.soldUnitsReturned(tx, activityId, o.skuId, moved);
  return moved;
}
