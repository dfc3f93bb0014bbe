/** The checkout's split of an order's payable amount over its lines (floored, remainder to the last). */
export function prorateForTest(amount: number, weights: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => (total > 0 ? Math.floor((amount * w) / total) : 0));
  shares[shares.length - 1]! += amount - shares.reduce((a, b) => a + b, 0);
  return shares;
}
