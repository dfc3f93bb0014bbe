import { formatFen } from '@mall/shared';
import type { AppContext } from '../lib/context.ts';
import type { DbOrTx } from '../lib/db.ts';
import * as aftersale from '../modules/aftersale/aftersale.service.ts';
import { recordRefund } from '../modules/orders/orders.service.ts';
import * as payments from '../modules/payments/payments.service.ts';

/**
 * The operator's refund of an after-sale request (退款中 → 已完成), crossing after-sales, payments
 * and orders. Exactly once: the refunds row (unique per request) is claimed before the provider is
 * called, so a second or concurrent call finds it and does not pay again; the provider's
 * out_request_no (our refund number) makes a retry after a failure idempotent on its side too.
 * A duplicate that finds the refund confirmed is refused (售后单已完成). The request's completion and
 * the order's `refunded` moment (stock back for units never shipped; the order closes when nothing
 * is left to ship) share one transaction.
 */
export async function refundAfterSale(ctx: AppContext, afterSaleNo: string) {
  const request = await aftersale.forRefund(ctx, afterSaleNo);
  const note = `已原路退款 ${formatFen(request.refundAmount)}`;
  if (request.refundAmount > 0) {
    const claim = await payments.claimAfterSaleRefund(ctx, {
      afterSaleId: request.id,
      orderId: request.orderId,
      orderNo: request.orderNo,
      amount: request.refundAmount,
    });
    if (!claim.claimed && claim.status === 'PENDING') {
      throw new payments.RefundInProgress();
    }
    const providerRef = claim.claimed
      ? await payments.executeRefund(ctx, claim, {
          orderNo: request.orderNo,
          amount: request.refundAmount,
          reason: `售后 ${request.afterSaleNo}`,
        })
      : undefined;
    await ctx.db.transaction(async (tx) => {
      if (providerRef !== undefined) await payments.confirmRefund(tx, claim.refundId, providerRef);
      await aftersale.completeRefund(tx, request, note);
      await refunded(tx, request, note);
    });
  } else {
    // Nothing was paid for this line (fully discounted): no money moves, the request completes.
    const note = '无需退款（实付为 0）';
    await ctx.db.transaction(async (tx) => {
      await aftersale.completeRefund(tx, request, note);
      await refunded(tx, request, note);
    });
  }
  return aftersale.detailById(ctx, request.id);
}

function refunded(tx: DbOrTx, request: Awaited<ReturnType<typeof aftersale.forRefund>>, note: string) {
  return recordRefund(tx, {
    orderId: request.orderId,
    itemId: request.orderItemId,
    quantity: request.quantity,
    amount: request.refundAmount,
    actor: 'ops',
    note: `售后 ${request.afterSaleNo}：${note}`,
  });
}
