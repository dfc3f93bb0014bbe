/**
 * 注销账号 (PIPL art. 47): a member's statuses as a transition table, what erasure removes and what it
 * keeps, and the replies of 账户安全's 注销账号 card. The server moves a member only along MEMBER_MOVES;
 * the console and the buyer's app name the statuses from here.
 */

export type MemberStatus = 'active' | 'disabled' | 'cancelling' | 'cancelled';

export const MEMBER_STATUS_NAMES: Record<MemberStatus, string> = {
  active: '正常',
  disabled: '已禁用',
  cancelling: '注销中',
  cancelled: '已注销',
};

/**
 * Who may move a member from one status to another:
 * - an operator disables and enables (never a member who is cancelling or cancelled);
 * - the member asks to cancel (active → cancelling) and may take it back during the cooling-off;
 * - the cancellation sweeper erases when the cooling-off is over (cancelling → cancelled), for good.
 */
export const MEMBER_MOVES: Record<MemberStatus, readonly MemberStatus[]> = {
  active: ['disabled', 'cancelling'],
  disabled: ['active'],
  cancelling: ['active', 'cancelled'],
  cancelled: [],
};

export function canMoveMember(from: string, to: MemberStatus): boolean {
  return (MEMBER_MOVES[from as MemberStatus] ?? []).includes(to);
}

/** What an erased member's kept orders and after-sales hold in place of the receiver's name, mobile and address. */
export const CANCELLED_MARKER = '已注销';
/** How lists name an erased member. */
export const CANCELLED_MEMBER_NAME = '已注销用户';

/** Cooling-off of the site setting `cancellationCoolingDays`. */
export const CANCELLATION_COOLING_DAYS_DEFAULT = 7;
export const CANCELLATION_COOLING_DAYS_MAX = 30;

/** Kept records: orders and after-sales for three years (电子商务法 第三十一条), de-identified. */
export const CANCELLATION_RETENTION_YEARS = 3;

/** What erasure removes, as the card lists it before the member confirms. */
export const CANCELLATION_ERASED: readonly string[] = [
  '账号资料：用户名、手机号、密码、昵称、头像、性别、生日',
  '收货地址、实名信息（姓名与身份证号）',
  '登录设备与会话，短信验证码记录',
  '收藏、足迹、搜索记录、购物车、开抢提醒、购物助手对话',
  '优惠券（含未使用的）、积分及积分明细（含未使用的积分）',
  '分销/推广身份与推广关系、分销申请资料',
  '营销消息同意记录、个人信息副本申请记录',
  '商品评价中的昵称（评价改为匿名显示）',
];

/** What is kept, and why. */
export const CANCELLATION_KEPT: readonly string[] = [
  `订单与售后记录保存 ${CANCELLATION_RETENTION_YEARS} 年（《电子商务法》要求），其中收货人、手机号和地址改为“${CANCELLED_MARKER}”，不再能关联到您`,
  '支付与退款流水、已结算的佣金与提现金额（不含姓名和账户信息），供财务对账',
];

export interface CancellationBlocker {
  /** unpaidOrders | unshippedOrders | unreceivedOrders | openAfterSales | distributionBalance | withdrawals | openStore */
  key: string;
  /** e.g. 1 笔待付款订单（请付款或取消） */
  text: string;
  /** Where the buyer finishes it, when the shop has a page for it. */
  link: string | null;
}

export interface CancellationPreview {
  /** active, or cancelling with `eraseAt` (a member in cooling-off has no session, so rarely seen here). */
  status: MemberStatus;
  eraseAt: string | null;
  coolingDays: number;
  /** The bound mobile, masked: where the confirmation code goes (null: none bound, cannot confirm). */
  mobile: string | null;
  erased: readonly string[];
  kept: readonly string[];
  /** Empty when the account may be cancelled now. */
  blockers: CancellationBlocker[];
}

/** The data of a sign-in refused with ACCOUNT_CANCELLING (101008): the dialog's date and its 撤销注销 ticket. */
export interface CancellingSignIn {
  eraseAt: string;
  /** Proves the sign-in just passed; 10 minutes, for POST /member/user/auth/cancellation/revoke. */
  revokeTicket: string;
}
