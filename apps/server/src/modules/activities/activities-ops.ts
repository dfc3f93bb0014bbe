import {
  Code,
  type ActivityAction,
  type ConsoleActivity,
  type ConsoleActivityPage,
  type ConsoleActivitySku,
} from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTx } from '../../lib/db.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { deductStock, restoreStock } from '../inventory/inventory.service.ts';
import { findTradeSkus, type TradeSku } from '../inventory/index.ts';
import {
  ACTIVITY_KIND_NAMES,
  ACTIVITY_STATUS_NAMES,
  BUYER_PHASE_NAMES,
  activityPrice,
  buyerPhase,
  nextActivityStatus,
  type ActivityMove,
} from './activity-rules.ts';
import type { ActivityInput } from './activities.schema.ts';
import * as repo from './activities.repo.ts';

/**
 * The console's 秒杀/活动 menu: drafts set up and changed freely; 排期 takes a 秒杀's units out of the
 * goods' stock (conditional updates, in SKU order, a shortfall refusing the whole schedule and naming
 * the goods) after checking no SKU is in another activity at the same time; 取消 before the start and
 * the end (the sweeper) give the unsold units back. Each move is one transaction on the locked row.
 */

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const dateOf = (v: Date | string) => (v instanceof Date ? v : new Date(v));
const windowOf = (a: repo.ActivityRow) => ({ startsAt: dateOf(a.starts_at), endsAt: dateOf(a.ends_at) });
/** The stock ledger's reference for an activity's reserve and release rows. */
export const activityRef = (id: number) => `ACT${id}`;

function presentSku(s: repo.ActivitySkuRow, sku: TradeSku | undefined): ConsoleActivitySku {
  const usual = sku?.priceFen ?? 0;
  return {
    skuId: s.sku_id,
    goodsId: s.goods_id,
    goodsName: sku?.goodsName ?? '',
    specText: sku?.specText ?? '',
    image: sku?.image ?? null,
    usualPriceFen: usual,
    goodsStock: sku?.stock ?? 0,
    priceFen: s.price_fen,
    percent: s.percent,
    activityPriceFen: activityPrice(usual, repo.ruleOf(s)) ?? null,
    stock: s.stock,
    sold: s.sold,
    returned: s.returned,
  };
}

function actionsOf(a: repo.ActivityRow, now: Date): ActivityAction[] {
  const can = (move: ActivityMove) => 'to' in nextActivityStatus(move, a.status, windowOf(a), now);
  const actions: ActivityAction[] = [];
  if (a.status === 'DRAFT') actions.push('update');
  if (can('schedule')) actions.push('schedule');
  if (can('cancel')) actions.push('cancel');
  return actions;
}

async function present(db: DbOrTx, list: repo.ActivityRow[], now = new Date()): Promise<ConsoleActivity[]> {
  const skuRows = await repo.skusOf(
    db,
    list.map((a) => a.id),
  );
  const skus = await findTradeSkus(
    db,
    skuRows.map((s) => s.sku_id),
  );
  return list.map((a) => {
    const own = skuRows.filter((s) => s.activity_id === a.id);
    const left = own.reduce((n, s) => n + s.stock, 0);
    const phase = buyerPhase(now, { ...windowOf(a), status: a.status, kind: a.kind }, left);
    return {
      id: a.id,
      kind: a.kind,
      kindText: ACTIVITY_KIND_NAMES[a.kind],
      title: a.title,
      startsAt: iso(a.starts_at),
      endsAt: iso(a.ends_at),
      perMemberLimit: a.per_member_limit,
      status: a.status,
      statusText: ACTIVITY_STATUS_NAMES[a.status],
      phase,
      phaseText: BUYER_PHASE_NAMES[phase],
      skus: own.map((s) => presentSku(s, skus.get(s.sku_id))),
      actions: actionsOf(a, now),
      createdAt: iso(a.created_at),
      updatedAt: iso(a.updated_at),
    };
  });
}

export async function opsPage(
  ctx: AppContext,
  q: repo.ActivityFilter & { pageNum: number; pageSize: number },
): Promise<ConsoleActivityPage> {
  const { list, total } = await repo.page(ctx.db, q, q.pageNum, q.pageSize);
  return { list: await present(ctx.db, list), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function opsDetail(ctx: AppContext, id: number): Promise<ConsoleActivity> {
  const row = await repo.findActivity(ctx.db, id);
  if (!row) throw notFound('活动不存在');
  return (await present(ctx.db, [row]))[0]!;
}

/** The SKUs checked against the catalogue: each exists, and each activity price is below its usual price. */
async function checkedSkus(db: DbOrTx, input: ActivityInput): Promise<repo.NewActivitySku[]> {
  const found = await findTradeSkus(
    db,
    input.skus.map((s) => s.skuId),
  );
  return input.skus.map((s, i) => {
    const sku = found.get(s.skuId);
    if (!sku) throw new AppError(Code.SKU_NOT_FOUND, `第 ${i + 1} 个活动商品的规格不存在`);
    const rule = repo.ruleOf({ price_fen: s.priceFen ?? null, percent: s.percent ?? null });
    if (rule.type === 'PRICE' && rule.priceFen >= sku.priceFen) {
      throw new AppError(Code.BAD_REQUEST, `“${sku.goodsName}”的活动价须低于原价 ¥${(sku.priceFen / 100).toFixed(2)}`);
    }
    if (activityPrice(sku.priceFen, rule) === undefined) throw new AppError(Code.BAD_REQUEST, `“${sku.goodsName}”打折后不低于原价`);
    return { skuId: s.skuId, goodsId: sku.goodsId, priceFen: s.priceFen ?? null, percent: s.percent ?? null, stock: s.stock };
  });
}

export async function create(ctx: AppContext, input: ActivityInput): Promise<ConsoleActivity> {
  const skus = await checkedSkus(ctx.db, input);
  const row = await ctx.db.transaction(async (tx) => {
    const made = await repo.insertActivity(tx, {
      kind: input.kind,
      title: input.title,
      startsAt: new Date(input.startsAt),
      endsAt: new Date(input.endsAt),
      perMemberLimit: input.perMemberLimit,
    });
    await repo.replaceSkus(tx, made.id, skus);
    return made;
  });
  return opsDetail(ctx, row.id);
}

/** A draft's fields and SKUs rewritten; once scheduled it is refused (its stock is reserved). */
export async function update(ctx: AppContext, id: number, input: ActivityInput) {
  const before = await opsDetail(ctx, id);
  if (before.kind !== input.kind) throw new AppError(Code.BAD_REQUEST, '活动类型创建后不能修改');
  const skus = await checkedSkus(ctx.db, input);
  await ctx.db.transaction(async (tx) => {
    const row = await repo.updateDraft(tx, id, {
      title: input.title,
      startsAt: new Date(input.startsAt),
      endsAt: new Date(input.endsAt),
      perMemberLimit: input.perMemberLimit,
    });
    if (!row) throw new AppError(Code.ACTIVITY_STATE, `该活动${before.statusText}，不能修改`);
    await repo.replaceSkus(tx, id, skus);
  });
  return { before, after: await opsDetail(ctx, id) };
}

function move(row: repo.ActivityRow, action: ActivityMove, now: Date) {
  const next = nextActivityStatus(action, row.status, windowOf(row), now);
  if ('refused' in next) throw new AppError(Code.ACTIVITY_STATE, next.refused);
  return next.to;
}

/** 排期: the activity goes live at its start; a 秒杀's units leave the goods' stock now. */
export async function schedule(ctx: AppContext, id: number, operator: { id: string | null; name: string }, now = new Date()) {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockActivity(tx, id);
    if (!row) throw notFound('活动不存在');
    const to = move(row, 'schedule', now);
    const skus = await repo.lockSkus(tx, id);
    if (row.kind === 'FLASH_SALE') {
      const names = await findTradeSkus(
        tx,
        skus.map((s) => s.sku_id),
      );
      for (const s of skus) {
        const entry = { kind: 'activity_reserve' as const, refNo: activityRef(id), actor: 'ops' as const, operator, reason: `秒杀「${row.title}」锁定库存` };
        if (!(await deductStock(tx, s.sku_id, s.stock, entry))) {
          const sku = names.get(s.sku_id);
          throw new AppError(
            Code.ACTIVITY_STOCK_SHORT,
            `“${sku?.goodsName ?? s.sku_id}”库存不足（剩 ${sku?.stock ?? 0} 件），不能锁定 ${s.stock} 件秒杀库存`,
          );
        }
      }
    }
    // After the SKUs' rows are locked (by the stock taken, or here), so two overlapping schedules decide in turn.
    const clash = await repo.overlapping(tx, id, skus.map((s) => s.sku_id), dateOf(row.starts_at), dateOf(row.ends_at));
    if (clash.length) throw new AppError(Code.ACTIVITY_OVERLAP, `所选商品规格已在同一时段的活动「${clash[0]!.title}」中`);
    if (!(await repo.setStatus(tx, id, row.status, to))) throw new AppError(Code.ACTIVITY_STATE);
  });
  return opsDetail(ctx, id);
}

/**
 * Gives a 秒杀's unsold units back to the goods' stock (cancel before the start, or the end), and
 * tells every server process to drop the session's sold-out marks (the database answers from now on).
 */
async function release(tx: DbOrTx, row: repo.ActivityRow, reason: string, operator: { id: string | null; name: string } | null) {
  if (row.kind !== 'FLASH_SALE' || row.status !== 'SCHEDULED') return;
  await repo.notifyStock(tx, { a: row.id, closed: true });
  for (const s of await repo.lockSkus(tx, row.id)) {
    if (s.stock <= 0) continue;
    await repo.releaseUnits(tx, row.id, s.sku_id, s.stock);
    await restoreStock(tx, s.sku_id, s.stock, { kind: 'activity_release', refNo: activityRef(row.id), actor: operator ? 'ops' : 'system', operator, reason });
  }
}

/** 取消: a draft, or a scheduled activity before its start (its 秒杀 units go back). */
export async function cancel(ctx: AppContext, id: number, operator: { id: string | null; name: string }, now = new Date()) {
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockActivity(tx, id);
    if (!row) throw notFound('活动不存在');
    const to = move(row, 'cancel', now);
    await release(tx, row, `活动「${row.title}」取消`, operator);
    if (!(await repo.setStatus(tx, id, row.status, to))) throw new AppError(Code.ACTIVITY_STATE);
  });
  return opsDetail(ctx, id);
}

/**
 * The sweeper's part: scheduled activities whose time is up end, their unsold 秒杀 units back in the
 * goods' stock; each in its own transaction on the locked row, so a second sweeper finds nothing to do.
 */
export async function endDue(ctx: AppContext, now = new Date(), batch = 50): Promise<number> {
  let ended = 0;
  for (const { id } of await repo.dueToEnd(ctx.db, now, batch)) {
    const done = await ctx.db.transaction(async (tx) => {
      const row = await repo.lockActivity(tx, id);
      if (!row || !('to' in nextActivityStatus('end', row.status, windowOf(row), now))) return false;
      await release(tx, row, `活动「${row.title}」结束`, null);
      return repo.setStatus(tx, id, 'SCHEDULED', 'ENDED');
    });
    if (done) ended += 1;
  }
  return ended;
}
