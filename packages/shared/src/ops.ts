/**
 * The operator console's permissions and built-in roles, read by the server (every /ops endpoint
 * declares the permission it needs) and by the console (menus and buttons an operator may see).
 */
export const OPS_PERMISSIONS = {
  'dashboard:view': '查看工作台',
  'goods:view': '查看商品',
  'goods:edit': '编辑商品、分类和品牌',
  'inventory:adjust': '调整库存',
  'order:view': '查看订单',
  'order:ship': '订单发货',
  'order:remark': '订单备注',
  'aftersale:view': '查看售后',
  'aftersale:review': '审核售后、确认收到退货',
  'review:manage': '查看商品评价、回复和隐藏评价',
  'refund:execute': '执行退款',
  'payment:view': '查看支付记录',
  'payment:refund': '登记人工退款',
  'member:view': '查看会员',
  'member:disable': '禁用和启用会员',
  'promotion:edit': '编辑营销活动',
  'distribution:manage': '审核分销员、设置分销商品',
  'supplier:review': '审核供应商入驻和供应商商品',
  'settings:edit': '修改站点设置',
  'export:data': '导出数据',
  'withdrawal:review': '审核提现',
  'operator:manage': '管理运营人员和角色',
  'audit:view': '查看操作日志',
  'assistant:view': '查看购物助手用量与差评回答',
  'store:goods': '管理本店商品（供应商）',
  'store:orders': '查看本店订单并发货（供应商）',
} as const;

export type OpsPermission = keyof typeof OPS_PERMISSIONS;
export const ALL_OPS_PERMISSIONS = Object.keys(OPS_PERMISSIONS) as OpsPermission[];

/**
 * What only a store's own console account holds (the built-in role `supplier`, made when a supplier
 * is approved): never part of 超级管理员 or of a role an operator builds, and every endpoint needing
 * one also needs the caller's store.
 */
export const STORE_PERMISSIONS = ['store:goods', 'store:orders'] as const satisfies readonly OpsPermission[];
export const SHOP_OPS_PERMISSIONS = ALL_OPS_PERMISSIONS.filter(
  (p) => !(STORE_PERMISSIONS as readonly string[]).includes(p),
);

export interface OpsRoleDefinition {
  name: string;
  permissions: readonly OpsPermission[];
}

/** The roles every shop starts with; 超级管理员 always holds every permission. */
export const OPS_BUILTIN_ROLES = {
  super_admin: { name: '超级管理员', permissions: SHOP_OPS_PERMISSIONS },
  operations: {
    name: '运营',
    permissions: [
      'dashboard:view',
      'goods:view',
      'goods:edit',
      'inventory:adjust',
      'promotion:edit',
      'distribution:manage',
      'supplier:review',
      'settings:edit',
      'review:manage',
      'assistant:view',
    ],
  },
  service: {
    name: '客服',
    permissions: [
      'dashboard:view',
      'goods:view',
      'order:view',
      'order:ship',
      'order:remark',
      'aftersale:view',
      'aftersale:review',
      'review:manage',
      'member:view',
      'member:disable',
      'assistant:view',
    ],
  },
  finance: {
    name: '财务',
    permissions: [
      'dashboard:view',
      'order:view',
      'aftersale:view',
      'refund:execute',
      'payment:view',
      'payment:refund',
      'withdrawal:review',
      'export:data',
    ],
  },
  supplier: { name: '供应商', permissions: STORE_PERMISSIONS },
} as const satisfies Record<string, OpsRoleDefinition>;

export type OpsBuiltinRole = keyof typeof OPS_BUILTIN_ROLES;
export const SUPER_ADMIN_ROLE: OpsBuiltinRole = 'super_admin';

/** The signed-in operator, as GET /ops/auth/me answers. */
export interface OpsMe {
  id: string;
  username: string;
  displayName: string;
  role: { key: string; name: string };
  permissions: OpsPermission[];
  totpEnabled: boolean;
  /** A one-time password is in use: every call but /ops/auth/* is refused until it is changed. */
  mustChangePassword: boolean;
  /** A supplier's console account: the one store it sees; null for the shop's operators. */
  store: { id: string; name: string } | null;
}

export interface OpsLoginResult {
  token: string;
  operator: OpsMe;
}
