import type { FastifyInstance } from 'fastify';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { catalogRoutes } from './modules/catalog/catalog.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { engagementRoutes } from './modules/engagement/engagement.routes.ts';
import { addressRoutes } from './modules/address/address.routes.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { memberRoutes } from './modules/member/member.routes.ts';
import { realnameRoutes } from './modules/realname/realname.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { afterSaleRoutes } from './modules/aftersale/aftersale.routes.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import { couponsRoutes } from './modules/coupons/coupons.routes.ts';
import { pointsRoutes } from './modules/points/points.routes.ts';
import { activitiesRoutes } from './modules/activities/activities.routes.ts';
import { activityPagesRoutes } from './modules/activity-pages/activity-pages.routes.ts';
import { distributionRoutes } from './modules/distribution/distribution.routes.ts';
import { supplierRoutes } from './modules/supplier/supplier.routes.ts';
import { assistantRoutes } from './modules/assistant/assistant.routes.ts';
import { mcpRoutes } from './modules/assistant/mcp/mcp.routes.ts';
import { checkoutRoutes } from './flows/checkout.routes.ts';
import { deliveryQuoteRoutes } from './flows/delivery-quote.routes.ts';
import { memberDataCopyRoutes } from './flows/member-data-copy.routes.ts';
import { accountCancellationRoutes } from './flows/account-cancellation.routes.ts';
import { guarded } from './modules/operators/index.ts';
import { operatorRoutes } from './modules/operators/operators.routes.ts';
import { opsOrderRoutes } from './flows/ops-orders.routes.ts';
import { opsAfterSaleRoutes } from './flows/ops-aftersale.routes.ts';
import { opsPaymentRoutes } from './modules/payments/ops-payments.routes.ts';
import { opsInventoryRoutes } from './modules/inventory/ops-inventory.routes.ts';
import { opsMemberRoutes } from './modules/member/ops-members.routes.ts';
import { opsCatalogRoutes } from './modules/catalog/ops-catalog.routes.ts';
import { opsDashboardRoutes } from './modules/dashboard/ops-dashboard.routes.ts';
import { opsSettingsRoutes } from './modules/site/ops-settings.routes.ts';
import { opsReviewRoutes } from './modules/reviews/ops-reviews.routes.ts';
import { opsCouponRoutes } from './modules/coupons/ops-coupons.routes.ts';
import { opsPointsRoutes } from './modules/points/ops-points.routes.ts';
import { opsActivityRoutes } from './modules/activities/ops-activities.routes.ts';
import { opsActivityPageRoutes } from './modules/activity-pages/ops-activity-pages.routes.ts';
import { opsDistributionRoutes } from './modules/distribution/ops-distribution.routes.ts';
import { opsStoreRoutes } from './modules/supplier/ops-store.routes.ts';
import { opsSupplierRoutes } from './modules/supplier/ops-supplier.routes.ts';
import { opsAssistantRoutes } from './modules/assistant/ops-assistant.routes.ts';

/**
 * Every operator endpoint, under /ops/ behind one guard (modules/operators/guard.ts): each declares
 * the permission it needs, every successful write lands in the audit log. Each domain keeps its
 * console routes beside its buyer routes (`ops-*.routes.ts`); those that drive work across domains
 * sit beside their flow.
 */
const consoleRoutes = guarded(async (app) => {
  await app.register(operatorRoutes);
  await app.register(opsOrderRoutes);
  await app.register(opsAfterSaleRoutes);
  await app.register(opsPaymentRoutes);
  await app.register(opsInventoryRoutes);
  await app.register(opsMemberRoutes);
  await app.register(opsCatalogRoutes);
  await app.register(opsDashboardRoutes);
  await app.register(opsSettingsRoutes);
  await app.register(opsReviewRoutes);
  await app.register(opsCouponRoutes);
  await app.register(opsPointsRoutes);
  await app.register(opsActivityRoutes);
  await app.register(opsActivityPageRoutes);
  await app.register(opsDistributionRoutes);
  await app.register(opsStoreRoutes);
  await app.register(opsSupplierRoutes);
  await app.register(opsAssistantRoutes);
});

/** Every route of the shop: the buyer's and the supplier's by domain, then the console's. A new domain adds its lines here. */
export async function registerRoutes(app: FastifyInstance) {
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
  await app.register(memberDataCopyRoutes);
  await app.register(accountCancellationRoutes);
  await app.register(realnameRoutes);
  await app.register(paymentsRoutes);
  await app.register(afterSaleRoutes);
  await app.register(reviewsRoutes);
  await app.register(deliveryQuoteRoutes);
  await app.register(couponsRoutes);
  await app.register(pointsRoutes);
  await app.register(activitiesRoutes);
  await app.register(activityPagesRoutes);
  await app.register(distributionRoutes);
  await app.register(supplierRoutes);
  await app.register(assistantRoutes);
  await app.register(mcpRoutes);
  await app.register(consoleRoutes);
  const { config, sms } = app.ctx;
  if (sms.name === 'outbox' && config.NODE_ENV !== 'production') await app.register(devRoutes);
}
