import { processMetrics } from '../../lib/metrics.ts';
import type { OrderSubscriber } from '../../modules/orders/orders.service.ts';

const count = (moment: string) => async () => void processMetrics.orderMoments.inc({ moment });

/**
 * Counts every moment in /metrics (`mall_order_moments_total`). Last in the list, so a moment another
 * subscriber refused (a checkout short of stock) is not counted; a transaction failing at its commit
 * after this ran would still be, which a rate over minutes does not notice.
 */
export const metricsSubscriber: OrderSubscriber = {
  name: 'metrics',
  placed: count('placed'),
  paid: count('paid'),
  cancelled: count('cancelled'),
  shipped: count('shipped'),
  completed: count('completed'),
  closed: count('closed'),
  refunded: count('refunded'),
};
