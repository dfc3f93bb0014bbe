import {
  Code,
  COMMISSION_STATUS_TEXT,
  DISTRIBUTION_PROGRAMME_NAMES,
  LEDGER_KIND_NAMES,
  WITHDRAWAL_METHOD_NAMES,
  WITHDRAWAL_STATUS_TEXT,
  maskName,
  type CommissionStatusCode,
  type ConsoleWithdrawal,
  type DistributionIncome,
  type DistributionLedgerEntry,
  type DistributionOrder,
  type DistributionOrderDetail,
  type DistributionPage,
  type DistributionProgramme,
  type LedgerKind,
  type PromoterLevelView,
  type WithdrawalMethod,
  type WithdrawalStatusCode,
  type WithdrawalView,
} from '@mall/shared';
import { distributionSettings } from './distribution-settings.ts';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTx } from '../../lib/db.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { openText, sealText } from '../../lib/secrets.ts';
import { memberDisplayNames } from '../accounts/accounts.service.ts';
import { balancesOf, ledgerOfCommissions, ledgerPage, moveBalance, type LedgerRow } from './balances.ts';
import { levelFor, percentText, withdrawalRefusal, type PromoterLevel } from './commission-rules.ts';
import { promoterLevels } from './commissions.ts';
import type { WithdrawInput } from './distribution.schema.ts';
import * as repo from './distribution.repo.ts';
import * as commissionsRepo from './commissions.repo.ts';
import * as withdrawalsRepo from './withdrawals.repo.ts';

/**
 * A member's side of the money: balances and their ledger, withdrawals (asked for by the member,
 * decided once by 财务 in the console), and the orders that earned them commission with each
 * line's state and history. Only an active member of the programme reads them, and only their own.
 */

export async function requireActive(db: DbOrTx, memberId: string, programme: DistributionProgramme) {
  const d = await repo.findDistributor(db, memberId, programme);
  if (d?.status !== 'ACTIVE')
    throw new AppError(
      Code.DISTRIBUTION_NOT_MEMBER,
      `您还不是${DISTRIBUTION_PROGRAMME_NAMES[programme]}计划的成员，请先申请加入`,
    );
  return d;
}

/** A 推广 member's standing now (settled direct sales, team) and the level it earns, as commission is paid. */
export async function promoterStandingOf(db: DbOrTx, memberId: string) {
  const [levels, standing] = await Promise.all([promoterLevels(db), commissionsRepo.promoterStanding(db, memberId)]);
  return { levels, standing, level: levelFor(levels, standing) };
}

const levelView = (l: PromoterLevel): PromoterLevelView => ({
  code: l.code,
  name: l.name,
  directRateText: percentText(l.directBasisPoints),
  indirectRateText: percentText(l.indirectBasisPoints),
});

export async function income(
  ctx: AppContext,
  memberId: string,
  programme: DistributionProgramme,
): Promise<DistributionIncome> {
  await requireActive(ctx.db, memberId, programme);
  const [balances, settings] = await Promise.all([
    balancesOf(ctx.db, memberId, programme),
    distributionSettings(ctx),
  ]);
  const base = {
    programme,
    programmeText: DISTRIBUTION_PROGRAMME_NAMES[programme],
    balances,
    minWithdrawFen: settings.minWithdrawFen,
  };
  if (programme === 'CLASSIC') return { ...base, level: null, nextLevel: null, settledSalesFen: null, teamSize: null };
  const { levels, standing, level } = await promoterStandingOf(ctx.db, memberId);
  const next = levels[levels.indexOf(level) + 1];
  return {
    ...base,
    level: levelView(level),
    nextLevel: next
      ? { ...levelView(next), minSettledSalesFen: next.minSettledSalesFen, minTeamSize: next.minTeamSize }
      : null,
    settledSalesFen: standing.settledSalesFen,
    teamSize: standing.teamSize,
  };
}

const presentEntry = (r: LedgerRow): DistributionLedgerEntry => ({
  id: r.id,
  kind: r.kind as LedgerKind,
  kindText: LEDGER_KIND_NAMES[r.kind as LedgerKind],
  amountFen: r.amountFen,
  note: r.note,
  orderNo: r.orderNo,
  after: {
    frozenFen: r.frozenAfter,
    availableFen: r.availableAfter,
    withdrawingFen: r.withdrawingAfter,
    withdrawnFen: r.withdrawnAfter,
    owedFen: r.owedAfter,
  },
  createdAt: r.createdAt.toISOString(),
});

export async function ledger(
  ctx: AppContext,
  memberId: string,
  q: { programme: DistributionProgramme; pageNum: number; pageSize: number },
): Promise<DistributionPage<DistributionLedgerEntry>> {
  await requireActive(ctx.db, memberId, q.programme);
  const { list, total } = await ledgerPage(ctx.db, memberId, q.programme, q.pageNum, q.pageSize);
  return { list: list.map(presentEntry), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/* ---- withdrawals ---- */

const sealBinding = (memberId: string) => `withdrawal-account:${memberId}`;
/** 6222 **** **** 1234 for a card, 138****8000 or a***@b.com for Alipay: enough to recognise, not to use. */
export function maskAccount(method: WithdrawalMethod, account: string): string {
  if (method === 'BANK') return `${account.slice(0, 4)} **** **** ${account.slice(-4)}`;
  if (account.includes('@')) return `${account[0]}***${account.slice(account.indexOf('@'))}`;
  return `${account.slice(0, 3)}****${account.slice(-4)}`;
}

function presentWithdrawal(w: withdrawalsRepo.WithdrawalRow): WithdrawalView {
  const method = w.method as WithdrawalMethod;
  const status = w.status as WithdrawalStatusCode;
  return {
    id: w.id,
    programme: w.programme as DistributionProgramme,
    amountFen: w.amountFen,
    method,
    methodText: WITHDRAWAL_METHOD_NAMES[method],
    accountName: w.accountName,
    bankName: w.bankName,
    accountMasked: w.accountMasked,
    status,
    statusText: WITHDRAWAL_STATUS_TEXT[status],
    payoutRef: w.payoutRef,
    rejectReason: w.rejectReason,
    createdAt: w.createdAt.toISOString(),
    reviewedAt: w.reviewedAt?.toISOString() ?? null,
  };
}

/** 提现: the amount leaves 可提现 for 提现中 with the request, in one transaction on the locked account. */
export async function withdraw(ctx: AppContext, memberId: string, input: WithdrawInput): Promise<WithdrawalView> {
  await requireActive(ctx.db, memberId, input.programme);
  const { minWithdrawFen } = await distributionSettings(ctx);
  return ctx.db.transaction(async (tx) => {
    const made = await withdrawalsRepo.insertWithdrawal(tx, {
      memberId,
      programme: input.programme,
      amountFen: input.amountFen,
      method: input.method,
      accountName: input.accountName,
      bankName: input.method === 'BANK' ? input.bankName! : null,
      accountCipher: sealText(ctx.secrets, sealBinding(memberId), input.accountNo),
      accountMasked: maskAccount(input.method, input.accountNo),
    });
    // Checked here for the minimum, and again by moveBalance on the locked account: two requests for
    // the whole balance at once take it once (the second is refused and its row rolled back).
    const refusal = withdrawalRefusal(input.amountFen, minWithdrawFen, await balancesOf(tx, memberId, input.programme));
    if (refusal) throw new AppError(Code.BAD_REQUEST, refusal);
    await moveBalance(
      tx,
      memberId,
      input.programme,
      { kind: 'WITHDRAW', amountFen: input.amountFen },
      { withdrawalId: made.id, note: `提现到${WITHDRAWAL_METHOD_NAMES[input.method]} ${made.accountMasked}` },
    );
    return presentWithdrawal(made);
  });
}

export async function myWithdrawals(
  ctx: AppContext,
  memberId: string,
  q: { programme: DistributionProgramme; pageNum: number; pageSize: number },
) {
  await requireActive(ctx.db, memberId, q.programme);
  const { list, total } = await withdrawalsRepo.pageWithdrawals(
    ctx.db,
    { memberId, programme: q.programme },
    q.pageNum,
    q.pageSize,
  );
  return { list: list.map(presentWithdrawal), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/* ---- the console: 提现审核 (财务) ---- */

async function forConsole(db: DbOrTx, rows: withdrawalsRepo.WithdrawalRow[]): Promise<ConsoleWithdrawal[]> {
  const names = await memberDisplayNames(
    db,
    rows.map((r) => r.memberId),
  );
  return rows.map((r) => ({
    ...presentWithdrawal(r),
    memberId: r.memberId,
    memberName: names.get(r.memberId)?.name ?? '会员',
    reviewedBy: r.reviewedBy,
    actions: r.status === 'PENDING' ? ['approve', 'reject'] : [],
  }));
}

export async function opsWithdrawalPage(
  ctx: AppContext,
  q: { programme?: DistributionProgramme; status?: string; pageNum: number; pageSize: number },
) {
  const { list, total } = await withdrawalsRepo.pageWithdrawals(ctx.db, q, q.pageNum, q.pageSize);
  return { list: await forConsole(ctx.db, list), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/** The whole account number, for the operator who pays it out (the console shows it on request, audited). */
export async function opsWithdrawalAccount(ctx: AppContext, id: number) {
  const w = await withdrawalsRepo.findWithdrawal(ctx.db, id);
  if (!w) throw notFound('提现申请不存在');
  return { id, accountNo: openText(ctx.secrets, sealBinding(w.memberId), w.accountCipher) };
}

async function decide(
  ctx: AppContext,
  id: number,
  to: 'PAID' | 'REJECTED',
  by: string,
  detail: { payoutRef?: string; rejectReason?: string },
) {
  await ctx.db.transaction(async (tx) => {
    const w = await withdrawalsRepo.decideWithdrawal(tx, id, to, by, detail);
    if (!w) {
      const now = await withdrawalsRepo.findWithdrawal(tx, id);
      if (!now) throw notFound('提现申请不存在');
      throw new AppError(
        Code.BAD_REQUEST,
        `该提现申请${WITHDRAWAL_STATUS_TEXT[now.status as WithdrawalStatusCode]}，不能再审核`,
      );
    }
    const kind = to === 'PAID' ? 'WITHDRAW_PAID' : 'WITHDRAW_REJECTED';
    const note = to === 'PAID' ? `已打款，流水号 ${detail.payoutRef}` : `驳回：${detail.rejectReason}`;
    await moveBalance(
      tx,
      w.memberId,
      w.programme as DistributionProgramme,
      { kind, amountFen: w.amountFen },
      { withdrawalId: w.id, note },
    );
  });
  const row = await withdrawalsRepo.findWithdrawal(ctx.db, id);
  return (await forConsole(ctx.db, [row!]))[0]!;
}

export const approveWithdrawal = (ctx: AppContext, id: number, payoutRef: string, by: string) =>
  decide(ctx, id, 'PAID', by, { payoutRef });
export const rejectWithdrawal = (ctx: AppContext, id: number, reason: string, by: string) =>
  decide(ctx, id, 'REJECTED', by, { rejectReason: reason });

/* ---- the orders that earned commission ---- */

function presentOrders(
  lines: commissionsRepo.CommissionRow[],
  buyerNames: Map<string, { name: string }>,
): DistributionOrder[] {
  const byOrder = new Map<string, commissionsRepo.CommissionRow[]>();
  for (const l of lines) byOrder.set(l.orderNo, [...(byOrder.get(l.orderNo) ?? []), l]);
  return [...byOrder.entries()].map(([orderNo, list]) => {
    const statuses = new Set(list.map((l) => l.status));
    return {
      orderNo,
      buyerName: maskName(buyerNames.get(list[0]!.buyerId)?.name ?? '会员'),
      createdAt: list[0]!.createdAt.toISOString(),
      lines: list.map((l) => ({
        commissionId: l.id,
        tier: l.tier as 'DIRECT' | 'INDIRECT',
        tierText: l.tier === 'DIRECT' ? '直接推广' : '间接推广',
        goodsId: l.goodsId,
        skuId: l.skuId,
        goodsName: l.goodsName,
        specText: l.specText,
        image: l.image,
        quantity: l.quantity,
        paidFen: l.paidFen,
        refundedFen: l.refundedFen,
        ruleText: l.ruleText,
        commissionFen: l.commissionFen,
        reversedFen: l.reversedFen,
        status: l.status as CommissionStatusCode,
        statusText: COMMISSION_STATUS_TEXT[l.status as CommissionStatusCode],
      })),
      netCommissionFen: list.reduce((s, l) => s + l.commissionFen - l.reversedFen, 0),
      statusText: statuses.has('FROZEN') ? '冻结中' : statuses.has('SETTLED') ? '已结算' : '已退回',
    };
  });
}

export async function distributionOrders(
  ctx: AppContext,
  memberId: string,
  q: {
    programme: DistributionProgramme;
    status?: CommissionStatusCode;
    from?: Date;
    to?: Date;
    pageNum: number;
    pageSize: number;
  },
): Promise<DistributionPage<DistributionOrder>> {
  await requireActive(ctx.db, memberId, q.programme);
  const { orderIds, lines, total } = await commissionsRepo.orderPage(
    ctx.db,
    { earnerId: memberId, ...q },
    q.pageNum,
    q.pageSize,
  );
  const names = await memberDisplayNames(
    ctx.db,
    lines.map((l) => l.buyerId),
  );
  const orders = presentOrders(lines, names);
  const orderNoOf = new Map(lines.map((l) => [l.orderId, l.orderNo]));
  const ordered = orderIds.map((id) => orders.find((o) => o.orderNo === orderNoOf.get(id))!).filter(Boolean);
  return { list: ordered, total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function distributionOrderDetail(
  ctx: AppContext,
  memberId: string,
  programme: DistributionProgramme,
  orderNo: string,
): Promise<DistributionOrderDetail> {
  await requireActive(ctx.db, memberId, programme);
  const lines = await commissionsRepo.ofOrderFor(ctx.db, memberId, programme, orderNo);
  if (!lines.length) throw notFound('分销订单不存在');
  const names = await memberDisplayNames(ctx.db, [lines[0]!.buyerId]);
  const [order] = presentOrders(lines, names);
  const nameOf = new Map(lines.map((l) => [l.id, l.goodsName]));
  const history = (
    await ledgerOfCommissions(
      ctx.db,
      lines.map((l) => l.id),
    )
  ).map((r) => ({
    at: r.createdAt.toISOString(),
    kind: r.kind as LedgerKind,
    kindText: LEDGER_KIND_NAMES[r.kind as LedgerKind],
    amountFen: r.amountFen,
    note: r.note,
    goodsName: nameOf.get(r.commissionId!) ?? '',
  }));
  return { ...order!, history };
}
