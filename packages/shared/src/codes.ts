/**
 * The one catalogue of reply codes, used by the server and the web app alike.
 * 0 is success; 101–108 follow spec §8 as read by the conventions; generic HTTP-like codes;
 * six-digit domain codes are grouped by domain (107xxx goods, 108xxx trade, 109xxx member area,
 * 110xxx operator console).
 */
export const Code = {
  OK: 0,
  USER_NOT_FOUND: 101,
  BAD_CREDENTIALS: 102,
  WRONG_SMS_CODE: 103,
  ACCESS_TOKEN_EXPIRED: 104,
  SESSION_OVER: 105,
  NOT_SIGNED_IN: 106,
  MEMBER_DISABLED: 107,
  SMS_CODE_EXPIRED: 108,
  BAD_REQUEST: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  SERVER_ERROR: 500,
  // accounts 101xxx
  ACCOUNT_LOCKED: 101001,
  WEAK_PASSWORD: 101002,
  USERNAME_TAKEN: 101003,
  MOBILE_TAKEN: 101004,
  ALREADY_REGISTERED: 101005,
  SMS_SEND_LIMIT: 101006,
  WRONG_PASSWORD: 101007,
  // goods 107xxx
  GOODS_OFF_SHELF: 107301,
  GOODS_NOT_FOUND: 107302,
  SKU_NOT_FOUND: 107303,
  // trade 108xxx
  OUT_OF_STOCK: 108001,
  CART_FULL: 108002,
  ORDER_STATE: 108101,
  ADDRESS_LIMIT: 108201,
  PAYMENT_FAILED: 108301,
  AFTERSALE_STATE: 108401,
  REFUND_EXCEEDS: 108402,
  REVIEW_STATE: 108501,
  REVIEW_EXISTS: 108502,
  // member area 109xxx
  REAL_NAME_INVALID: 109001,
  REAL_NAME_LIMIT: 109002,
  REAL_NAME_DUPLICATE: 109003,
  UPLOAD_INVALID: 109101,
  // operator console 110xxx
  OPS_TOTP_REQUIRED: 110001,
  OPS_TOTP_WRONG: 110002,
  OPS_PASSWORD_CHANGE_REQUIRED: 110003,
  OPS_USERNAME_TAKEN: 110004,
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];

/** Default Chinese message for each code; a reply may carry a more precise one. */
export const codeMessages: Record<number, string> = {
  [Code.OK]: '操作成功',
  [Code.USER_NOT_FOUND]: '用户不存在',
  [Code.BAD_CREDENTIALS]: '用户名或密码错误',
  [Code.WRONG_SMS_CODE]: '验证码错误',
  [Code.ACCESS_TOKEN_EXPIRED]: '登录已过期',
  [Code.SESSION_OVER]: '登录已失效，请重新登录',
  [Code.NOT_SIGNED_IN]: '用户未登录',
  [Code.MEMBER_DISABLED]: '用户已被禁用',
  [Code.SMS_CODE_EXPIRED]: '验证码已失效，请重新获取',
  [Code.BAD_REQUEST]: '参数错误',
  [Code.FORBIDDEN]: '无权访问',
  [Code.NOT_FOUND]: '资源不存在',
  [Code.PAYLOAD_TOO_LARGE]: '请求内容过大',
  [Code.TOO_MANY_REQUESTS]: '操作过于频繁，请稍后再试',
  [Code.SERVER_ERROR]: '系统繁忙，请稍后再试',
  [Code.ACCOUNT_LOCKED]: '密码错误次数过多，账号已临时锁定',
  [Code.WEAK_PASSWORD]: '密码过于简单，请换一个',
  [Code.USERNAME_TAKEN]: '用户名已被占用',
  [Code.MOBILE_TAKEN]: '该手机号已被其他账号绑定',
  [Code.ALREADY_REGISTERED]: '账号已完成注册',
  [Code.SMS_SEND_LIMIT]: '验证码发送过于频繁，请稍后再试',
  [Code.WRONG_PASSWORD]: '当前密码错误',
  [Code.GOODS_OFF_SHELF]: '商品已下架',
  [Code.GOODS_NOT_FOUND]: '商品不存在',
  [Code.SKU_NOT_FOUND]: '商品规格不存在',
  [Code.OUT_OF_STOCK]: '库存不足',
  [Code.CART_FULL]: '购物车已满',
  [Code.ORDER_STATE]: '订单当前状态不允许此操作',
  [Code.ADDRESS_LIMIT]: '收货地址最多 20 个',
  [Code.PAYMENT_FAILED]: '支付失败',
  [Code.AFTERSALE_STATE]: '售后单当前状态不允许此操作',
  [Code.REFUND_EXCEEDS]: '退款金额超过可退金额',
  [Code.REVIEW_STATE]: '该商品当前不能评价',
  [Code.REVIEW_EXISTS]: '该商品已评价过了',
  [Code.REAL_NAME_INVALID]: '身份证号码不正确',
  [Code.REAL_NAME_LIMIT]: '实名信息最多 5 条',
  [Code.REAL_NAME_DUPLICATE]: '该身份证号已添加',
  [Code.UPLOAD_INVALID]: '仅支持 JPEG、PNG、WebP 图片，且不超过 5 MB',
  [Code.OPS_TOTP_REQUIRED]: '请输入身份验证器中的动态验证码',
  [Code.OPS_TOTP_WRONG]: '动态验证码错误',
  [Code.OPS_PASSWORD_CHANGE_REQUIRED]: '请先修改初始密码',
  [Code.OPS_USERNAME_TAKEN]: '该运营账号已存在',
};

export function messageFor(code: number): string {
  return codeMessages[code] ?? codeMessages[Code.SERVER_ERROR]!;
}
