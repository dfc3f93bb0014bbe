import type { FastifyInstance } from 'fastify';
import { ok } from '@mall/shared';
import { parse } from '../../lib/validation.ts';
import { memberOf, requireMember } from '../accounts/auth-guard.ts';
import { apply, distributionStatus } from './applications.ts';
import { applyBody, programmeQuery } from './distribution.schema.ts';

/** 分销 and 推广 for members: where they stand in a programme, and applying to join. */
export async function distributionRoutes(app: FastifyInstance) {
  const { ctx } = app;

  await app.register(async (guarded) => {
    guarded.addHook('preHandler', requireMember);

    guarded.get('/member/distribution/apply/status', async (req) =>
      ok(await distributionStatus(ctx, memberOf(req).memberId, parse(programmeQuery, req.query).programme)),
    );

    guarded.post('/member/distribution/apply', async (req) =>
      ok(await apply(ctx, memberOf(req).memberId, parse(applyBody, req.body)), '申请已提交，请等待审核'),
    );
  });
}
