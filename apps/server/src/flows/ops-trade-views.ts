import {
  AFTERSALE_TRANSITIONS,
  afterSaleTarget,
  type AfterSaleType,
  type ConsoleAfterSaleDetail,
  type ConsoleOrderDetail,
} from '@mall/shared';
import type { AppContext } from '../lib/context.ts';
import * as aftersale from '../modules/aftersale/aftersale.service.ts';
import { opsOrderDetail, opsOrderLine } from '../modules/orders/orders.service.ts';
import { paymentsOfOrder } from '../modules/payments/payments.service.ts';

/**
 * What the console shows of an order and of an after-sale request, gathered from the modules that
 * know each part (orders, payments, after-sales) through their services: read only.
 */
export async function consoleOrderDetail(ctx: AppContext, orderNo: string): Promise<ConsoleOrderDetail> {
  const { orderId, ...order } = await opsOrderDetail(ctx, orderNo);
  const [payments, afterSales] = await Promise.all([
    paymentsOfOrder(ctx.db, orderId),
    aftersale.briefsOfOrder(ctx.db, orderId),
  ]);
  return {
    ...order,
    items: order.items.map((i) => ({ ...i, afterSales: afterSales.filter((a) => a.orderItemId === i.id) })),
    payment: payments.find((p) => p.status === 'SUCCESS') ?? null,
    payments,
    afterSales,
  };
}

/** The operator's moves of the after-sale state table (the buyer's withdraw and return are not theirs). */
const OPERATOR_ACTIONS = ['approve', 'reject', 'receive', 'refund'] as const;

export async function consoleAfterSaleDetail(ctx: AppContext, afterSaleNo: string): Promise<ConsoleAfterSaleDetail> {
  const detail = await aftersale.opsDetail(ctx, afterSaleNo);
  const order = await opsOrderLine(ctx, detail.orderNo, detail.orderItemId);
  return {
    ...detail,
    order,
    operatorActions: OPERATOR_ACTIONS.filter(
      (a) =>
        a in AFTERSALE_TRANSITIONS && afterSaleTarget(a, detail.status, detail.type as AfterSaleType) !== undefined,
    ),
  };
}
