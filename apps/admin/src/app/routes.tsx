import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { PermissionNeed } from '../lib/permission.tsx';

/**
 * The console's screens, one line each: path (under /admin/), title (page header, document title,
 * breadcrumb), the permission that opens it (OPS_PERMISSIONS in packages/shared/src/ops.ts; the
 * server checks its calls with the same names) and the lazily loaded screen. The router guards each
 * route with its permission (no permission: the 403 page) and the menu (app/menu.tsx) hides what an
 * operator cannot open.
 *
 * A feature adds its detail screens here as more lines (`goods/:id/edit`); the menu lists only the
 * paths it names.
 */
export interface ConsoleRoute {
  path: string;
  title: string;
  permission?: PermissionNeed;
  screen: Screen;
}

type Screen = LazyExoticComponent<ComponentType>;

/** One screen; `load` imports its module, loaded when the screen is first opened (its own chunk). */
function route(
  path: string,
  title: string,
  permission: PermissionNeed,
  load: () => Promise<{ default: ComponentType }>,
): ConsoleRoute {
  return { path, title, permission, screen: lazy(load) };
}

export const consoleRoutes: ConsoleRoute[] = [
  route('dashboard', '工作台', 'dashboard:view', () => import('../features/dashboard/screens/DashboardPage.tsx')),

  route('goods', '商品列表', 'goods:view', () => import('../features/goods/screens/GoodsListPage.tsx')),
  route('goods/new', '新建商品', 'goods:edit', () => import('../features/goods/screens/GoodsEditPage.tsx')),
  route('goods/:id/edit', '编辑商品', 'goods:edit', () => import('../features/goods/screens/GoodsEditPage.tsx')),
  route('goods/review', '商品审核', 'supplier:review', () => import('../features/goods/screens/GoodsReviewPage.tsx')),
  route('goods/categories', '分类', 'goods:view', () => import('../features/goods/screens/CategoryPage.tsx')),
  route('goods/brands', '品牌', 'goods:view', () => import('../features/goods/screens/BrandPage.tsx')),
  route('inventory', '库存', 'inventory:adjust', () => import('../features/inventory/screens/InventoryPage.tsx')),

  route('orders', '订单', 'order:view', () => import('../features/orders/screens/OrderListPage.tsx')),
  route('aftersales', '售后', 'aftersale:view', () => import('../features/aftersale/screens/AfterSaleListPage.tsx')),
  route(
    'aftersales/manual-refunds',
    '人工退款',
    'payment:view',
    () => import('../features/aftersale/screens/ManualRefundPage.tsx'),
  ),
  route('reviews', '评价管理', 'review:manage', () => import('../features/reviews/screens/ReviewListPage.tsx')),
  route('coupons', '优惠券', 'promotion:edit', () => import('../features/coupons/screens/CouponListPage.tsx')),
  route(
    'points-mall',
    '积分商城',
    'promotion:edit',
    () => import('../features/points/screens/PointsMallAdminPage.tsx'),
  ),
  route(
    'flash-sales',
    '秒杀/活动',
    'promotion:edit',
    () => import('../features/activities/screens/ActivityListPage.tsx'),
  ),
  route(
    'activity-pages',
    '活动页面',
    'promotion:edit',
    () => import('../features/activity-pages/screens/ActivityPageListPage.tsx'),
  ),
  route(
    'activity-pages/new',
    '新建活动页面',
    'promotion:edit',
    () => import('../features/activity-pages/screens/ActivityPageEditPage.tsx'),
  ),
  route(
    'activity-pages/:id/edit',
    '编辑活动页面',
    'promotion:edit',
    () => import('../features/activity-pages/screens/ActivityPageEditPage.tsx'),
  ),
  route(
    'distribution/applications',
    '分销申请',
    'distribution:manage',
    () => import('../features/distribution/screens/ApplicationListPage.tsx'),
  ),
  route(
    'distribution/goods',
    '分销商品',
    'distribution:manage',
    () => import('../features/distribution/screens/GoodsListPage.tsx'),
  ),
  route(
    'distribution/levels',
    '推广等级',
    'distribution:manage',
    () => import('../features/distribution/screens/LevelsPage.tsx'),
  ),
  route(
    'distribution/withdrawals',
    '提现审核',
    'withdrawal:review',
    () => import('../features/distribution/screens/WithdrawalListPage.tsx'),
  ),
  route('members', '会员', 'member:view', () => import('../features/members/screens/MemberListPage.tsx')),
  route('assistant', '助手', 'assistant:view', () => import('../features/assistant/screens/AssistantPage.tsx')),

  route('settings', '站点设置', 'settings:edit', () => import('../features/settings/screens/SiteSettingsPage.tsx')),
  route('operators', '人员', 'operator:manage', () => import('../features/operators/screens/OperatorListPage.tsx')),
  route('operators/roles', '角色', 'operator:manage', () => import('../features/operators/screens/RoleListPage.tsx')),
  route('audit-logs', '操作日志', 'audit:view', () => import('../features/audit/screens/AuditLogPage.tsx')),
  route(
    'suppliers',
    '供应商审核',
    'supplier:review',
    () => import('../features/suppliers/screens/SupplierReviewPage.tsx'),
  ),

  // A supplier's console account (me.store): its own goods and orders, nothing of the shop's.
  route('store/goods', '本店商品', 'store:goods', () => import('../features/goods/screens/StoreGoodsListPage.tsx')),
  route('store/goods/new', '新建商品', 'store:goods', () => import('../features/goods/screens/StoreGoodsEditPage.tsx')),
  route(
    'store/goods/:id/edit',
    '编辑商品',
    'store:goods',
    () => import('../features/goods/screens/StoreGoodsEditPage.tsx'),
  ),
  route(
    'store/orders',
    '本店订单',
    'store:orders',
    () => import('../features/store-orders/screens/StoreOrderListPage.tsx'),
  ),
];

/** The route of a console path (`/goods/categories`), for the menu and the breadcrumb. */
export function routeByPath(path: string): ConsoleRoute | undefined {
  const bare = path.replace(/^\//, '');
  return consoleRoutes.find((r) => r.path === bare);
}
