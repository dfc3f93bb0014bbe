import type { FastifyInstance } from 'fastify';
import { ok } from '@mall/shared';
import { parse } from '../../lib/validation.ts';
import { memberOf, requireMember } from '../accounts/index.ts';
import { calendarQuery, ledgerQuery, mallIdQuery, mallPageQuery } from './points.schema.ts';
import * as mall from './points-mall.service.ts';
import * as points from './points.service.ts';

/** 积分: the rules and the points mall (public), and the member's balance, ledger, 签到 and tasks. */
export async function pointsRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/member/points/rules', async () => ok(await points.rules(ctx)));
  app.get('/member/points/mall/page', async (req) => ok(await mall.mallPage(ctx, parse(mallPageQuery, req.query))));
  app.get('/member/points/mall/detail', async (req) => ok(await mall.mallDetail(ctx, parse(mallIdQuery, req.query).id)));

  await app.register(async (guarded) => {
    guarded.addHook('preHandler', requireMember);

    guarded.get('/member/points/account/balance', async (req) => ok(await points.balance(ctx, memberOf(req).memberId)));

    guarded.get('/member/points/ledger/page', async (req) =>
      ok(await points.ledger(ctx, memberOf(req).memberId, parse(ledgerQuery, req.query))),
    );

    guarded.get('/member/points/signIn/calendar', async (req) =>
      ok(await points.calendar(ctx, memberOf(req).memberId, parse(calendarQuery, req.query).month)),
    );

    guarded.post('/member/points/signIn/sign', async (req) => {
      const done = await points.signIn(ctx, memberOf(req).memberId);
      const got = done.points + done.bonus;
      return ok(done, done.bonus ? `签到成功，获得 ${got} 积分（含连续签到奖励 ${done.bonus}）` : `签到成功，获得 ${got} 积分`);
    });

    guarded.get('/member/points/task/list', async (req) => ok(await points.tasks(ctx, memberOf(req).memberId)));
  });
}
