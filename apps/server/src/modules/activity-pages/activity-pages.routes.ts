import type { FastifyInstance } from 'fastify';
import { ok } from '@mall/shared';
import { parse } from '../../lib/validation.ts';
import { optionalMember } from '../accounts/index.ts';
import { buyerPage, buyerPageList } from './activity-pages.ts';
import { buyerPageQuery } from './activity-pages.schema.ts';

/** /activity/:id for buyers, and the home's 活动专区 (the current published pages) (public; a signed-in member also sees which coupons they already hold). */
export async function activityPagesRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // Takes no parameters: whatever a caller adds to the query is ignored.
  app.get('/member/activity/page/list', async () => ok(await buyerPageList(ctx)));
  app.get('/member/activity/page', { preHandler: optionalMember }, async (req) =>
    ok(await buyerPage(ctx, parse(buyerPageQuery, req.query), req.member?.memberId ?? null)),
  );
}
