import { operatorRoutes } from '../operators/operators.routes.ts';
import { guarded } from './guard.ts';
import { opsAfterSaleRoutes } from './ops-aftersale.routes.ts';
import { opsDashboardRoutes } from './ops-dashboard.routes.ts';
import { opsInventoryRoutes } from './ops-inventory.routes.ts';
import { opsCatalogRoutes } from './ops-catalog.routes.ts';
import { opsMemberRoutes } from './ops-members.routes.ts';
import { opsOrderRoutes } from './ops-orders.routes.ts';
import { opsPaymentRoutes } from './ops-payments.routes.ts';
import { opsSettingsRoutes } from './ops-settings.routes.ts';
import { opsReviewRoutes } from './ops-reviews.routes.ts';
import { opsCouponRoutes } from './ops-coupons.routes.ts';
import { opsPointsRoutes } from './ops-points.routes.ts';
import { opsActivityRoutes } from './ops-activities.routes.ts';
import { opsActivityPageRoutes } from './ops-activity-pages.routes.ts';
import { opsDistributionRoutes } from './ops-distribution.routes.ts';
import { opsStoreRoutes } from './ops-store.routes.ts';
import { opsSupplierRoutes } from '../supplier/ops-supplier.routes.ts';

/**
 * Every operator endpoint, under /ops/ behind one guard (guard.ts): each declares the permission it
 * needs, every successful write lands in the audit log. A console feature adds its routes here.
 */
export const opsRoutes = guarded(async (app) => {
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
});
