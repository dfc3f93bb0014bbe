/**
 * The money rules of the two distribution programmes, pure: what an order line earns, what
 * a refund takes back, how an account's balances move, when commission settles, which level a 推广
 * member has reached and who a visitor is bound to. Amounts are whole fen; every division rounds down
 * (the shop never pays a fen it does not owe) and no rule takes back more than was earned.
 */

/** A SKU's commission in the classic 分销: a fixed amount per unit, or a rate of the paid amount. */
export type CommissionRule = { type: 'FIXED'; amountFen: number } | { type: 'RATE'; basisPoints: number };

/** 10000 basis points = 100 %. */
export const FULL_RATE = 10_000;

/** How a rate reads: 500 → 5%, 1250 → 12.5%, 1 → 0.01%. */
export function percentText(basisPoints: number): string {
  return `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

/**
 * What one order line earns: a fixed amount per unit (never more than the line paid), or the rate
 * of what the buyer paid for the line after every discount, rounded down.
 */
export function lineCommission(rule: CommissionRule, paidFen: number, quantity: number): number {
  if (paidFen <= 0 || quantity <= 0) return 0;
  if (rule.type === 'FIXED') return Math.min(paidFen, rule.amountFen * quantity);
  return Math.floor((paidFen * rule.basisPoints) / FULL_RATE);
}

/**
 * What a refund takes back from a line's commission, counted on the running totals so that rounding
 * never drifts: after refunds of `refundedFen` of the line's `paidFen` in all, `commissionFen × refunded
 * ÷ paid` (rounded down) is taken back — all of it once the whole line is refunded. `reversedFen` is what
 * earlier refunds took back already; the result is what this refund adds.
 */
export function reversalFor(commissionFen: number, paidFen: number, refundedFen: number, reversedFen: number): number {
  if (commissionFen <= 0 || paidFen <= 0 || refundedFen <= 0) return 0;
  const target = refundedFen >= paidFen ? commissionFen : Math.floor((commissionFen * refundedFen) / paidFen);
  return Math.max(0, target - reversedFen);
}

/**
 * A member's balances in one programme: 冻结中 (earned on paid orders, not yet settled), 可提现,
 * 提现中 (asked for, under review), 已提现, and 待扣回 (taken back from commission that had already
 * settled and been spent: carried against later income, never paid out as a negative).
 */
export interface Balances {
  frozenFen: number;
  availableFen: number;
  withdrawingFen: number;
  withdrawnFen: number;
  owedFen: number;
}

export const EMPTY_BALANCES: Balances = {
  frozenFen: 0,
  availableFen: 0,
  withdrawingFen: 0,
  withdrawnFen: 0,
  owedFen: 0,
};

/** The moves of an account; each is one ledger row. */
export type BalanceMove =
  | { kind: 'EARN'; amountFen: number }
  | { kind: 'SETTLE'; amountFen: number }
  | { kind: 'REVERSE_FROZEN'; amountFen: number }
  | { kind: 'REVERSE_SETTLED'; amountFen: number }
  | { kind: 'WITHDRAW'; amountFen: number }
  | { kind: 'WITHDRAW_PAID'; amountFen: number }
  | { kind: 'WITHDRAW_REJECTED'; amountFen: number };

export type MoveResult = { balances: Balances; owedPaidFen: number } | { refused: string };

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/**
 * An account after a move, or why not. Settling pays off 待扣回 first; a reversal of settled
 * commission takes what is 可提现 and carries the rest as 待扣回; a withdrawal takes only what is
 * 可提现 (and nothing while something is 待扣回); approving pays what was asked, rejecting returns it.
 */
export function applyMove(b: Balances, move: BalanceMove): MoveResult {
  const n = move.amountFen;
  if (!Number.isInteger(n) || n <= 0) return { refused: '金额须为正整数（分）' };
  switch (move.kind) {
    case 'EARN':
      return ok({ ...b, frozenFen: b.frozenFen + n });
    case 'SETTLE': {
      if (n > b.frozenFen) return { refused: `冻结中的佣金只有 ${yuan(b.frozenFen)}` };
      const owedPaidFen = Math.min(b.owedFen, n);
      return ok(
        {
          ...b,
          frozenFen: b.frozenFen - n,
          owedFen: b.owedFen - owedPaidFen,
          availableFen: b.availableFen + n - owedPaidFen,
        },
        owedPaidFen,
      );
    }
    case 'REVERSE_FROZEN':
      if (n > b.frozenFen) return { refused: `冻结中的佣金只有 ${yuan(b.frozenFen)}` };
      return ok({ ...b, frozenFen: b.frozenFen - n });
    case 'REVERSE_SETTLED': {
      const fromAvailable = Math.min(b.availableFen, n);
      return ok({ ...b, availableFen: b.availableFen - fromAvailable, owedFen: b.owedFen + n - fromAvailable });
    }
    case 'WITHDRAW':
      if (b.owedFen > 0) return { refused: `有 ${yuan(b.owedFen)} 待扣回佣金，扣回后才能提现` };
      if (n > b.availableFen) return { refused: `可提现金额只有 ${yuan(b.availableFen)}` };
      return ok({ ...b, availableFen: b.availableFen - n, withdrawingFen: b.withdrawingFen + n });
    case 'WITHDRAW_PAID':
      if (n > b.withdrawingFen) return { refused: '提现金额与申请不符' };
      return ok({ ...b, withdrawingFen: b.withdrawingFen - n, withdrawnFen: b.withdrawnFen + n });
    case 'WITHDRAW_REJECTED':
      if (n > b.withdrawingFen) return { refused: '提现金额与申请不符' };
      return ok({ ...b, withdrawingFen: b.withdrawingFen - n, availableFen: b.availableFen + n });
  }
}

function ok(balances: Balances, owedPaidFen = 0): MoveResult {
  return { balances, owedPaidFen };
}

/**
 * Everything ever earned less everything taken back, by balance: the ledger's invariant. For any
 * sequence of accepted moves, frozen + available + withdrawing + withdrawn − owed = earned − reversed.
 */
export function netOf(b: Balances): number {
  return b.frozenFen + b.availableFen + b.withdrawingFen + b.withdrawnFen - b.owedFen;
}

/** A withdrawal request's check before it touches the account: the minimum and the balance. */
export function withdrawalRefusal(amountFen: number, minFen: number, b: Balances): string | null {
  if (!Number.isInteger(amountFen) || amountFen <= 0) return '请输入提现金额';
  if (amountFen < minFen) return `单笔提现不少于 ${yuan(minFen)}`;
  const moved = applyMove(b, { kind: 'WITHDRAW', amountFen });
  return 'refused' in moved ? moved.refused : null;
}

/* ---- commission states ---- */

/**
 * A line's commission: 冻结中 from payment; 已结算 (可提现) once the order is complete and its
 * after-sale window has closed; 已退回 when a refund took it all back before or after settling.
 */
export type CommissionStatus = 'FROZEN' | 'SETTLED' | 'REVERSED';
export type CommissionEvent = 'settle' | 'reverseAll';

export const COMMISSION_STATUS_NAMES: Record<CommissionStatus, string> = {
  FROZEN: '冻结中',
  SETTLED: '已结算',
  REVERSED: '已退回',
};

export const COMMISSION_TRANSITIONS: Record<CommissionStatus, Partial<Record<CommissionEvent, CommissionStatus>>> = {
  FROZEN: { settle: 'SETTLED', reverseAll: 'REVERSED' },
  SETTLED: { reverseAll: 'REVERSED' },
  REVERSED: {},
};

export function nextCommissionStatus(status: CommissionStatus, event: CommissionEvent): CommissionStatus | null {
  return COMMISSION_TRANSITIONS[status][event] ?? null;
}

const DAY_MS = 86_400_000;

/** When a completed order's commission settles: after its after-sale window (days) has closed. */
export function settlesAt(completedAt: Date, afterSaleDays: number): Date {
  return new Date(completedAt.getTime() + afterSaleDays * DAY_MS);
}

/** Whether it may settle now: complete, the window closed, and no after-sale still open on the order. */
export function maySettle(
  o: { completedAt: Date | null; openAfterSales: number },
  afterSaleDays: number,
  now: Date,
): boolean {
  return o.completedAt !== null && o.openAfterSales === 0 && settlesAt(o.completedAt, afterSaleDays) <= now;
}

/* ---- withdrawals ---- */

export type WithdrawalStatus = 'PENDING' | 'PAID' | 'REJECTED';
export const WITHDRAWAL_STATUS_NAMES: Record<WithdrawalStatus, string> = {
  PENDING: '审核中',
  PAID: '已打款',
  REJECTED: '已驳回',
};
export const WITHDRAWAL_TRANSITIONS: Record<
  WithdrawalStatus,
  Partial<Record<'approve' | 'reject', WithdrawalStatus>>
> = {
  PENDING: { approve: 'PAID', reject: 'REJECTED' },
  PAID: {},
  REJECTED: {},
};

/* ---- the new 推广 programme: levels and two tiers ---- */

export interface PromoterLevel {
  code: string;
  name: string;
  /** Reached with at least this much settled sales (fen) or this many direct members. */
  minSettledSalesFen: number;
  minTeamSize: number;
  directBasisPoints: number;
  indirectBasisPoints: number;
}

/**
 * The highest level whose bar a member clears by either measure; the first level (no bar) otherwise.
 * `levels` are in ascending order.
 */
export function levelFor(
  levels: readonly PromoterLevel[],
  m: { settledSalesFen: number; teamSize: number },
): PromoterLevel {
  let reached = levels[0]!;
  for (const l of levels) if (m.settledSalesFen >= l.minSettledSalesFen || m.teamSize >= l.minTeamSize) reached = l;
  return reached;
}

/**
 * A line's two commissions in 推广: the sharer's at the sharer's direct rate, and the sharer's
 * inviter's at the inviter's indirect rate; nothing for a tier that has no member.
 */
export function tierCommissions(
  paidFen: number,
  direct: PromoterLevel | null,
  indirect: PromoterLevel | null,
): { directFen: number; indirectFen: number } {
  const at = (bp: number) => (paidFen > 0 ? Math.floor((paidFen * bp) / FULL_RATE) : 0);
  return {
    directFen: direct ? at(direct.directBasisPoints) : 0,
    indirectFen: indirect ? at(indirect.indirectBasisPoints) : 0,
  };
}

/* ---- binding a visitor to a sharer ---- */

export interface BindingRequest {
  sharerId: string;
  buyerId: string;
  /** The sharer is an approved member of the programme now. */
  sharerActive: boolean;
  /** The buyer's binding today, if any, and when it was made. */
  current: { sharerId: string; boundAt: Date; permanent: boolean } | null;
  now: Date;
  windowDays: number;
}

export type BindingDecision = { bind: true } | { bind: false; reason: string };

/**
 * First touch wins: a buyer already bound to someone keeps that binding while it lasts (`windowDays`
 * in 分销; for ever in 推广, where the inviter is `permanent`); nobody is bound to themselves or to a
 * member who is not (or no longer) an approved sharer.
 */
export function bindingDecision(r: BindingRequest): BindingDecision {
  if (r.sharerId === r.buyerId) return { bind: false, reason: '不能绑定自己' };
  if (!r.sharerActive) return { bind: false, reason: '分享人不是有效的分销员' };
  if (r.current) {
    if (r.current.sharerId === r.sharerId) return { bind: false, reason: '已绑定该分享人' };
    const lasts = r.current.permanent || r.current.boundAt.getTime() + r.windowDays * DAY_MS > r.now.getTime();
    if (lasts) return { bind: false, reason: '已绑定其他分享人' };
  }
  return { bind: true };
}

/**
 * Whether an order earns its sharer anything: the buyer is bound to an active sharer, and (unless the
 * shop allows it) the sharer is not buying for themselves.
 */
export function earnsCommission(
  o: { buyerId: string; sharerId: string | null; sharerActive: boolean },
  selfPurchaseAllowed: boolean,
): boolean {
  if (!o.sharerId || !o.sharerActive) return false;
  return selfPurchaseAllowed || o.sharerId !== o.buyerId;
}
