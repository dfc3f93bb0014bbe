import crypto from 'node:crypto';
import { submitCheckout } from '../flows/checkout.ts';
import type { AppContext } from '../lib/context.ts';
import { confirmByBuyer, shipOrder } from '../modules/orders/orders.service.ts';
import { createPayment, handleNotification } from '../modules/payments/payments.service.ts';
import { paymentsOf } from '../modules/payments/providers.ts';

/**
 * Demo orders made as a buyer makes them: checkout, then paid through the sandbox platform's signed
 * notification, so every subscriber to the order's moments (stock, points, commission) runs.
 */

/** Bought now and paid; the order number, or null when the sandbox platform is off or refused the notice. */
export async function buyAndPay(
  ctx: AppContext,
  buyer: { id: string; addressId: string },
  skuId: number,
  quantity: number,
): Promise<string | null> {
  const sandbox = paymentsOf(ctx).sandbox;
  if (!sandbox) return null;
  const order = await submitCheckout(ctx, buyer.id, {
    buyNow: { skuId, quantity },
    addressId: buyer.addressId,
    idempotencyKey: crypto.randomBytes(12).toString('hex'),
  });
  await createPayment(ctx, buyer.id, { orderNo: order.orderNo, method: 'sandbox' });
  const notice = sandbox.paidNotification({
    orderNo: order.orderNo,
    amountFen: order.payableAmount,
    subject: `商城订单 ${order.orderNo}`,
    notifyUrl: '',
    returnUrl: '',
    expiresAt: undefined,
    params: {},
  });
  return (await handleNotification(ctx, 'sandbox', { params: notice })) === 'success' ? order.orderNo : null;
}

/** Shipped by the shop and received by the buyer: the order completes (its detail as the buyer sees it). */
export async function shipAndReceive(ctx: AppContext, memberId: string, orderNo: string) {
  await shipOrder(ctx, { orderNo, company: '顺丰速运', trackingNo: `SF${Date.now()}${crypto.randomInt(100, 999)}` });
  return confirmByBuyer(ctx, memberId, orderNo);
}
