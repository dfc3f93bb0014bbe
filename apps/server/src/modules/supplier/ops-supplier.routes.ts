import type { FastifyInstance } from 'fastify';
import { ok } from '@mall/shared';
import { parse } from '../../lib/validation.ts';
import { diff } from '../operators/index.ts';
import { audit, operatorOf } from '../operators/index.ts';
import { opsIdQuery, opsPageQuery, opsRejectBody, opsStorePageQuery } from './supplier.schema.ts';
import * as review from './supplier-review.ts';

const operatorName = (who: { displayName?: string; username: string }) => who.displayName || who.username;

/** 供应商审核 (/ops/supplier/*): submitted applications, approving or rejecting them, and the stores. */
export async function opsSupplierRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const access = { config: { permission: 'supplier:review' as const } };
  app.get('/ops/supplier/application/page', access, async (req) => ok(await review.opsPage(ctx, parse(opsPageQuery, req.query))));
  app.get('/ops/supplier/application/detail', access, async (req) => {
    const { id } = parse(opsIdQuery, req.query);
    return ok(await review.opsDetail(ctx, id));
  });
  app.post('/ops/supplier/application/approve', access, async (req) => {
    const { id } = parse(opsIdQuery, req.body);
    const done = await review.approve(ctx, id, operatorName(operatorOf(req)));
    await audit(req, {
      action: 'supplier.approve',
      objectType: 'supplierApplication',
      objectId: id,
      changes: diff({ status: 'PENDING' }, { status: 'APPROVED', supplierId: done.supplierId, storeName: done.storeName }),
      reason: null,
    });
    return ok(done, '已通过');
  });
  app.post('/ops/supplier/application/reject', access, async (req) => {
    const { id, reason } = parse(opsRejectBody, req.body);
    const done = await review.reject(ctx, id, reason, operatorName(operatorOf(req)));
    await audit(req, {
      action: 'supplier.reject',
      objectType: 'supplierApplication',
      objectId: id,
      changes: diff({ status: 'PENDING' }, { status: 'REJECTED' }),
      reason,
    });
    return ok(done, '已驳回');
  });
  app.get('/ops/supplier/page', access, async (req) => ok(await review.storePage(ctx, parse(opsStorePageQuery, req.query))));
}
