import type { OrderSubscriber } from '../modules/orders/orders.service.ts';
import { couponSubscriber } from './subscribers/coupons.ts';
import { stockSubscriber } from './subscribers/stock.ts';
import { salesSubscriber } from './subscribers/sales.ts';
import { pointsSubscriber } from './subscribers/points.ts';
import { activitySubscriber } from './subscribers/activities.ts';
import { distributionSubscriber } from './subscribers/distribution.ts';
import { metricsSubscriber } from './subscribers/metrics.ts';

/**
 * Who hears an order's moments (placed, paid, cancelled, shipped, completed, closed, refunded), in
 * the order they run, inside the transaction of the change. A feature that reacts to orders adds
 * its subscriber here; payments, orders and after-sales stay as they are. Stock comes first, so a
 * shortfall refuses an order before anything else is done for it, then the goods' 销量 (locked
 * after the SKUs); activities right after them (a
 * cancelled 秒杀 order's units move on from the goods' stock to the session); the metrics count last.
 */
export const ORDER_SUBSCRIBERS: readonly OrderSubscriber[] = [
  stockSubscriber,
  salesSubscriber,
  activitySubscriber,
  couponSubscriber,
  pointsSubscriber,
  distributionSubscriber,
  metricsSubscriber,
];
