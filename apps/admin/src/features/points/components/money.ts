/** Integer fen as the yuan the form shows (1990 → 19.9). */
export function fenToYuan(fen: number): number {
  return fen / 100;
}

/** 1200 积分, or 800 积分 + ¥9.90. */
export function priceText(pointsPrice: number, cashFen: number): string {
  if (cashFen <= 0) return `${pointsPrice} 积分`;
  return `${pointsPrice} 积分 + ¥${Math.floor(cashFen / 100)}.${String(cashFen % 100).padStart(2, '0')}`;
}
