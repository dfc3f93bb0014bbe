/**
 * The refund of an after-sale request, computed by the server from the item's paid share (its part
 * of what the order paid, discounts and freight allocated in proportion at checkout).
 *
 * `held` is what the item's other open or completed requests already hold. A request for the rest
 * of the quantity gets the rest of the money, so refunding every unit returns exactly paid_share;
 * a partial quantity gets its floored proportion, never more than is left.
 */
export interface RefundBasis {
  /** order_items.paid_share, fen. */
  paidShare: number;
  /** Units bought on the line. */
  quantity: number;
  heldQuantity: number;
  heldAmount: number;
}

export function remainingQuantity(b: RefundBasis): number {
  return Math.max(0, b.quantity - b.heldQuantity);
}

export function refundAmountFor(b: RefundBasis, requestQuantity: number): number {
  const left = Math.max(0, b.paidShare - b.heldAmount);
  if (requestQuantity >= remainingQuantity(b)) return left;
  return Math.min(left, Math.floor((b.paidShare * requestQuantity) / b.quantity));
}
