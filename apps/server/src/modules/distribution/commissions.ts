import { asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DistributionProgramme } from '@mall/shared';
import { promoterLevels as promoterLevelsTable } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTx } from '../../lib/db.ts';
import { badRequest } from '../../lib/errors.ts';
import { int, text } from '../../lib/validation.ts';
import { ordersWithOpenAfterSales } from '../orders/orders.service.ts';
import type { OrderItemRow, OrderRow } from '../orders/index.ts';
import { afterSaleWindow } from '../orders/index.ts';
import { moveBalance } from './balances.ts';
import { type DistributionSettings, distributionSettings } from './distribution-settings.ts';
import {
  lineCommission,
  levelFor,
  nextCommissionStatus,
  percentText,
  reversalFor,
  tierCommissions,
  type CommissionStatus,
  type PromoterLevel,
} from './commission-rules.ts';
import { ruleOf, ruleText } from './distribution-goods.ts';
import * as repo from './distribution.repo.ts';
import * as commissionsRepo from './commissions.repo.ts';
import * as sharing from './sharing.repo.ts';

/**
 * Commission follows the order (through the distribution subscriber in flows/): each paid line of a
 * distribution goods earns its sharer (and in 推广 the sharer's inviter) a commission, 冻结中; the
 * order's completion sets when it settles (分销: when the after-sale window closes; 推广: the
 * settlement days); a refund takes back its share, from 冻结中 or, once settled, from 可提现 and then
 * as 待扣回. Each line's commission is made once (a unique row) and each balance change is a ledger row.
 */

const DAY_MS = 86_400_000;
const PROGRAMMES: readonly DistributionProgramme[] = ['CLASSIC', 'PROMOTER'];

async function activeIn(db: DbOrTx, memberId: string | null | undefined, programme: DistributionProgramme) {
  if (!memberId) return null;
  const d = await repo.findDistributor(db, memberId, programme);
  return d?.status === 'ACTIVE' ? d : null;
}

/**
 * Who earns on a buyer's order in a programme: a distributor buying for themselves earns only when
 * the shop allows 自购返佣 (and then nobody else does); otherwise the sharer the buyer is bound to,
 * while the binding lasts. 推广 adds the sharer's inviter.
 */
async function earnersFor(
  db: DbOrTx,
  programme: DistributionProgramme,
  buyerId: string,
  paidAt: Date,
  settings: Pick<DistributionSettings, 'selfPurchase' | 'bindingDays'>,
) {
  let direct = await activeIn(db, buyerId, programme);
  if (direct && !settings.selfPurchase) return null;
  if (!direct) {
    const binding = await sharing.findBinding(db, buyerId, programme);
    const lasts =
      binding && (binding.permanent || binding.boundAt.getTime() + settings.bindingDays * DAY_MS > paidAt.getTime());
    direct = lasts ? await activeIn(db, binding.sharerId, programme) : null;
  }
  if (!direct) return null;
  const indirect = programme === 'PROMOTER' ? await activeIn(db, direct.inviterId, programme) : null;
  return { direct: direct.memberId, indirect: indirect?.memberId ?? null };
}

async function levelOf(db: DbOrTx, levels: PromoterLevel[], memberId: string | null) {
  return memberId ? levelFor(levels, await commissionsRepo.promoterStanding(db, memberId)) : null;
}

export async function promoterLevels(db: DbOrTx): Promise<PromoterLevel[]> {
  return (await sharing.levels(db)).map(levelOfRow);
}

const rate = (label: string) =>
  int(label, { min: 0, max: 5000, minMessage: `${label}须在 0%–50% 之间`, maxMessage: `${label}须在 0%–50% 之间` });

const levelInput = z.object(
  {
    code: text('等级编码', { min: 1, max: 16, pattern: /^[A-Z_]{2,16}$/, patternMessage: '等级编码格式不正确' }),
    name: text('等级名称', { min: 1, max: 10 }),
    minSettledSalesFen: int('已结算销售额门槛', { min: 0, max: 2_000_000_000 }),
    minTeamSize: int('团队人数门槛', { min: 0, max: 1_000_000 }),
    directBasisPoints: rate('直接推广佣金比例'),
    indirectBasisPoints: rate('间接推广佣金比例'),
  },
  { error: '推广等级格式不正确' },
);

/**
 * POST /ops/distribution/levels/save: every level, in order, with its name, rates and thresholds.
 * The first level is where every promoter starts (no threshold); each later one asks more settled
 * sales and a larger team than the one before; names are unique.
 */
export const promoterLevelsBody = z
  .object({
    levels: z
      .array(levelInput, { error: '推广等级格式不正确' })
      .min(1, '请至少保留一个推广等级')
      .max(10, '推广等级最多 10 个'),
  })
  .superRefine(({ levels }, ctx) => {
    const say = (message: string, path: (string | number)[]) => ctx.addIssue({ code: 'custom', message, path });
    if (new Set(levels.map((l) => l.name)).size !== levels.length) say('等级名称不能重复', ['levels']);
    if (new Set(levels.map((l) => l.code)).size !== levels.length) say('等级编码不能重复', ['levels']);
    const [first] = levels;
    if (first && (first.minSettledSalesFen !== 0 || first.minTeamSize !== 0))
      say(`第一个等级“${first.name}”是推广员的起始等级，门槛须为 0`, ['levels', 0]);
    levels.forEach((l, i) => {
      const prev = levels[i - 1];
      if (i > 0 && prev && (l.minSettledSalesFen <= prev.minSettledSalesFen || l.minTeamSize <= prev.minTeamSize))
        say(`“${l.name}”的门槛须高于上一等级“${prev.name}”`, ['levels', i]);
    });
  });
export type PromoterLevelsInput = z.output<typeof promoterLevelsBody>;

/**
 * Saves the levels' names, rates and thresholds (the set of levels is fixed: the same codes in the
 * same order). One transaction on the locked rows; names go through a temporary value first so two
 * levels may swap names under the unique index. Commission already earned keeps its amount; the new
 * rates apply to orders paid from now on.
 */
export async function savePromoterLevels(db: DbOrTx, input: PromoterLevelsInput) {
  return db.transaction(async (tx) => {
    const before = await tx.select().from(promoterLevelsTable).orderBy(asc(promoterLevelsTable.sort)).for('update');
    const codes = before.map((l) => l.code);
    if (codes.length !== input.levels.length || input.levels.some((l, i) => l.code !== codes[i]))
      throw badRequest('推广等级已被修改，请刷新后重新编辑');
    for (const l of input.levels)
      await tx
        .update(promoterLevelsTable)
        .set({ name: sql`'~' || ${promoterLevelsTable.code}` })
        .where(eq(promoterLevelsTable.code, l.code));
    for (const l of input.levels)
      await tx
        .update(promoterLevelsTable)
        .set({
          name: l.name,
          minSettledSalesFen: l.minSettledSalesFen,
          minTeamSize: l.minTeamSize,
          directBasisPoints: l.directBasisPoints,
          indirectBasisPoints: l.indirectBasisPoints,
        })
        .where(eq(promoterLevelsTable.code, l.code));
    return { before: before.map(levelOfRow), after: await promoterLevels(tx) };
  });
}

const levelOfRow = (l: sharing.LevelRow): PromoterLevel => ({
  code: l.code,
  name: l.name,
  minSettledSalesFen: l.minSettledSalesFen,
  minTeamSize: l.minTeamSize,
  directBasisPoints: l.directBasisPoints,
  indirectBasisPoints: l.indirectBasisPoints,
});

/** The commissions of a paid order, once per line and tier, each 冻结中 with its ledger row. */
export async function earnForPaidOrder(tx: DbOrTx, order: OrderRow, items: OrderItemRow[]) {
  const paidAt = order.paidAt ?? new Date();
  const settings = await distributionSettings({ db: tx });
  for (const programme of PROGRAMMES) {
    const earners = await earnersFor(tx, programme, order.memberId, paidAt, settings);
    if (!earners) continue;
    const rules = new Map(
      (
        await sharing.skuRules(
          tx,
          programme,
          items.map((i) => i.skuId),
        )
      ).map((r) => [r.skuId, r]),
    );
    const levels = programme === 'PROMOTER' ? await promoterLevels(tx) : [];
    const [directLevel, indirectLevel] = await Promise.all([
      levelOf(tx, levels, programme === 'PROMOTER' ? earners.direct : null),
      levelOf(tx, levels, earners.indirect),
    ]);
    for (const item of items) {
      const row = rules.get(item.skuId);
      if (!row) continue;
      const earned: { earnerId: string; tier: 'DIRECT' | 'INDIRECT'; fen: number; rule: string }[] = [];
      if (programme === 'CLASSIC') {
        const rule = ruleOf(row);
        if (rule)
          earned.push({
            earnerId: earners.direct,
            tier: 'DIRECT',
            fen: lineCommission(rule, item.paidShare, item.quantity),
            rule: ruleText(rule),
          });
      } else {
        const fen = tierCommissions(item.paidShare, directLevel, indirectLevel);
        earned.push({
          earnerId: earners.direct,
          tier: 'DIRECT',
          fen: fen.directFen,
          rule: `${directLevel!.name} ${percentText(directLevel!.directBasisPoints)}`,
        });
        if (earners.indirect)
          earned.push({
            earnerId: earners.indirect,
            tier: 'INDIRECT',
            fen: fen.indirectFen,
            rule: `${indirectLevel!.name} 间接 ${percentText(indirectLevel!.indirectBasisPoints)}`,
          });
      }
      for (const e of earned.filter((x) => x.fen > 0)) {
        const made = await commissionsRepo.insertCommission(tx, {
          programme,
          earnerId: e.earnerId,
          tier: e.tier,
          orderId: order.id,
          orderNo: order.orderNo,
          orderItemId: item.id,
          buyerId: order.memberId,
          goodsId: item.goodsId,
          skuId: item.skuId,
          goodsName: item.name,
          specText: item.specText,
          image: item.image,
          quantity: item.quantity,
          paidFen: item.paidShare,
          ruleText: e.rule,
          commissionFen: e.fen,
        });
        if (made)
          await moveBalance(
            tx,
            e.earnerId,
            programme,
            { kind: 'EARN', amountFen: e.fen },
            { commissionId: made.id, orderNo: order.orderNo, note: '订单付款，佣金冻结中' },
          );
      }
    }
  }
}

/** The completed order's commissions get their settlement moment. */
export async function scheduleSettlement(tx: DbOrTx, order: OrderRow) {
  const completedAt = order.completedAt ?? new Date();
  const window = await afterSaleWindow({ db: tx });
  const classicAt = window.endsAt(completedAt);
  await commissionsRepo.setSettleAfter(tx, order.id, 'CLASSIC', classicAt);
  const { settleDays } = await distributionSettings({ db: tx });
  await commissionsRepo.setSettleAfter(tx, order.id, 'PROMOTER', new Date(completedAt.getTime() + settleDays * DAY_MS));
}

/** A refund of `amountFen` on a line takes back the commissions' share of it (running totals, so rounding never drifts). */
export async function reverseForRefund(tx: DbOrTx, item: OrderItemRow, amountFen: number, orderNo: string) {
  for (const c of await commissionsRepo.lockForItem(tx, item.id)) {
    if (c.status === 'REVERSED') continue;
    const refunded = c.refundedFen + amountFen;
    const back = reversalFor(c.commissionFen, c.paidFen, refunded, c.reversedFen);
    const reversed = c.reversedFen + back;
    const status =
      reversed >= c.commissionFen
        ? (nextCommissionStatus(c.status as CommissionStatus, 'reverseAll') ?? c.status)
        : c.status;
    await commissionsRepo.recordRefund(tx, c.id, refunded, reversed, status);
    if (back > 0) {
      const kind = c.status === 'SETTLED' ? 'REVERSE_SETTLED' : 'REVERSE_FROZEN';
      await moveBalance(
        tx,
        c.earnerId,
        c.programme as DistributionProgramme,
        { kind, amountFen: back },
        { commissionId: c.id, orderNo, note: '订单退款，佣金扣回' },
      );
    }
  }
}

/**
 * Settles the frozen commissions whose moment has come (the order sweeper calls this): each claimed
 * with SKIP LOCKED and moved by a conditional update, so two sweeps settle it once; an order with an
 * after-sale still open waits for the next sweep.
 */
export async function settleDue(ctx: AppContext, now = new Date(), batch = 50): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const due = await commissionsRepo.claimDue(tx, now, batch);
    const open = await ordersWithOpenAfterSales(
      tx,
      due.map((c) => c.orderId),
    );
    let settled = 0;
    for (const c of due) if (!open.has(c.orderId) && (await settleCommission(tx, c))) settled++;
    return settled;
  });
}

/** One frozen commission settled: a conditional update, so settling twice settles once, and its ledger move. */
export async function settleCommission(tx: DbOrTx, c: commissionsRepo.CommissionRow): Promise<boolean> {
  if (!(await commissionsRepo.markSettled(tx, c.id))) return false;
  const amount = c.commissionFen - c.reversedFen;
  if (amount > 0)
    await moveBalance(
      tx,
      c.earnerId,
      c.programme as DistributionProgramme,
      { kind: 'SETTLE', amountFen: amount },
      { commissionId: c.id, orderNo: c.orderNo, note: '售后期已过，佣金可提现' },
    );
  return true;
}
