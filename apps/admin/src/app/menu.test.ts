import { describe, expect, it } from 'vitest';
import { OPS_BUILTIN_ROLES } from '@mall/shared';
import { MENU, activeLeaf, menuLeaves, menuTrail, visibleMenu, type MenuNode } from './menu.tsx';
import { consoleRoutes, routeByPath } from './routes.tsx';

/** The menu as labels: `商品 › 分类`. */
function labels(nodes: MenuNode[], prefix = ''): string[] {
  return nodes.flatMap((n) =>
    n.children ? labels(n.children, n.group ? '' : `${prefix}${n.label} › `) : [`${prefix}${n.label}`],
  );
}

const roleMenu = (role: keyof typeof OPS_BUILTIN_ROLES) =>
  labels(visibleMenu(MENU, OPS_BUILTIN_ROLES[role].permissions));

describe('the menu', () => {
  it('every leaf opens a route, and every route sits under a menu item (details under their list)', () => {
    for (const leaf of menuLeaves(MENU)) expect(routeByPath(leaf.path!), leaf.path).toBeDefined();
    for (const route of consoleRoutes) expect(activeLeaf(MENU, `/${route.path}`), route.path).toBeDefined();
  });

  it('a 超级管理员 sees everything of the shop (not a store’s corner)', () => {
    expect(roleMenu('super_admin')).toEqual([
      '工作台',
      '商品 › 商品列表',
      '商品 › 商品审核',
      '商品 › 分类',
      '商品 › 品牌',
      '库存',
      '订单',
      '售后',
      '评价管理',
      '助手',
      '优惠券',
      '积分商城',
      '秒杀/活动',
      '活动页面',
      '分销 › 分销申请',
      '分销 › 分销商品',
      '分销 › 推广等级',
      '分销 › 提现审核',
      '供应商审核',
      '会员',
      '站点设置',
      '运营人员 › 人员',
      '运营人员 › 角色',
      '操作日志',
    ]);
    // No feature waits for its place now: no 随功能上线 heading.
    expect(visibleMenu(MENU, OPS_BUILTIN_ROLES.super_admin.permissions).find((n) => n.group)).toBeUndefined();
  });

  it('客服 sees goods (read), orders, after-sales, 助手 and members; not 站点设置, 库存, operators or the log', () => {
    expect(roleMenu('service')).toEqual([
      '工作台',
      '商品 › 商品列表',
      '商品 › 分类',
      '商品 › 品牌',
      '订单',
      '售后',
      '评价管理',
      '助手',
      '会员',
    ]);
  });

  it('运营 sees goods, stock, site settings and the marketing places', () => {
    expect(roleMenu('operations')).toEqual([
      '工作台',
      '商品 › 商品列表',
      '商品 › 商品审核',
      '商品 › 分类',
      '商品 › 品牌',
      '库存',
      '评价管理',
      '助手',
      '优惠券',
      '积分商城',
      '秒杀/活动',
      '活动页面',
      '分销 › 分销申请',
      '分销 › 分销商品',
      '分销 › 推广等级',
      '供应商审核',
      '站点设置',
    ]);
  });

  it('a supplier’s console account sees only 本店商品 and 本店订单', () => {
    expect(roleMenu('supplier')).toEqual(['本店商品', '本店订单']);
    expect(activeLeaf(MENU, '/store/goods/12/edit')?.label).toBe('本店商品');
  });

  it('财务 sees orders, after-sales and 分销 › 提现审核 only', () => {
    expect(roleMenu('finance')).toEqual(['工作台', '订单', '售后', '分销 › 提现审核']);
  });

  it('no permission, no menu (groups without a visible child disappear)', () => {
    expect(visibleMenu(MENU, [])).toEqual([]);
    expect(visibleMenu(MENU, undefined)).toEqual([]);
    expect(labels(visibleMenu(MENU, ['operator:manage']))).toEqual(['运营人员 › 人员', '运营人员 › 角色']);
  });

  it('the active leaf is the longest menu path a location starts with', () => {
    expect(activeLeaf(MENU, '/goods')?.label).toBe('商品列表');
    expect(activeLeaf(MENU, '/goods/12/edit')?.label).toBe('商品列表');
    expect(activeLeaf(MENU, '/goods/categories')?.label).toBe('分类');
    expect(activeLeaf(MENU, '/goods/review')?.label).toBe('商品审核');
    expect(activeLeaf(MENU, '/distribution/withdrawals')?.label).toBe('提现审核');
    expect(activeLeaf(MENU, '/operators/roles')?.label).toBe('角色');
    expect(activeLeaf(MENU, '/goodsx')).toBeUndefined();
    expect(activeLeaf(MENU, '/security')).toBeUndefined();
    expect(menuTrail(MENU, '/goods/brands')?.map((n) => n.label)).toEqual(['商品', '品牌']);
  });
});
