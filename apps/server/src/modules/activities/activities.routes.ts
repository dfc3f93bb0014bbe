import type { FastifyInstance } from 'fastify';
import { ok } from '@mall/shared';
import { parse } from '../../lib/validation.ts';
import { memberOf, optionalMember, requireMember } from '../accounts/index.ts';
import { activityGoods, flashSaleSessions, forGoods } from './activities-buyer.ts';
import { activityGoodsQuery, goodsActivitiesQuery } from './activities.schema.ts';
import { cancelRemind, myReminders, remind, remindBody, myRemindersQuery } from './activity-reminders.ts';

/** 秒杀 and 限时折扣 for buyers (public; a signed-in member also sees how many more they may buy), and 提醒我. */
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

  // The server's time: a countdown that has no other reply with `now` (the goods page's banner) sets its clock by it.
  app.get('/member/activity/clock/now', async () => ok({ now: new Date().toISOString() }));

  app.post('/member/activity/remind', { preHandler: requireMember }, async (req) =>
    ok(await remind(ctx, memberOf(req).memberId, parse(remindBody, req.body))),
  );

  app.post('/member/activity/remind/cancel', { preHandler: requireMember }, async (req) =>
    ok(await cancelRemind(ctx, memberOf(req).memberId, parse(remindBody, req.body))),
  );

  app.get('/member/activity/remind/mine', { preHandler: requireMember }, async (req) =>
    ok(await myReminders(ctx, memberOf(req).memberId, parse(myRemindersQuery, req.query).activityId)),
  );
}
