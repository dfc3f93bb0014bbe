import type { FastifyInstance } from 'fastify';
import { ok } from '@mall/shared';
import { parse } from '../../lib/validation.ts';
import { optionalMember } from '../accounts/index.ts';
import { buyerPage } from './activity-pages.ts';
import { buyerPageQuery } from './activity-pages.schema.ts';

/** /activity/:id for buyers (public; a signed-in member also sees which coupons they already hold). */
export async function activityPagesRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.get('/member/activity/page', { preHandler: optionalMember }, async (req) =>
    ok(await buyerPage(ctx, parse(buyerPageQuery, req.query), req.member?.memberId ?? null)),
  );
}
