import { z } from 'zod';
import { int, intId, text } from '../lib/validation.ts';
import { cartItemIds, quantityField, skuIdField } from '../modules/cart/index.ts';
import { couponIdField } from '../modules/coupons/index.ts';

/**
 * Checkout input. Only these fields are read: any price, total or discount a client
 * sends is dropped here (zod strips unknown keys) and the server prices the order itself.
 */
const source = {
  cartItemIds: cartItemIds.optional(),
  /** 立即购买, or with `activityId` 立即抢购 of a 秒杀 (its price, stock and limit). */
  buyNow: z
    .object({ skuId: skuIdField, quantity: quantityField, activityId: intId('秒杀活动').optional() }, { error: '立即购买的商品格式不正确' })
    .optional(),
  /** 立即兑换 of a points-mall goods: paid in its points (and its cash part). */
  pointsMall: z
    .object({ id: intId('积分商品'), quantity: int('兑换数量', { min: 1, max: 99 }) }, { error: '兑换的积分商品格式不正确' })
    .optional(),
  /**
   * The member's coupon to use; null: 不使用优惠券; absent: the best usable one. Only its id is
   * read: what it takes off is computed by the server.
   */
  couponId: couponIdField.nullable().optional(),
  /** Points to spend on 积分抵扣 (0 or absent: none); the server checks them against the balance and the cap. */
  points: int('使用积分', { min: 0, max: 100_000_000 }).optional(),
};

const hasOneSource = (v: { cartItemIds?: unknown; buyNow?: unknown; pointsMall?: unknown }) =>
  [v.cartItemIds, v.buyNow, v.pointsMall].filter((x) => x !== undefined).length === 1;
const SOURCE_MESSAGE = '请选择要结算的商品（购物车商品、立即购买或积分兑换，三选一）';

export const quoteBody = z
  .object({ ...source, addressId: text('收货地址', { max: 64 }).optional() })
  .refine(hasOneSource, SOURCE_MESSAGE);

export const submitBody = z
  .object({
    ...source,
    addressId: text('收货地址', { min: 1, max: 64 }),
    remark: text('订单备注', { max: 200 }).optional(),
    realNameId: text('实名认证信息', { max: 64 }).optional(),
    idempotencyKey: text('请求标识', {
      min: 8,
      max: 64,
      pattern: /^[A-Za-z0-9_-]+$/,
      patternMessage: '请求标识格式不正确',
    }),
  })
  .refine(hasOneSource, SOURCE_MESSAGE);

export type QuoteBody = z.output<typeof quoteBody>;
export type SubmitBody = z.output<typeof submitBody>;
