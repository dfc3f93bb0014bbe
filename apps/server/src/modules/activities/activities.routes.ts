import type { FastifyInstance } from 'fastify';
import { ok } from '@mall/shared';
import { parse } from '../../lib/validation.ts';
import { optionalMember } from '../accounts/auth-guard.ts';
import { activityGoods, flashSaleSessions, forGoods } from './activities-buyer.ts';
import { activityGoodsQuery, goodsActivitiesQuery } from './activities.schema.ts';

/** 秒杀 and 限时折扣 for buyers (public; a signed-in member also sees how many more they may buy). */
export async function activitiesRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/member/activity/flashSale/sessions', async () => ok(await flashSaleSessions(ctx)));

  app.get('/member/activity/goods/detail', { preHandler: optionalMember }, async (req) =>
    ok(await activityGoods(ctx, parse(activityGoodsQuery, req.query), req.member?.memberId ?? null)),
  );

  app.get('/member/activity/goods/forGoods', async (req) => {
    const { goodsId } = parse(goodsActivitiesQuery, req.query);
    return ok(await forGoods(ctx, goodsId));
  });
}
