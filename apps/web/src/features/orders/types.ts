import type { OrderStatus } from '@mall/shared';

/** A tab of 我的订单: 全部, or one status (the list comes from ORDER_TABS in packages/shared). */
export type OrderTab = 'ALL' | OrderStatus;

export const CANCEL_REASONS = ['不想买了', '信息填写错误，重新下单', '商品选错了', '价格不合适', '其他原因'];
