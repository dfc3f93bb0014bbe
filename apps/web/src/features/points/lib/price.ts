import { formatFen } from '@mall/shared';

/** A mall goods' price as the buyer reads it: 1200 积分, or 800 积分 + ¥9.90 with a cash part. */
export function pointsPriceText(pointsPrice: number, cashFen: number): string {
  return cashFen > 0 ? `${pointsPrice} 积分 + ${formatFen(cashFen)}` : `${pointsPrice} 积分`;
}

/** 每人限兑 N 件, or 不限 (0). */
export function limitText(perMemberLimit: number): string {
  return perMemberLimit > 0 ? `每人限兑 ${perMemberLimit} 件` : '不限兑换数量';
}

/** A ledger amount with its sign: +5, -100. */
export function signedPoints(amount: number): string {
  return amount > 0 ? `+${amount}` : String(amount);
}

/**
 * The 运费 a redemption follows, the same as buying the goods for cash: 免运费, or the shop's threshold
 * (read on the goods' 市场价) and its fee.
 */
export function redeemFreightText(freight: { freeFromFen: number; feeFen: number }): string {
  if (freight.feeFen <= 0 || freight.freeFromFen <= 0) return '免运费';
  return `与现金购买相同：市场价满 ${formatFen(freight.freeFromFen)} 免运费，不满收 ${formatFen(freight.feeFen)}`;
}
