import { z } from 'zod';
import type { ClaimableCoupon, CheckoutCouponOption, CouponFace } from '@mall/shared';
import { intId } from '../../../lib/validation.ts';
import { listCart } from '../../cart/cart.service.ts';
import { center, forGoods, optionsForLines } from '../../coupons/coupons.service.ts';
import type { CouponCardItem, CouponOffer } from '../cards.ts';
import { defineTool, failedResult, okResult } from './tool.ts';

/** Coupons that apply to a goods or to the member's cart, and those on offer to claim. */

const goodsIdArg = intId('商品编号').optional();

/** What a coupon takes off, copied from the coupons module's face of it. */
export const couponOffer = (c: CouponFace): CouponOffer => ({
  kind: c.kind,
  amountFen: c.amountFen,
  discountPercent: c.discountPercent,
  capFen: c.capFen,
  thresholdFen: c.thresholdFen,
});

export const claimableItem = (c: ClaimableCoupon): CouponCardItem => ({
  couponId: c.templateId,
  name: c.name,
  ...couponOffer(c),
  claimable: c.state === 'CLAIMABLE',
  owned: c.claimedByMe > 0,
  endAt: c.validTo ?? '',
});

const ownedItem = (c: CheckoutCouponOption): CouponCardItem => ({
  couponId: c.templateId,
  name: c.name,
  ...couponOffer(c),
  claimable: false,
  owned: true,
  endAt: c.validTo,
});

async function offeredFor(ctx: Parameters<typeof center>[0], memberId: string, goodsId?: number) {
  if (goodsId === undefined) return (await center(ctx, memberId)).list;
  try {
    return (await forGoods(ctx, memberId, goodsId)).list;
  } catch {
    return null; // the goods does not exist
  }
}

export const couponsForTool = defineTool({
  name: 'coupons_for',
  description: '某件商品可用的优惠券；不指定商品时为购物车可用的券。Coupons that apply to a goods, or to the member’s cart without goodsId.',
  kind: 'read',
  parameters: z.object({ goodsId: goodsIdArg }),
  async run(ctx, member, { goodsId }) {
    if (goodsId !== undefined) {
      const offered = await offeredFor(ctx, member.memberId, goodsId);
      if (!offered) return failedResult('商品不存在或已下架');
      const coupons = offered.filter((c) => c.state === 'CLAIMABLE' || c.claimedByMe > 0).map(claimableItem);
      return okResult(
        { goodsId, coupons, ruleTexts: offered.map((c) => ({ couponId: c.templateId, ruleText: c.ruleText })) },
        coupons.length ? `这件商品有 ${coupons.length} 张可用或可领的券` : '这件商品暂无可用的优惠券',
        coupons.length ? [{ kind: 'coupons', coupons }] : [],
      );
    }
    const cart = await listCart(ctx, member.memberId);
    const lines = cart.lines.filter((l) => l.purchasable).map((l) => ({ goodsId: l.goodsId, payableFen: l.lineAmount }));
    if (!lines.length) return okResult({ cartEmpty: true, coupons: [] }, '购物车里没有可结算的商品');
    const options = await optionsForLines(ctx, member.memberId, lines);
    const usable = options.filter((o) => o.usable);
    const coupons = usable.map(ownedItem);
    const data = {
      cartAmountFen: lines.reduce((sum, l) => sum + l.payableFen, 0),
      coupons,
      discounts: usable.map((o) => ({ couponId: o.templateId, discountFen: o.discountFen })),
      notUsable: options.filter((o) => !o.usable).map((o) => ({ ...ownedItem(o), reason: o.reason, shortFen: o.shortFen })),
    };
    return okResult(data, coupons.length ? `购物车可用 ${coupons.length} 张券` : '购物车暂无可用的优惠券', coupons.length ? [{ kind: 'coupons', coupons }] : []);
  },
});

export const claimableCouponsTool = defineTool({
  name: 'claimable_coupons',
  description: '可以领取的优惠券（领券中心，或某件商品的券）。Coupons on offer to claim, overall or for one goods.',
  kind: 'read',
  parameters: z.object({ goodsId: goodsIdArg }),
  async run(ctx, member, { goodsId }) {
    const offered = await offeredFor(ctx, member.memberId, goodsId);
    if (!offered) return failedResult('商品不存在或已下架');
    const coupons = offered.filter((c) => c.state === 'CLAIMABLE').map(claimableItem);
    return okResult(
      { goodsId: goodsId ?? null, coupons, ruleTexts: offered.map((c) => ({ couponId: c.templateId, ruleText: c.ruleText })) },
      coupons.length ? `有 ${coupons.length} 张券可以领取` : '暂时没有可领取的优惠券',
      coupons.length ? [{ kind: 'coupons', coupons }] : [],
    );
  },
});
