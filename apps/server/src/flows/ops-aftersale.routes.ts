import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AFTERSALE_STATUSES, ok, type AfterSaleDetail } from '@mall/shared';
import { consoleAfterSaleDetail } from './ops-trade-views.ts';
import { refundAfterSale } from './refund.ts';
import { enumOf, pageQuery, parse, text } from '../lib/validation.ts';
import { opsNoBody } from '../modules/aftersale/index.ts';
import * as aftersale from '../modules/aftersale/aftersale.service.ts';
import { diff } from '../modules/operators/index.ts';
import { refundRequiredPayments } from '../modules/payments/payments.service.ts';
import { audit, operatorOf } from '../modules/operators/index.ts';
import { atLeastTwo } from '../lib/operator-reason.ts';

const queueQuery = z.object({
  ...pageQuery,
  status: enumOf('售后状态', ['ALL', ...AFTERSALE_STATUSES] as [string, ...string[]]).default('ALL'),
  keyword: text('搜索关键词', { max: 50 }).optional(),
});

const rejectBody = opsNoBody.extend({ reason: atLeastTwo('拒绝原因', 100) });

/** One line of the audit log for an after-sale transition: the status before → after. */
function audited(req: FastifyRequest, action: string, before: string, after: AfterSaleDetail, reason?: string) {
  return audit(req, {
    action: `aftersale.${action}`,
    objectType: 'aftersale',
    objectId: after.afterSaleNo,
    changes: diff({ status: before }, { status: after.status }),
    reason: reason ?? null,
  });
}

/** Operator after-sale endpoints (/ops/afterSale/*): the review queue, its actions and refunds. */
export async function opsAfterSaleRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/ops/afterSale/page', { config: { permission: 'aftersale:view' } }, async (req) =>
    ok(await aftersale.opsQueue(ctx, parse(queueQuery, req.query))),
  );

  app.get('/ops/afterSale/detail', { config: { permission: 'aftersale:view' } }, async (req) => {
    const { afterSaleNo } = parse(opsNoBody, req.query);
    return ok(await consoleAfterSaleDetail(ctx, afterSaleNo));
  });

  app.post('/ops/afterSale/approve', { config: { permission: 'aftersale:review' } }, async (req) => {
    const { afterSaleNo } = parse(opsNoBody, req.body);
    const done = await aftersale.approve(ctx, afterSaleNo);
    await audited(req, 'approve', 'PENDING_REVIEW', done);
    return ok(done, '已同意');
  });

  app.post('/ops/afterSale/reject', { config: { permission: 'aftersale:review' } }, async (req) => {
    const { afterSaleNo, reason } = parse(rejectBody, req.body);
    const done = await aftersale.reject(ctx, afterSaleNo, reason);
    await audited(req, 'reject', 'PENDING_REVIEW', done, reason);
    return ok(done, '已拒绝');
  });

  app.post('/ops/afterSale/receive', { config: { permission: 'aftersale:review' } }, async (req) => {
    const { afterSaleNo } = parse(opsNoBody, req.body);
    const who = operatorOf(req);
    const done = await aftersale.receive(ctx, afterSaleNo, {
      id: who.operatorId,
      name: who.displayName || who.username,
    });
    await audited(req, 'receive', 'PENDING_MERCHANT_RECEIPT', done);
    return ok(done, '已确认收货，库存已退回');
  });

  app.post('/ops/afterSale/refund', { config: { permission: 'refund:execute' } }, async (req) => {
    const { afterSaleNo } = parse(opsNoBody, req.body);
    const done = await refundAfterSale(ctx, afterSaleNo);
    await audited(req, 'refund', 'REFUNDING', done, `退款 ${(done.refundAmount / 100).toFixed(2)} 元`);
    return ok(done, '退款成功');
  });

  // Kept for `npm run ops -- payments-refund-required`; the console reads /ops/payment/manualRefunds.
  app.get('/ops/afterSale/refundRequiredPayments', { config: { permission: 'payment:view' } }, async () =>
    ok(await refundRequiredPayments(ctx)),
  );
}
