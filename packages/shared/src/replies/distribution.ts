/** Replies of the distribution calls (分销 and 推广). Money is integer fen. */

export const DISTRIBUTION_PROGRAMMES = ['CLASSIC', 'PROMOTER'] as const;
export type DistributionProgramme = (typeof DISTRIBUTION_PROGRAMMES)[number];
export const DISTRIBUTION_PROGRAMME_NAMES: Record<DistributionProgramme, string> = {
  CLASSIC: '分销',
  PROMOTER: '推广',
};
/** The member role an approval gives. */
export const DISTRIBUTION_ROLES: Record<DistributionProgramme, 'distributor' | 'promoter'> = {
  CLASSIC: 'distributor',
  PROMOTER: 'promoter',
};

export const APPLICATION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
export const APPLICATION_STATUS_NAMES: Record<ApplicationStatus, string> = {
  PENDING: '审核中',
  APPROVED: '已通过',
  REJECTED: '已驳回',
};

/** Where an applicant says they will share. */
export const SHARE_CHANNELS = ['微信好友', '微信群', '朋友圈', '小红书', '抖音', '微博', '其他'] as const;

export interface DistributionApplicationView {
  id: number;
  programme: DistributionProgramme;
  programmeText: string;
  realName: string;
  idMasked: string;
  /** Masked for the member (138****8000); whole for an operator. */
  mobile: string;
  channel: string;
  reason: string;
  /** 推广: the inviter's nickname (masked) when one was named. */
  inviterName: string | null;
  status: ApplicationStatus;
  statusText: string;
  rejectReason: string | null;
  createdAt: string;
  reviewedAt: string | null;
}

/** Where a member stands in one programme: what the programme's screens show at the top. */
export interface DistributionStatus {
  programme: DistributionProgramme;
  programmeText: string;
  /** NONE: never applied (or only withdrawn); otherwise the latest application's state. */
  state: 'NONE' | ApplicationStatus;
  stateText: string;
  /** Approved and not disabled: the programme's screens are filled. */
  active: boolean;
  shareCode: string | null;
  latest: DistributionApplicationView | null;
  /** Whether the member may apply now (none under review and not a member of the programme yet). */
  canApply: boolean;
  /** The member's real-name records to apply with (masked), so the form can offer them. */
  realNames: { id: string; name: string; idMasked: string }[];
}

/* ---- the console (分销 menu, permission distribution:manage) ---- */

export interface ConsoleApplication extends DistributionApplicationView {
  memberId: string;
  memberName: string;
  reviewedBy: string | null;
  /** What an operator may do now. */
  actions: ('approve' | 'reject')[];
}

export interface ConsoleApplicationPage {
  list: ConsoleApplication[];
  total: number;
  pageNum: number;
  pageSize: number;
  /** Applications in each state and in all, under the same programme and keyword (the console's tabs). */
  counts: Record<'ALL' | ApplicationStatus, number>;
}

/* ---- income, withdrawals, orders ---- */

export interface DistributionBalances {
  /** 冻结中: earned on paid orders, not settled yet. */
  frozenFen: number;
  /** 可提现. */
  availableFen: number;
  /** 提现中: asked for, under review. */
  withdrawingFen: number;
  /** 已提现. */
  withdrawnFen: number;
  /** 待扣回: taken back after it was settled and spent, carried against later income. */
  owedFen: number;
}

export const LEDGER_KIND_NAMES = {
  EARN: '佣金入账（冻结中）',
  SETTLE: '佣金结算，可提现',
  REVERSE_FROZEN: '退款扣回（冻结中）',
  REVERSE_SETTLED: '退款扣回',
  WITHDRAW: '申请提现',
  WITHDRAW_PAID: '提现到账',
  WITHDRAW_REJECTED: '提现驳回，金额退回',
} as const;
export type LedgerKind = keyof typeof LEDGER_KIND_NAMES;

export interface DistributionLedgerEntry {
  id: number;
  kind: LedgerKind;
  kindText: string;
  amountFen: number;
  note: string;
  orderNo: string | null;
  after: DistributionBalances;
  createdAt: string;
}

export interface PromoterLevelView {
  code: string;
  name: string;
  directRateText: string;
  indirectRateText: string;
}

export interface DistributionIncome {
  programme: DistributionProgramme;
  programmeText: string;
  balances: DistributionBalances;
  minWithdrawFen: number;
  /** 推广: the member's level now, and what the next one asks. */
  level: PromoterLevelView | null;
  nextLevel: (PromoterLevelView & { minSettledSalesFen: number; minTeamSize: number }) | null;
  settledSalesFen: number | null;
  teamSize: number | null;
}

export const WITHDRAWAL_METHOD_NAMES = { ALIPAY: '支付宝', BANK: '银行卡' } as const;
export type WithdrawalMethod = keyof typeof WITHDRAWAL_METHOD_NAMES;
export const WITHDRAWAL_STATUS_TEXT = { PENDING: '审核中', PAID: '已打款', REJECTED: '已驳回' } as const;
export type WithdrawalStatusCode = keyof typeof WITHDRAWAL_STATUS_TEXT;

export interface WithdrawalView {
  id: number;
  programme: DistributionProgramme;
  amountFen: number;
  method: WithdrawalMethod;
  methodText: string;
  accountName: string;
  bankName: string | null;
  accountMasked: string;
  status: WithdrawalStatusCode;
  statusText: string;
  payoutRef: string | null;
  rejectReason: string | null;
  createdAt: string;
  reviewedAt: string | null;
}

export interface ConsoleWithdrawal extends WithdrawalView {
  memberId: string;
  memberName: string;
  reviewedBy: string | null;
  actions: ('approve' | 'reject')[];
}

export const COMMISSION_STATUS_TEXT = { FROZEN: '冻结中', SETTLED: '已结算', REVERSED: '已退回' } as const;
export type CommissionStatusCode = keyof typeof COMMISSION_STATUS_TEXT;

export interface DistributionOrderLine {
  commissionId: number;
  tier: 'DIRECT' | 'INDIRECT';
  tierText: string;
  goodsId: number;
  skuId: number;
  goodsName: string;
  specText: string;
  image: string | null;
  quantity: number;
  paidFen: number;
  refundedFen: number;
  ruleText: string;
  commissionFen: number;
  reversedFen: number;
  status: CommissionStatusCode;
  statusText: string;
}

export interface DistributionOrder {
  orderNo: string;
  /** The buyer, masked (张***). */
  buyerName: string;
  createdAt: string;
  lines: DistributionOrderLine[];
  /** What the order earns the member now: commission less what refunds took back. */
  netCommissionFen: number;
  /** 冻结中 while any line is, else 已结算 / 已退回. */
  statusText: string;
}

export interface DistributionOrderDetail extends DistributionOrder {
  history: { at: string; kind: LedgerKind; kindText: string; amountFen: number; note: string; goodsName: string }[];
}

export interface DistributionPage<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/* ---- the member's goods, after-sales and team (the programmes' screens) ---- */

/** GET /member/distribution/goods/page?programme=&keyword=&sort=&pageNum=&pageSize= */
export const DISTRIBUTION_GOODS_SORTS = ['default', 'commission', 'price', 'sales'] as const;
export type DistributionGoodsSort = (typeof DISTRIBUTION_GOODS_SORTS)[number];

export interface DistributionGoodsCard {
  goodsId: number;
  goodsName: string;
  image: string | null;
  /** The lowest price among the programme's SKUs of this goods, today. */
  priceFen: number;
  /** The most one unit earns the member at today's price (分销: the SKU's rule; 推广: the member's level, direct rate). */
  commissionFen: number;
  /** How the commission reads on the card: 赚 8%, 佣金 ¥5.00, or 最高佣金 ¥5.00 when the SKUs earn differently. */
  commissionText: string;
  salesCount: number;
  skus: { skuId: number; specText: string; priceFen: number; commissionFen: number }[];
}

/** GET /member/distribution/afterSale/page?programme=&pageNum=&pageSize= */
export interface DistributionAfterSale {
  afterSaleNo: string;
  orderNo: string;
  /** The buyer, masked. */
  buyerName: string;
  goodsName: string;
  specText: string;
  image: string | null;
  /** The after-sale's own state and its text (待审核, 退款中, 已完成…). */
  status: string;
  statusText: string;
  refundFen: number;
  createdAt: string;
  /** What it did to the member's commission on that line. */
  commissionFen: number;
  reversedFen: number;
  /** 佣金已扣回 ¥2.50 / 退款完成后将扣回相应佣金 / 退款金额较小，佣金未扣回 / 未退款，不影响佣金. */
  effectText: string;
}

/** GET /member/distribution/team?tier=&pageNum=&pageSize= (推广 only). */
export interface PromoterTeamMember {
  /** Masked nickname. */
  name: string;
  tier: 'DIRECT' | 'INDIRECT';
  tierText: string;
  levelName: string;
  joinedAt: string;
}
export interface PromoterTeam extends DistributionPage<PromoterTeamMember> {
  directCount: number;
  indirectCount: number;
}

/** POST /member/distribution/goods/get_url_scheme: what a sharer needs for one goods. */
export interface ShareLinkView {
  programme: DistributionProgramme;
  programmeText: string;
  shareCode: string;
  goodsId: number;
  skuId: number | null;
  /** The goods page with the share, absolute, and its path. */
  url: string;
  path: string;
  /** The link as a QR code, a PNG data URL. */
  qrCode: string;
  /** What a poster shows. */
  title: string;
  image: string | null;
  priceFen: number;
  expiresAt: string;
  miniProgram: { available: boolean; urlScheme: string | null; reason: string | null };
}
