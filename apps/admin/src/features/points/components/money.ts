/** Yuan typed into the form (two decimals at most) as integer fen; null when it is not a sum of money. */
export function yuanToFen(yuan: number | string | null | undefined): number | null {
  if (yuan === null || yuan === undefined || yuan === '') return null;
  const text = String(yuan).trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole, part = ''] = text.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

/** Integer fen as the yuan the form shows (1990 → 19.9). */
export function fenToYuan(fen: number): number {
  return fen / 100;
}

/** 1200 积分, or 800 积分 + ¥9.90. */
export function priceText(pointsPrice: number, cashFen: number): string {
  if (cashFen <= 0) return `${pointsPrice} 积分`;
  return `${pointsPrice} 积分 + ¥${Math.floor(cashFen / 100)}.${String(cashFen % 100).padStart(2, '0')}`;
}
