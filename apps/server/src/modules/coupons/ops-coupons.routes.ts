import type { FastifyInstance } from 'fastify';
import { ok } from '@mall/shared';
import { parse } from '../../lib/validation.ts';
import { diff } from '../operators/index.ts';
import * as coupons from './coupons-ops.ts';
import {
  createTemplateBody,
  grantBody,
  opsTemplatePageQuery,
  templateCouponsQuery,
  templateIdBody,
  updateTemplateBody,
} from './coupons.schema.ts';
import { audit, operatorOf } from '../operators/index.ts';

const EDIT = { config: { permission: 'promotion:edit' as const } };
/** What the audit log records of a template. */
const AUDITED = ['name', 'description', 'ruleText', 'scope', 'scopeIds', 'validityText', 'totalQuantity', 'perMemberLimit', 'channel'];

/** The console's 优惠券 menu (/ops/promotion/coupon/*, permission promotion:edit); every write audited. */
export async function opsCouponRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/ops/promotion/coupon/page', EDIT, async (req) => ok(await coupons.opsPage(ctx, parse(opsTemplatePageQuery, req.query))));

  app.get('/ops/promotion/coupon/detail', EDIT, async (req) => {
    const { id } = parse(templateIdBody, req.query);
    return ok(await coupons.opsDetail(ctx, id));
  });

  app.get('/ops/promotion/coupon/coupons', EDIT, async (req) =>
    ok(await coupons.opsTemplateCoupons(ctx, parse(templateCouponsQuery, req.query))),
  );

  app.post('/ops/promotion/coupon/create', EDIT, async (req) => {
    const made = await coupons.createTemplate(ctx, parse(createTemplateBody, req.body));
    await audit(req, { action: 'coupon.create', objectType: 'coupon', objectId: made.id, changes: diff({}, { ...made }, AUDITED), reason: null });
    return ok(made, '优惠券已创建');
  });

  app.post('/ops/promotion/coupon/update', EDIT, async (req) => {
    const { id, ...input } = parse(updateTemplateBody, req.body);
    const { before, after } = await coupons.updateTemplate(ctx, id, input);
    await audit(req, { action: 'coupon.update', objectType: 'coupon', objectId: id, changes: diff({ ...before }, { ...after }, AUDITED), reason: null });
    return ok(after, '优惠券已保存');
  });

  app.post('/ops/promotion/coupon/start', EDIT, async (req) => {
    const { id } = parse(templateIdBody, req.body);
    const { before, after } = await coupons.setStatus(ctx, id, 'ACTIVE');
    await audit(req, { action: 'coupon.start', objectType: 'coupon', objectId: id, changes: diff({ status: before }, { status: 'ACTIVE' }), reason: null });
    return ok(after, '已开始发放');
  });

  app.post('/ops/promotion/coupon/stop', EDIT, async (req) => {
    const { id } = parse(templateIdBody, req.body);
    const { before, after } = await coupons.setStatus(ctx, id, 'STOPPED');
    await audit(req, { action: 'coupon.stop', objectType: 'coupon', objectId: id, changes: diff({ status: before }, { status: 'STOPPED' }), reason: null });
    return ok(after, '已停止发放，已领取的券仍可使用');
  });

  app.post('/ops/promotion/coupon/grant', EDIT, async (req) => {
    const { id, memberIds } = parse(grantBody, req.body);
    const who = operatorOf(req);
    const done = await coupons.grant(ctx, id, memberIds, who.displayName || who.username);
    await audit(req, {
      action: 'coupon.grant',
      objectType: 'coupon',
      objectId: id,
      changes: diff({}, { granted: done.granted, memberIds: memberIds.join(',') }),
      reason: null,
    });
    return ok(done, done.skipped.length ? `已发放 ${done.granted} 位会员，${done.skipped.length} 位未发放` : `已发放 ${done.granted} 位会员`);
  });
}
