import type { FastifyInstance } from 'fastify';
import { ok } from '@mall/shared';
import { parse } from '../../lib/validation.ts';
import { refundAfterSale } from '../../flows/refund.ts';
import { requireOperator } from '../ops/ops-token.ts';
import { refundRequiredPayments } from '../payments/payments.service.ts';
import { opsNoBody, opsRejectBody, pageBody } from './aftersale.schema.ts';
import * as aftersale from './aftersale.service.ts';

/** Operator after-sale endpoints (/ops/afterSale/*), guarded by the X-Ops-Token header. */
export async function afterSaleOpsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.addHook('preHandler', requireOperator);

  app.get('/ops/afterSale/page', async (req) => ok(await aftersale.page(ctx, undefined, parse(pageBody, req.query))));

  app.get('/ops/afterSale/detail', async (req) => {
    const { afterSaleNo } = parse(opsNoBody, req.query);
    return ok(await aftersale.opsDetail(ctx, afterSaleNo));
  });

  app.post('/ops/afterSale/approve', async (req) => {
    const { afterSaleNo } = parse(opsNoBody, req.body);
    return ok(await aftersale.approve(ctx, afterSaleNo), '已同意');
  });

  app.post('/ops/afterSale/reject', async (req) => {
    const { afterSaleNo, reason } = parse(opsRejectBody, req.body);
    return ok(await aftersale.reject(ctx, afterSaleNo, reason), '已拒绝');
  });

  app.post('/ops/afterSale/receive', async (req) => {
    const { afterSaleNo } = parse(opsNoBody, req.body);
    return ok(await aftersale.receive(ctx, afterSaleNo), '已确认收货');
  });

  app.post('/ops/afterSale/refund', async (req) => {
    const { afterSaleNo } = parse(opsNoBody, req.body);
    return ok(await refundAfterSale(ctx, afterSaleNo), '退款成功');
  });

  // Payments that arrived for orders that could not take them (cancelled, or paid twice).
  app.get('/ops/afterSale/refundRequiredPayments', async () => ok(await refundRequiredPayments(ctx)));
}
