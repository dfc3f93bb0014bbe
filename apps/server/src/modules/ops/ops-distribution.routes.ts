import type { FastifyInstance } from 'fastify';
import { ok } from '@mall/shared';
import { parse } from '../../lib/validation.ts';
import { diff } from '../operators/audit.ts';
import { approve, opsApplicationDetail, opsApplicationPage, reject } from '../distribution/applications.ts';
import { applicationIdBody, applicationPageQuery, rejectBody } from '../distribution/distribution.schema.ts';
import { audit, operatorOf } from './guard.ts';

const MANAGE = { config: { permission: 'distribution:manage' as const } };

/** The console's 分销 menu (/ops/distribution/*, permission distribution:manage); every decision audited. */
export async function opsDistributionRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/ops/distribution/application/page', MANAGE, async (req) =>
    ok(await opsApplicationPage(ctx, parse(applicationPageQuery, req.query))),
  );

  app.get('/ops/distribution/application/detail', MANAGE, async (req) =>
    ok(await opsApplicationDetail(ctx, parse(applicationIdBody, req.query).id)),
  );

  app.post('/ops/distribution/application/approve', MANAGE, async (req) => {
    const { id } = parse(applicationIdBody, req.body);
    const done = await approve(ctx, id, operatorOf(req).username);
    await audit(req, {
      action: 'distribution.approve',
      objectType: 'distributionApplication',
      objectId: id,
      changes: diff({ status: 'PENDING' }, { status: 'APPROVED' }),
      reason: null,
    });
    return ok(done, `已通过，${done.realName} 成为${done.programmeText}员`);
  });

  app.post('/ops/distribution/application/reject', MANAGE, async (req) => {
    const { id, reason } = parse(rejectBody, req.body);
    const done = await reject(ctx, id, reason, operatorOf(req).username);
    await audit(req, {
      action: 'distribution.reject',
      objectType: 'distributionApplication',
      objectId: id,
      changes: diff({ status: 'PENDING' }, { status: 'REJECTED' }),
      reason,
    });
    return ok(done, '已驳回');
  });
}
