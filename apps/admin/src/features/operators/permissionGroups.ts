import { ALL_OPS_PERMISSIONS, type OpsPermission } from '@mall/shared';

/** The permissions as the role editor shows them: by area of the console. */
const GROUPS: { title: string; permissions: OpsPermission[] }[] = [
  { title: '工作台', permissions: ['dashboard:view'] },
  { title: '商品与库存', permissions: ['goods:view', 'goods:edit', 'inventory:adjust'] },
  {
    title: '订单与售后',
    permissions: ['order:view', 'order:ship', 'order:remark', 'aftersale:view', 'aftersale:review'],
  },
  { title: '资金', permissions: ['payment:view', 'refund:execute', 'payment:refund', 'withdrawal:review'] },
  { title: '会员', permissions: ['member:view', 'member:disable'] },
  { title: '营销与站点', permissions: ['promotion:edit', 'settings:edit'] },
  { title: '数据与系统', permissions: ['export:data', 'audit:view', 'operator:manage'] },
];

/** Every permission in exactly one group: one the list above does not name yet goes under 其他. */
export function permissionGroups(): { title: string; permissions: OpsPermission[] }[] {
  const named = new Set(GROUPS.flatMap((g) => g.permissions));
  const known = GROUPS.map((g) => ({
    ...g,
    permissions: g.permissions.filter((p) => ALL_OPS_PERMISSIONS.includes(p)),
  }));
  const rest = ALL_OPS_PERMISSIONS.filter((p) => !named.has(p));
  return rest.length ? [...known, { title: '其他', permissions: rest }] : known;
}
