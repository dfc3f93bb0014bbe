import type { FastifyInstance } from 'fastify';
import { accountsRoutes } from './accounts/accounts.routes.ts';
import { siteRoutes } from './site/site.routes.ts';
import { devRoutes } from './dev/dev.routes.ts';
import { catalogRoutes } from './catalog/catalog.routes.ts';
import { searchRoutes } from './search/search.routes.ts';
import { engagementRoutes } from './engagement/engagement.routes.ts';
import { addressRoutes } from './address/address.routes.ts';
import { cartRoutes } from './cart/cart.routes.ts';
import { checkoutRoutes } from './orders/checkout.routes.ts';
import { ordersRoutes } from './orders/orders.routes.ts';
import { opsRoutes } from './ops/index.ts';
import { memberRoutes } from './member/member.routes.ts';
import { realnameRoutes } from './realname/realname.routes.ts';
import { paymentsRoutes } from './payments/payments.routes.ts';
import { afterSaleRoutes } from './aftersale/aftersale.routes.ts';
import { reviewsRoutes } from './reviews/reviews.routes.ts';
import { deliveryRoutes } from './delivery/delivery.routes.ts';
import { couponsRoutes } from './coupons/coupons.routes.ts';
import { pointsRoutes } from './points/points.routes.ts';
import { activitiesRoutes } from './activities/activities.routes.ts';
import { activityPagesRoutes } from './activities/activity-pages.routes.ts';

/** Every domain's routes; a new domain adds its line here. */
export async function registerModules(app: FastifyInstance) {
  await app.register(accountsRoutes);
  await app.register(siteRoutes);
  await app.register(catalogRoutes);
  await app.register(searchRoutes);
  await app.register(engagementRoutes);
  await app.register(addressRoutes);
  await app.register(cartRoutes);
  await app.register(checkoutRoutes);
  await app.register(ordersRoutes);
  await app.register(memberRoutes);
  await app.register(realnameRoutes);
  await app.register(paymentsRoutes);
  await app.register(afterSaleRoutes);
  await app.register(reviewsRoutes);
  await app.register(deliveryRoutes);
  await app.register(couponsRoutes);
  await app.register(pointsRoutes);
  await app.register(activitiesRoutes);
  await app.register(activityPagesRoutes);
  await app.register(opsRoutes);
  const { config, sms } = app.ctx;
  if (sms.name === 'outbox' && config.NODE_ENV !== 'production') await app.register(devRoutes);
}
