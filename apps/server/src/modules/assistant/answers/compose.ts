import { ORDER_STATES } from '@mall/shared';
import type { ToolResult } from '../provider.ts';
import type { ToolCall } from '../offline/types.ts';
import { compareAnswer, detailAnswer, recommendAnswer, searchAnswer, shapeAnswer, type Answer } from './goods-answers.ts';
import {
  addToCartAnswer,
  afterSalesAnswer,
  cartCouponsAnswer,
  claimableAnswer,
  claimCouponAnswer,
  goodsCouponsAnswer,
  ordersAnswer,
  pointsAnswer,
} from './member-answers.ts';

export type { Answer };

/**
 * The offline provider's answer to a tool's result: templated Chinese filled only from the result's
 * data. A failed tool's Chinese reason is said as it is.
 */
export function composeAnswer(call: ToolCall, result: ToolResult): Answer {
  if (!result.ok) return { lead: `${result.error ?? '查询失败，请稍后再试'}。`.replace(/。。$/, '。'), rest: [] };
  const data = result.data as never;
  switch (call.tool) {
    case 'search_goods':
      return searchAnswer(data);
    case 'goods_detail':
      return detailAnswer(data);
    case 'compare_goods':
      return compareAnswer(data);
    case 'recommend':
      return recommendAnswer(data);
    case 'catalogue_shape':
      return shapeAnswer(data);
    case 'my_orders':
      return ordersAnswer(data, call.args.status && ORDER_STATES[call.args.status].name);
    case 'my_aftersales':
      return afterSalesAnswer(data);
    case 'coupons_for':
      return call.args.goodsId === undefined ? cartCouponsAnswer(data) : goodsCouponsAnswer(data);
    case 'claimable_coupons':
      return claimableAnswer(data);
    case 'points_balance':
      return pointsAnswer(data);
    case 'propose_add_to_cart':
      return addToCartAnswer(data);
    case 'propose_claim_coupon':
      return claimCouponAnswer(data);
  }
}
