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
  'settings:edit': '修改站点设置',
  'export:data': '导出数据',
  'withdrawal:review': '审核提现',
  'operator:manage': '管理运营人员和角色',
  'audit:view': '查看操作日志',
} as const;

export type OpsPermission = keyof typeof OPS_PERMISSIONS;
export const ALL_OPS_PERMISSIONS = Object.keys(OPS_PERMISSIONS) as OpsPermission[];

export interface OpsRoleDefinition {
  name: string;
  permissions: readonly OpsPermission[];
}

/** The roles every shop starts with; 超级管理员 always holds every permission. */
export const OPS_BUILTIN_ROLES = {
  super_admin: { name: '超级管理员', permissions: ALL_OPS_PERMISSIONS },
  operations: {
    name: '运营',
    permissions: [
      'dashboard:view',
      'goods:view',
      'goods:edit',
      'inventory:adjust',
      'promotion:edit',
      'distribution:manage',
      'settings:edit',
      'review:manage',
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
}

export interface OpsLoginResult {
  token: string;
  operator: OpsMe;
}
