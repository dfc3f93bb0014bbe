import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '@mall/shared';
import { parse } from '../../lib/validation.ts';
import { diff } from '../operators/index.ts';
import * as activities from './activities-ops.ts';
import { activityIdBody, createActivityBody, opsActivityPageQuery, updateActivityBody } from './activities.schema.ts';
import { audit, operatorOf } from '../operators/index.ts';

const EDIT = { config: { permission: 'promotion:edit' as const } };
/** What the audit log records of an activity. */
const AUDITED = ['kind', 'title', 'startsAt', 'endsAt', 'perMemberLimit', 'skus'];

const operator = (req: FastifyRequest) => {
  const who = operatorOf(req);
  return { id: who.operatorId, name: who.displayName || who.username };
};

/** The console's 秒杀/活动 menu (/ops/promotion/activity/*, permission promotion:edit); every write audited. */
export async function opsActivityRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/ops/promotion/activity/page', EDIT, async (req) => ok(await activities.opsPage(ctx, parse(opsActivityPageQuery, req.query))));

  app.get('/ops/promotion/activity/detail', EDIT, async (req) => {
    const { id } = parse(activityIdBody, req.query);
    return ok(await activities.opsDetail(ctx, id));
  });

  app.post('/ops/promotion/activity/create', EDIT, async (req) => {
    const made = await activities.create(ctx, parse(createActivityBody, req.body));
    await audit(req, { action: 'activity.create', objectType: 'activity', objectId: made.id, changes: diff({}, { ...made }, AUDITED), reason: null });
    return ok(made, '活动已创建（草稿），排期后生效');
  });

  app.post('/ops/promotion/activity/update', EDIT, async (req) => {
    const { id, ...input } = parse(updateActivityBody, req.body);
    const { before, after } = await activities.update(ctx, id, input);
    await audit(req, { action: 'activity.update', objectType: 'activity', objectId: id, changes: diff({ ...before }, { ...after }, AUDITED), reason: null });
    return ok(after, '活动已保存');
  });

  app.post('/ops/promotion/activity/schedule', EDIT, async (req) => {
    const { id } = parse(activityIdBody, req.body);
    const done = await activities.schedule(ctx, id, operator(req));
    await audit(req, { action: 'activity.schedule', objectType: 'activity', objectId: id, changes: diff({ status: 'DRAFT' }, { status: done.status }), reason: null });
    return ok(done, done.kind === 'FLASH_SALE' ? '已排期，秒杀库存已从商品库存中锁定' : '已排期');
  });

  app.post('/ops/promotion/activity/cancel', EDIT, async (req) => {
    const { id } = parse(activityIdBody, req.body);
    const before = await activities.opsDetail(ctx, id);
    const done = await activities.cancel(ctx, id, operator(req));
    await audit(req, { action: 'activity.cancel', objectType: 'activity', objectId: id, changes: diff({ status: before.status }, { status: done.status }), reason: null });
    return ok(done, '活动已取消');
  });
}
