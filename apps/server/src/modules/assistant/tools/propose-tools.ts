import { z } from 'zod';
import { claimableByIds } from '../../coupons/coupons.service.ts';
import { intId } from '../../../lib/validation.ts';
import { defineTool, failedResult, okResult } from './tool.ts';
import { couponOffer } from './coupon-tools.ts';
import { goodsFacts } from './goods-items.ts';

/**
 * The two tools that would change something. Neither does: each returns a confirm card, and only the
 * buyer's click on it calls the shop's ordinary cart or coupon endpoint with the buyer's own token.
 */

export const proposeAddToCartTool = defineTool({
  name: 'propose_add_to_cart',
  description:
    '提议把商品加入购物车（生成确认卡片，买家点击后才加入；多规格商品须先选定规格）。Propose adding a goods to the cart: a confirm card; a goods with several SKUs needs one chosen.',
  kind: 'propose',
  parameters: z.object({
    goodsId: intId('商品编号'),
    skuId: intId('规格编号').optional(),
    quantity: z.coerce.number().int().min(1, '数量至少为 1').max(99, '数量最多为 99').optional(),
  }),
  async run(ctx, _member, { goodsId, skuId, quantity = 1 }) {
    const facts = await goodsFacts(ctx, goodsId);
    if (!facts) return failedResult('商品不存在或已下架');
    const { skus, item } = facts;
    const sku = skuId !== undefined ? skus.find((s) => s.skuId === skuId) : skus.length === 1 ? skus[0] : undefined;
    if (skuId !== undefined && !sku) return failedResult('这件商品没有该规格');
    if (!sku) {
      // several SKUs and none chosen: show the goods and ask, never guess a size or colour
      const options = skus.filter((s) => s.stock > 0).map((s) => ({ skuId: s.skuId, specText: s.specText, priceFen: s.cartPriceFen, stock: s.stock }));
      return okResult({ needsSku: true, goods: item, options }, '请先选择规格', [{ kind: 'goods', goods: [item] }]);
    }
    if (sku.stock < quantity) return failedResult(sku.stock > 0 ? `该规格库存仅剩 ${sku.stock} 件` : '该规格已售罄');
    const card = {
      kind: 'confirm' as const,
      action: 'addToCart' as const,
      goodsId,
      skuId: sku.skuId,
      skuText: sku.specText,
      quantity,
      name: item.name,
      priceFen: sku.cartPriceFen,
    };
    // a 秒杀's price is not the cart's: the buyer is told where it is bought
    const flashSale = sku.activity?.kind === 'FLASH_SALE' ? { priceFen: sku.activityPriceFen!, ...sku.activity } : null;
    return okResult({ needsSku: false, proposal: card, stock: sku.stock, flashSale }, '等待您确认加入购物车', [card]);
  },
});

export const proposeClaimCouponTool = defineTool({
  name: 'propose_claim_coupon',
  description: '提议领取一张优惠券（生成确认卡片，买家点击后才领取）。Propose claiming a coupon: a confirm card the buyer must click.',
  kind: 'propose',
  parameters: z.object({ couponId: intId('优惠券编号') }),
  async run(ctx, member, { couponId }) {
    const found = (await claimableByIds(ctx, member.memberId, [couponId])).get(couponId);
    if (!found || !found.live) return failedResult('优惠券不存在或已结束');
    const { coupon } = found;
    if (coupon.state === 'SOLD_OUT') return failedResult('这张券已被抢光');
    if (coupon.state === 'CLAIMED') return failedResult('您已领取过这张券，已达领取上限');
    const { kind: couponKind, ...offer } = couponOffer(coupon);
    const card = { kind: 'confirm' as const, action: 'claimCoupon' as const, couponId, name: coupon.name, couponKind, ...offer };
    return okResult({ proposal: card, ruleText: coupon.ruleText }, '等待您确认领取', [card]);
  },
});
