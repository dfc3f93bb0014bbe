import { Code, type CouponTemplateStatus, type OpsCouponTemplate, type OpsGrantResult } from '@mall/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { goodsSummaries } from '../catalog/catalog.service.ts';
import { presentMemberCoupon, presentOpsTemplate } from './coupons.presenter.ts';
import * as repo from './coupons.repo.ts';
import type { TemplateInput } from './coupons.schema.ts';
import { claimInto } from './coupons.service.ts';
import { categoryNames } from './goods-scope.ts';

/** The console's 优惠券 (permission promotion:edit): templates, their figures, start/stop and grants. */

const invalid = (message: string) => new AppError(Code.COUPON_TEMPLATE_INVALID, message);

export async function opsPage(
  ctx: AppContext,
  q: repo.TemplateFilter & { pageNum: number; pageSize: number },
): Promise<{ list: OpsCouponTemplate[]; total: number; pageNum: number; pageSize: number }> {
  const { list, total } = await repo.templatePage(ctx.db, q, (q.pageNum - 1) * q.pageSize, q.pageSize);
  const figures = await repo.figures(ctx.db, list.map((t) => t.id));
  return { list: list.map((t) => presentOpsTemplate(t, figures.get(t.id))), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

async function found(ctx: AppContext, id: number) {
  const t = await repo.templateById(ctx.db, id);
  if (!t) throw new AppError(Code.COUPON_NOT_FOUND);
  return t;
}

export async function opsDetail(ctx: AppContext, id: number): Promise<OpsCouponTemplate> {
  const t = await found(ctx, id);
  return presentOpsTemplate(t, (await repo.figures(ctx.db, [t.id])).get(t.id));
}

/** The members' coupons of a template (who claimed, used, in which order). */
export async function opsTemplateCoupons(
  ctx: AppContext,
  q: { id: number; status?: string; pageNum: number; pageSize: number },
) {
  const t = await found(ctx, q.id);
  const where = sql`template_id = ${t.id} AND ${
    q.status === 'EXPIRED'
      ? sql`(status = 'EXPIRED' OR (status = 'UNUSED' AND valid_to <= now()))`
      : q.status === 'UNUSED'
        ? sql`(status = 'UNUSED' AND valid_to > now())`
        : q.status
          ? sql`status = ${q.status}`
          : sql`true`
  }`;
  const list = await ctx.db
    .select()
    .from(repo.memberCoupons)
    .where(where)
    .orderBy(sql`claimed_at DESC, id`)
    .offset((q.pageNum - 1) * q.pageSize)
    .limit(q.pageSize);
  const [count] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(repo.memberCoupons).where(where);
  return {
    list: list.map((c) => ({ ...presentMemberCoupon(c, t), memberId: c.memberId, grantedBy: c.grantedBy })),
    total: count?.n ?? 0,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

/** The stored columns of a template from the console's input (the other kind's fields cleared). */
async function columnsOf(ctx: AppContext, v: TemplateInput): Promise<Omit<repo.NewTemplate, 'totalQuantity'> & { totalQuantity: number }> {
  if (v.scope === 'CATEGORIES') {
    const known = await categoryNames(ctx, v.scopeIds);
    if (known.length !== v.scopeIds.length) throw invalid('所选分类不存在，请重新选择');
  } else if (v.scope === 'GOODS') {
    const known = await goodsSummaries(ctx, v.scopeIds);
    if (known.size !== v.scopeIds.length) throw invalid('所选商品不存在，请重新选择');
  }
  const full = v.kind === 'FULL_REDUCTION';
  const range = v.validityType === 'RANGE';
  return {
    name: v.name,
    description: v.description,
    kind: v.kind,
    thresholdFen: v.thresholdFen,
    amountFen: full ? v.amountFen! : 0,
    discountPercent: full ? null : v.discountPercent!,
    capFen: full ? null : v.capFen!,
    scope: v.scope,
    scopeIds: v.scope === 'ALL' ? [] : v.scopeIds,
    validityType: v.validityType,
    validFrom: range ? new Date(v.validFrom!) : null,
    validTo: range ? new Date(v.validTo!) : null,
    validDays: range ? null : v.validDays!,
    totalQuantity: v.totalQuantity,
    perMemberLimit: v.perMemberLimit,
    channel: v.channel,
  };
}

export async function createTemplate(ctx: AppContext, v: TemplateInput): Promise<OpsCouponTemplate> {
  const values = await columnsOf(ctx, v);
  if (values.validTo && values.validTo.getTime() <= Date.now()) throw invalid('失效时间须晚于当前时间');
  // 未发放 until the operator presses 开始发放: a new coupon is checked before any buyer can claim it.
  const t = await repo.insertTemplate(ctx.db, { ...values, status: 'DRAFT' });
  return presentOpsTemplate(t, undefined);
}

/** What decides what a claimed coupon is worth and where it applies: fixed once anyone has claimed it. */
const RULE_FIELDS = [
  'kind',
  'thresholdFen',
  'amountFen',
  'discountPercent',
  'capFen',
  'scope',
  'scopeIds',
  'validityType',
  'validFrom',
  'validTo',
  'validDays',
  'channel',
] as const;

const same = (a: unknown, b: unknown) =>
  a instanceof Date || b instanceof Date
    ? (a as Date | null)?.getTime() === (b as Date | null)?.getTime()
    : JSON.stringify(a) === JSON.stringify(b);

/**
 * Edits a template. Once a member holds one, its rule, scope, validity and channel stay as they
 * were (a coupon in a wallet must not change under its holder); name, description, total (not below
 * what was claimed) and the per-member limit may still change. Both guards are in the update itself.
 */
export async function updateTemplate(ctx: AppContext, id: number, v: TemplateInput) {
  const before = await found(ctx, id);
  const values = await columnsOf(ctx, v);
  const ruleChanged = RULE_FIELDS.some((k) => !same(before[k], values[k]));
  if (ruleChanged && before.claimedCount > 0) {
    throw invalid('已有会员领取，不能修改优惠规则、适用范围、有效期和领取方式');
  }
  if (values.totalQuantity < before.claimedCount) throw invalid(`发放总量不能少于已领取的 ${before.claimedCount} 张`);
  const t = await repo.updateTemplate(
    ctx.db,
    id,
    values,
    sql`${repo.couponTemplates.claimedCount} <= ${values.totalQuantity}${ruleChanged ? sql` AND ${repo.couponTemplates.claimedCount} = 0` : sql``}`,
  );
  if (!t) throw invalid('优惠券刚被领取，请刷新后重试');
  return { before: presentOpsTemplate(before, undefined), after: await opsDetail(ctx, t.id) };
}

/** 开始发放 and 停止发放, by the statuses each leaves from: 未发放 → 发放中 ⇄ 已停止. */
const STATUS_MOVES: Record<'ACTIVE' | 'STOPPED', readonly string[]> = { ACTIVE: ['DRAFT', 'STOPPED'], STOPPED: ['ACTIVE'] };

/** What the console is told when a template's status does not allow what it asked. */
const STATUS_STAYS: Record<CouponTemplateStatus, string> = {
  DRAFT: '该优惠券尚未开始发放',
  ACTIVE: '该优惠券已在发放中',
  STOPPED: '该优惠券已停止发放',
};

/** 开始发放 / 停止发放: conditional on the status it leaves, so a double click changes it once. */
export async function setStatus(ctx: AppContext, id: number, status: 'ACTIVE' | 'STOPPED') {
  const before = await found(ctx, id);
  if (!STATUS_MOVES[status].includes(before.status)) {
    throw new AppError(Code.COUPON_TEMPLATE_INVALID, STATUS_STAYS[before.status as CouponTemplateStatus]);
  }
  const t = await repo.updateTemplate(ctx.db, id, { status }, sql`${repo.couponTemplates.status} = ${before.status}`);
  if (!t) throw new AppError(Code.COUPON_TEMPLATE_INVALID, '优惠券状态已变化，请刷新后重试');
  return { before: before.status as CouponTemplateStatus, after: await opsDetail(ctx, id) };
}

const isForeignKeyViolation = (err: unknown) => {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, d = 0; e && d < 4; d++) {
    if (e.code === '23503') return true;
    e = e.cause as typeof e;
  }
  return false;
};

/**
 * 发放给指定会员: each member in their own transaction through the same claim as buyers (the
 * template's quantity and the per-member limit hold), stopped and ended templates refused.
 */
export async function grant(ctx: AppContext, id: number, memberIds: string[], by: string): Promise<OpsGrantResult> {
  const t = await found(ctx, id);
  if (t.status !== 'ACTIVE') throw new AppError(Code.COUPON_STOPPED, `${STATUS_STAYS[t.status as CouponTemplateStatus]}，请先开始发放`);
  let granted = 0;
  const skipped: OpsGrantResult['skipped'] = [];
  for (const memberId of memberIds) {
    try {
      await ctx.db.transaction((tx) =>
        claimInto(tx, { templateId: id, memberId, channels: [t.channel], source: 'GRANT', grantedBy: by }),
      );
      granted++;
    } catch (err) {
      if (isForeignKeyViolation(err)) skipped.push({ memberId, reason: '会员不存在' });
      else if (err instanceof AppError && err.code === Code.COUPON_LIMIT) skipped.push({ memberId, reason: '已达每人限领数量' });
      else if (err instanceof AppError && err.code === Code.COUPON_SOLD_OUT) skipped.push({ memberId, reason: '优惠券已发完' });
      else if (err instanceof AppError && err.code === Code.COUPON_STOPPED) skipped.push({ memberId, reason: err.message });
      else throw err;
    }
  }
  const after = await found(ctx, id);
  return { granted, skipped, remaining: Math.max(0, after.totalQuantity - after.claimedCount) };
}
