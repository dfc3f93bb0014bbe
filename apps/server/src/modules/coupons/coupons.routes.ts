import type { FastifyInstance } from 'fastify';
import { ok } from '@mall/shared';
import { parse } from '../../lib/validation.ts';
import { memberOf, optionalMember, requireMember } from '../accounts/index.ts';
import { claimBody, couponGoodsQuery, goodsCouponsQuery, myCouponsQuery } from './coupons.schema.ts';
import * as coupons from './coupons.service.ts';

/** 优惠券 for buyers: the 领券中心, a goods' coupons, claiming, 我的优惠券 and a coupon's goods (couponGoodsList). */
export async function couponsRoutes(app: FastifyInstance) {
  const { ctx } = app;

  // Visitors see what is on offer; a signed-in member also sees what they already claimed.
  app.get('/member/promotion/coupon/center', { preHandler: optionalMember }, async (req) =>
    ok(await coupons.center(ctx, req.member?.memberId ?? null)),
  );

  app.get('/member/promotion/coupon/goods', { preHandler: optionalMember }, async (req) => {
    const { goodsId } = parse(goodsCouponsQuery, req.query);
    return ok(await coupons.forGoods(ctx, req.member?.memberId ?? null, goodsId));
  });

  await app.register(async (guarded) => {
    guarded.addHook('preHandler', requireMember);

    guarded.post('/member/promotion/coupon/claim', async (req) => {
      const { templateId } = parse(claimBody, req.body);
      return ok(await coupons.claim(ctx, memberOf(req).memberId, templateId), '领取成功');
    });

    guarded.get('/member/promotion/coupon/my', async (req) =>
      ok(await coupons.myCoupons(ctx, memberOf(req).memberId, parse(myCouponsQuery, req.query))),
    );

    guarded.get('/member/promotion/coupon/goodsInfo', async (req) => {
      const { couponId } = parse(couponGoodsQuery, req.query);
      return ok(await coupons.couponGoodsInfo(ctx, memberOf(req).memberId, couponId));
    });
  });
}
