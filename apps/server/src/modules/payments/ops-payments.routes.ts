import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '@mall/shared';
import { UUID_PATTERN } from '../../lib/ids.ts';
import { enumOf, pageQuery, parse, text } from '../../lib/validation.ts';
import { diff } from '../operators/index.ts';
import { manualRefunds, recordManualRefund } from './payments.service.ts';
import { audit, operatorOf } from '../operators/index.ts';
import { atLeastTwo } from '../../lib/operator-reason.ts';

const listQuery = z.object({
  ...pageQuery,
  status: enumOf('退款状态', ['REFUND_REQUIRED', 'REFUNDED']).default('REFUND_REQUIRED'),
});

const recordedBody = z.object({
  paymentId: text('支付记录', { min: 1, max: 36, pattern: UUID_PATTERN, patternMessage: '支付记录编号格式不正确' }),
  note: atLeastTwo('退款说明', 200),
});

/**
 * 人工退款: money that arrived for an order that could not take it (cancelled before the payment
 * came, or paid twice) is flagged REFUND_REQUIRED by the payments module; an operator gives it back
 * outside the shop and records that here, once.
 */
export async function opsPaymentRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/ops/payment/manualRefunds', { config: { permission: 'payment:view' } }, async (req) =>
    ok(await manualRefunds(ctx, parse(listQuery, req.query))),
  );

  app.post('/ops/payment/refundRecorded', { config: { permission: 'payment:refund' } }, async (req) => {
    const { paymentId, note } = parse(recordedBody, req.body);
    const who = operatorOf(req);
    const done = await recordManualRefund(ctx, {
      paymentId: paymentId.toLowerCase(),
      note,
      by: { id: who.operatorId, name: who.displayName || who.username },
    });
    await audit(req, {
      action: 'payment.refundRecorded',
      objectType: 'payment',
      objectId: done.id,
      changes: diff({ status: 'REFUND_REQUIRED' }, { status: done.status }),
      reason: `订单 ${done.orderNo} 退款 ${(done.amount / 100).toFixed(2)} 元：${note}`,
    });
    return ok(done, '已登记退款');
  });
}
