import { Code, type CheckoutPoints, type CheckoutRedemption } from '@mall/shared';
import type { DbOrTx } from '../../lib/db.ts';
import { AppError } from '../../lib/errors.ts';
import * as mallRepo from './points-mall.repo.ts';
import { maxPointsForGoods, pointsValueFen } from './points-rules.ts';
import { balanceOf, changePoints, pointsSettings } from './points.service.ts';
import * as repo from './points.repo.ts';

/**
 * Spending points, for the checkout (inside the order's transaction): 积分抵扣 on a usual order and
 * 积分兑换 of a points-mall goods. What is spent is recorded against the order (points_order_spends,
 * points_mall_redemptions) as held, and given back once when the order is cancelled or wholly refunded.
 */

export type PointsOffer = Omit<CheckoutPoints, 'used' | 'valueFen'>;

/** 积分抵扣 on goods that cost `goodsPayableFen` after activity prices and the coupon. */
export async function checkoutOffer(db: DbOrTx, memberId: string, goodsPayableFen: number): Promise<PointsOffer> {
  const [s, balance] = await Promise.all([pointsSettings(db), balanceOf(db, memberId)]);
  const maxUsable = maxPointsForGoods(goodsPayableFen, balance, s);
  const hint =
    maxUsable > 0
      ? null
      : s.maxDeductPercent === 0
        ? '本店暂未开启积分抵扣'
        : balance === 0
          ? '暂无可用积分'
          : '本单暂无可用积分抵扣的金额';
  return { balance, maxUsable, fenPer100Points: s.fenPer100Points, maxDeductPercent: s.maxDeductPercent, hint };
}

/** The buyer's points choice checked against the offer: what they take off, or a refusal in Chinese. */
export function pointsToSpend(offer: PointsOffer, requested: number): { points: number; valueFen: number } {
  if (requested <= 0) return { points: 0, valueFen: 0 };
  if (requested > offer.balance) throw new AppError(Code.POINTS_INSUFFICIENT, `积分不足，当前可用 ${offer.balance} 积分`);
  if (requested > offer.maxUsable) {
    throw new AppError(
      Code.POINTS_OVER_CAP,
      offer.maxUsable > 0 ? `本单最多可使用 ${offer.maxUsable} 积分` : (offer.hint ?? '本单不能使用积分抵扣'),
    );
  }
  return { points: requested, valueFen: pointsValueFen(requested, offer.fenPer100Points) };
}

/** Takes the points of 积分抵扣 for a new order (积分不足 refuses and rolls the order back). */
export async function spendForOrder(tx: DbOrTx, o: { memberId: string; orderNo: string; points: number; valueFen: number }) {
  await changePoints(tx, { memberId: o.memberId, amount: -o.points, reason: 'ORDER_SPEND', orderNo: o.orderNo });
  await repo.insertSpend(tx, o);
}

/* ---- 积分兑换 ---- */

export interface Redeemable {
  row: mallRepo.MallRow;
  redemption: CheckoutRedemption;
  balance: number;
}

function limitMessage(limit: number, held: number) {
  return held > 0 ? `每人限兑 ${limit} 件，您已兑换 ${held} 件` : `每人限兑 ${limit} 件`;
}

/**
 * A points-mall goods as the checkout sees it: on shelf, enough of its own stock, within the member's
 * limit and balance; refused in Chinese otherwise (108711–108713, 108701).
 */
export async function redeemable(db: DbOrTx, memberId: string, id: number, quantity: number): Promise<Redeemable> {
  const row = await mallRepo.findMall(db, id);
  if (!row || !row.on_shelf) throw new AppError(Code.POINTS_MALL_OFF_SHELF, row ? undefined : '积分商品不存在或已下架');
  if (row.stock <= 0) throw new AppError(Code.POINTS_MALL_SOLD_OUT);
  if (row.stock < quantity) throw new AppError(Code.POINTS_MALL_SOLD_OUT, `该积分商品仅剩 ${row.stock} 件`);
  const [held, balance] = await Promise.all([mallRepo.redeemedBy(db, memberId, id), balanceOf(db, memberId)]);
  const limit = row.per_member_limit;
  if (limit > 0 && held + quantity > limit) throw new AppError(Code.POINTS_MALL_LIMIT, limitMessage(limit, held));
  const points = row.points_price * quantity;
  if (points > balance) throw new AppError(Code.POINTS_INSUFFICIENT, `积分不足，兑换需 ${points} 积分，当前可用 ${balance} 积分`);
  return {
    row,
    balance,
    redemption: {
      mallGoodsId: row.id,
      pointsPrice: row.points_price,
      cashFen: row.cash_fen,
      quantity,
      points,
      perMemberLimit: limit,
      remaining: limit > 0 ? limit - held : null,
    },
  };
}

/**
 * Redeems for a new order, in its transaction: the member's account is locked first (so one member's
 * simultaneous redemptions are counted against the limit one after another), then the mall's own
 * stock is taken by a conditional update and the points by changePoints. Any refusal rolls the order back.
 */
export async function redeemForOrder(tx: DbOrTx, o: { memberId: string; orderNo: string; id: number; quantity: number }) {
  await repo.lockAccount(tx, o.memberId);
  const { row, redemption } = await redeemable(tx, o.memberId, o.id, o.quantity);
  const taken = await mallRepo.takeMallStock(tx, o.id, o.quantity);
  if (!taken) throw new AppError(Code.POINTS_MALL_SOLD_OUT);
  await changePoints(tx, { memberId: o.memberId, amount: -redemption.points, reason: 'MALL_REDEEM', orderNo: o.orderNo });
  await mallRepo.insertRedemption(tx, {
    mallGoodsId: row.id,
    memberId: o.memberId,
    orderNo: o.orderNo,
    quantity: o.quantity,
    points: redemption.points,
    cashFen: row.cash_fen * o.quantity,
  });
}

/**
 * Gives back what an order spent, once (the held rows are marked returned by conditional updates):
 * the points of 积分抵扣 (取消订单退回) and of a redemption (兑换取消退回) with the mall's stock.
 */
export async function returnForOrder(tx: DbOrTx, orderNo: string, note: string) {
  const spend = await repo.returnSpend(tx, orderNo);
  if (spend) await changePoints(tx, { memberId: spend.member_id, amount: spend.points, reason: 'ORDER_RETURN', orderNo, note });
  for (const r of await mallRepo.returnRedemptions(tx, orderNo)) {
    await mallRepo.returnMallStock(tx, r.mall_goods_id, r.quantity);
    await changePoints(tx, { memberId: r.member_id, amount: r.points, reason: 'MALL_RETURN', orderNo, note });
  }
}
