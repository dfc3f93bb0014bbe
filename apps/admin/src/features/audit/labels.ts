import { OPS_BUILTIN_ROLES } from '@mall/shared';

/**
 * Chinese names for what the log records. The server writes codes (`settings.save`, `member`); a code
 * not listed here (a feature newer than this list) is shown as it is.
 */
export const ACTION_LABELS: Record<string, string> = {
  'auth.login': '登录',
  'auth.logout': '退出登录',
  'auth.password': '修改密码',
  'auth.revokeSession': '下线会话',
  'auth.totpEnable': '绑定身份验证器',
  'auth.totpDisable': '解绑身份验证器',
  'operator.create': '新建人员',
  'operator.update': '修改人员',
  'operator.resetPassword': '重置人员密码',
  'role.save': '保存角色',
  'settings.save': '修改站点设置',
  'settings.upload': '上传站点图片',
  'member.disable': '禁用会员',
  'member.enable': '启用会员',
  'goods.create': '新建商品',
  'goods.update': '编辑商品',
  'goods.onShelf': '商品上架',
  'goods.offShelf': '商品下架',
  'goods.shelfBatch': '批量上下架',
  'goods.image': '上传商品图片',
  'category.create': '新建分类',
  'category.update': '编辑分类',
  'category.delete': '删除分类',
  'brand.create': '新建品牌',
  'brand.update': '编辑品牌',
  'brand.delete': '删除品牌',
  'inventory.adjust': '调整库存',
  'order.ship': '订单发货',
  'order.remark': '订单备注',
  'order.export': '导出订单',
  'aftersale.approve': '同意售后',
  'aftersale.reject': '驳回售后',
  'aftersale.receive': '确认收到退货',
  'aftersale.refund': '售后退款',
  'payment.refundRecorded': '登记人工退款',
  'review.hide': '隐藏评价',
  'review.show': '恢复显示评价',
  'review.reply': '回复评价',
};

export const OBJECT_TYPE_LABELS: Record<string, string> = {
  settings: '站点设置',
  member: '会员',
  operator: '运营人员',
  role: '角色',
  session: '会话',
  order: '订单',
  aftersale: '售后',
  goods: '商品',
  review: '商品评价',
  goodsImage: '商品图片',
  category: '分类',
  brand: '品牌',
  sku: 'SKU',
  payment: '支付',
};

/** Fields of changes: setting keys and the columns other writes record. */
export const FIELD_LABELS: Record<string, string> = {
  siteName: '商城名称',
  buyerIcon: '浏览器图标',
  logo: '商城标志',
  servicePhone: '客服电话',
  banners: '首页轮播图',
  pinnedHotWords: '置顶热词',
  freight: '运费规则',
  delivery: '配送时效',
  afterSaleDays: '售后期限（天）',
  reviewDays: '评价期限（天）',
  followUpDays: '追评期限（天）',
  hidden: '隐藏',
  reply: '商家回复',
  orderPayMinutes: '付款时限（分钟）',
  autoReceiveDays: '自动确认收货（天）',
  defaultHomeVersion: '默认首页',
  status: '状态',
  roleKey: '角色',
  displayName: '姓名',
  name: '名称',
  permissions: '权限',
  remark: '备注',
  stock: '库存',
  priceFen: '价格（分）',
  onShelf: '上架',
};

/** A few values read better in words. */
export const VALUE_LABELS: Record<string, Record<string, string>> = {
  status: { active: '正常', disabled: '已停用/禁用' },
  roleKey: Object.fromEntries(Object.entries(OPS_BUILTIN_ROLES).map(([key, role]) => [key, role.name])),
  defaultHomeVersion: { new: '新版首页', old: '旧版首页' },
};

export const actionLabel = (code: string) => ACTION_LABELS[code] ?? code;
export const objectTypeLabel = (code: string) => OBJECT_TYPE_LABELS[code] ?? code;
export const fieldLabel = (code: string) => FIELD_LABELS[code] ?? code;
