import type { FastifyInstance } from 'fastify';
import { ok } from '@mall/shared';
import { parse } from '../../lib/validation.ts';
import { refundAfterSale } from '../../flows/refund.ts';
import { opsNoBody, opsRejectBody, pageBody } from '../aftersale/aftersale.schema.ts';
import * as aftersale from '../aftersale/aftersale.service.ts';
import { refundRequiredPayments } from '../payments/payments.service.ts';

/** Operator after-sale endpoints (/ops/afterSale/*). */
export async function opsAfterSaleRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/ops/afterSale/page', { config: { permission: 'aftersale:view' } }, async (req) => ok(await aftersale.page(ctx, undefined, parse(pageBody, req.query))));

  app.get('/ops/afterSale/detail', { config: { permission: 'aftersale:view' } }, async (req) => {
    const { afterSaleNo } = parse(opsNoBody, req.query);
    return ok(await aftersale.opsDetail(ctx, afterSaleNo));
  });

  app.post('/ops/afterSale/approve', { config: { permission: 'aftersale:review' } }, async (req) => {
    const { afterSaleNo } = parse(opsNoBody, req.body);
    return ok(await aftersale.approve(ctx, afterSaleNo), '已同意');
  });

  app.post('/ops/afterSale/reject', { config: { permission: 'aftersale:review' } }, async (req) => {
    const { afterSaleNo, reason } = parse(opsRejectBody, req.body);
    return ok(await aftersale.reject(ctx, afterSaleNo, reason), '已拒绝');
  });

  app.post('/ops/afterSale/receive', { config: { permission: 'aftersale:review' } }, async (req) => {
    const { afterSaleNo } = parse(opsNoBody, req.body);
    return ok(await aftersale.receive(ctx, afterSaleNo), '已确认收货');
  });

  app.post('/ops/afterSale/refund', { config: { permission: 'refund:execute' } }, async (req) => {
    const { afterSaleNo } = parse(opsNoBody, req.body);
    return ok(await refundAfterSale(ctx, afterSaleNo), '退款成功');
  });

  // Payments that arrived for orders that could not take them (cancelled, or paid twice).
  app.get('/ops/afterSale/refundRequiredPayments', { config: { permission: 'payment:view' } }, async () => ok(await refundRequiredPayments(ctx)));
}
