/**
 * The console types 元 and percent; the server keeps integer fen and basis points (1 % = 100). These
 * convert without floating-point drift (0.29 元 is 29 分, not 28.999…), and refuse what the server
 * would refuse anyway, so a form can say so beside the field.
 */

/** 1234 分 → 12.34 元 (for an input's value). */
export const fenToYuan = (fen: number) => fen / 100;

/** 8.5 % → 850 basis points; null for an empty, non-finite or more-than-two-decimals value. */
export function percentToBasisPoints(percent: number | null | undefined): number | null {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return null;
  const bp = Math.round(percent * 100);
  return Math.abs(bp - percent * 100) < 1e-6 ? bp : null;
}

/** 850 basis points → 8.5 (%), for an input's value. */
export const basisPointsToPercent = (bp: number) => bp / 100;

/** 850 → 8.5%, 1000 → 10%, 1 → 0.01%: how a rate reads. */
export function basisPointsText(bp: number): string {
  return `${(bp / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

/** The 分销 rate bounds the server checks: 0.01 %–50 %. */
export const MIN_RATE_BP = 1;
export const MAX_RATE_BP = 5000;

/**
 * What one unit earns at a price under a rule, as the server computes it (rounded down; a fixed
 * amount never above the price). For the form's preview only: the server decides.
 */
export function unitCommissionFen(
  rule: { type: 'FIXED'; amountFen: number } | { type: 'RATE'; basisPoints: number },
  priceFen: number,
): number {
  if (rule.type === 'FIXED') return Math.min(rule.amountFen, priceFen);
  return Math.floor((priceFen * rule.basisPoints) / 10_000);
}
