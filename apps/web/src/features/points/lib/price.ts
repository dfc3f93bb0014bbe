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
