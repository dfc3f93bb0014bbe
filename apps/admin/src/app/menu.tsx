import type { ReactNode } from 'react';
import {
  AuditOutlined,
  CommentOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileSearchOutlined,
  GiftOutlined,
  LayoutOutlined,
  ProfileOutlined,
  RobotOutlined,
  SettingOutlined,
  ShareAltOutlined,
  ShopOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  TrophyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { allows } from '../lib/permission.tsx';
import { routeByPath } from './routes.tsx';

/**
 * The sider's menu. Leaves name a console path; what each needs is its route's permission
 * (app/routes.tsx), so a menu item and its page can never disagree. Groups without a visible child
 * disappear.
 */
export interface MenuNode {
  key: string;
  label: string;
  icon?: ReactNode;
  /** A leaf: the console path it opens. */
  path?: string;
  children?: MenuNode[];
  /** Children shown under a heading rather than in a folding submenu. */
  group?: boolean;
  /** A place kept for a feature still to come (shown muted, under 随功能上线). */
  upcoming?: boolean;
}

export const UPCOMING_GROUP_LABEL = '随功能上线';

export const MENU: MenuNode[] = [
  // A supplier's console account sees only these two (store:goods / store:orders are its alone).
  { key: '/store/goods', label: '本店商品', icon: <ShopOutlined />, path: '/store/goods' },
  { key: '/store/orders', label: '本店订单', icon: <ProfileOutlined />, path: '/store/orders' },
  { key: '/dashboard', label: '工作台', icon: <DashboardOutlined />, path: '/dashboard' },
  {
    key: 'goods',
    label: '商品',
    icon: <ShopOutlined />,
    children: [
      { key: '/goods', label: '商品列表', path: '/goods' },
      { key: '/goods/review', label: '商品审核', path: '/goods/review' },
      { key: '/goods/categories', label: '分类', path: '/goods/categories' },
      { key: '/goods/brands', label: '品牌', path: '/goods/brands' },
    ],
  },
  { key: '/inventory', label: '库存', icon: <DatabaseOutlined />, path: '/inventory' },
  { key: '/orders', label: '订单', icon: <ProfileOutlined />, path: '/orders' },
  { key: '/aftersales', label: '售后', icon: <CustomerServiceOutlined />, path: '/aftersales' },
  { key: '/reviews', label: '评价管理', icon: <CommentOutlined />, path: '/reviews' },
  { key: '/assistant', label: '助手', icon: <RobotOutlined />, path: '/assistant' },
  { key: '/coupons', label: '优惠券', icon: <GiftOutlined />, path: '/coupons' },
  { key: '/points-mall', label: '积分商城', icon: <TrophyOutlined />, path: '/points-mall' },
  { key: '/flash-sales', label: '秒杀/活动', icon: <ThunderboltOutlined />, path: '/flash-sales' },
  { key: '/activity-pages', label: '活动页面', icon: <LayoutOutlined />, path: '/activity-pages' },
  {
    key: 'distribution',
    label: '分销',
    icon: <ShareAltOutlined />,
    children: [
      { key: '/distribution/applications', label: '分销申请', path: '/distribution/applications' },
      { key: '/distribution/goods', label: '分销商品', path: '/distribution/goods' },
      { key: '/distribution/levels', label: '推广等级', path: '/distribution/levels' },
      { key: '/distribution/withdrawals', label: '提现审核', path: '/distribution/withdrawals' },
    ],
  },
  { key: '/suppliers', label: '供应商审核', icon: <AuditOutlined />, path: '/suppliers' },
  { key: '/members', label: '会员', icon: <UserOutlined />, path: '/members' },
  { key: '/settings', label: '站点设置', icon: <SettingOutlined />, path: '/settings' },
  {
    key: 'operators',
    label: '运营人员',
    icon: <TeamOutlined />,
    children: [
      { key: '/operators', label: '人员', path: '/operators' },
      { key: '/operators/roles', label: '角色', path: '/operators/roles' },
    ],
  },
  { key: '/audit-logs', label: '操作日志', icon: <FileSearchOutlined />, path: '/audit-logs' },
];

/** The menu an operator with these permissions sees. A leaf without a route is never shown. */
export function visibleMenu(nodes: readonly MenuNode[], permissions: readonly string[] | undefined): MenuNode[] {
  const out: MenuNode[] = [];
  for (const node of nodes) {
    if (node.children) {
      const children = visibleMenu(node.children, permissions);
      if (children.length) out.push({ ...node, children });
    } else if (node.path) {
      const route = routeByPath(node.path);
      if (route && allows(permissions, route.permission)) out.push(node);
    }
  }
  return out;
}

/** Every leaf of a menu, in order. */
export function menuLeaves(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => (n.children ? menuLeaves(n.children) : n.path ? [n] : []));
}

/** The leaf a location belongs to: the longest menu path it starts with (`/goods/12/edit` → 商品列表). */
export function activeLeaf(nodes: readonly MenuNode[], pathname: string): MenuNode | undefined {
  let best: MenuNode | undefined;
  for (const leaf of menuLeaves(nodes)) {
    const p = leaf.path!;
    if ((pathname === p || pathname.startsWith(`${p}/`)) && (!best || p.length > best.path!.length)) best = leaf;
  }
  return best;
}

/** The chain of labels from the top of the menu to a leaf, for the breadcrumb. */
export function menuTrail(nodes: readonly MenuNode[], key: string, trail: MenuNode[] = []): MenuNode[] | undefined {
  for (const node of nodes) {
    const here = [...trail, node];
    if (node.key === key) return here;
    if (node.children) {
      const found = menuTrail(node.children, key, here);
      if (found) return found;
    }
  }
  return undefined;
}
