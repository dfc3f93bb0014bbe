import { afterSaleDetailHref, type OrderAction, type OrderItem } from '@mall/shared';

/** Where a line's after-sale request is followed. */
export const afterSaleHref = afterSaleDetailHref;

/**
 * 申请售后 for one line: the order offers it (state and window, decided by the server), no request
 * on the line is being handled, and some units are not refunded yet.
 */
export function canApplyForItem(item: OrderItem, actions: readonly OrderAction[]): boolean {
  return (
    actions.some((a) => a.key === 'afterSale') && !item.afterSale?.open && item.refundedQuantity < item.quantity
  );
}

/** The order's buttons, without 申请售后 when none of its lines may be applied for any more. */
export function shownOrderActions(order: { items: OrderItem[]; actions: OrderAction[] }): OrderAction[] {
  if (order.items.some((i) => canApplyForItem(i, order.actions))) return order.actions;
  return order.actions.filter((a) => a.key !== 'afterSale');
}
