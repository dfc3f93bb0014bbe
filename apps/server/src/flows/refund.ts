import { formatFen } from '@mall/shared';
import type { AppContext } from '../lib/context.ts';
import * as aftersale from '../modules/aftersale/aftersale.service.ts';
import * as payments from '../modules/payments/payments.service.ts';

/**
 * The operator's refund of an after-sale request (退款中 → 已完成), crossing after-sales and
 * payments. Exactly once: the refunds row (unique per request) is claimed before the provider is
 * called, so a second or concurrent call finds it and does not pay again; the provider's
 * out_request_no (our refund number) makes a retry after a failure idempotent on its side too.
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
    });
  } else {
    // Nothing was paid for this line (fully discounted): no money moves, the request completes.
    await ctx.db.transaction((tx) => aftersale.completeRefund(tx, request, '无需退款（实付为 0）'));
  }
  return aftersale.detailById(ctx, request.id);
}
