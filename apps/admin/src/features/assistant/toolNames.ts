/** The assistant's tools as an operator reads them (the buyer's chat names its steps the same way). */
export const TOOL_NAMES: Record<string, string> = {
  search_goods: '搜索商品',
  goods_detail: '查看商品详情',
  compare_goods: '对比商品',
  recommend: '挑选推荐',
  catalogue_shape: '查看商品分布',
  my_orders: '查询订单',
  my_aftersales: '查询售后',
  coupons_for: '查找可用优惠券',
  claimable_coupons: '查找可领优惠券',
  points_balance: '查询积分',
  propose_add_to_cart: '准备加入购物车',
  propose_claim_coupon: '准备领取优惠券',
};

/** A tool's Chinese name; one the console does not know yet shows as it is. */
export const toolName = (tool: string) => TOOL_NAMES[tool] ?? tool;
