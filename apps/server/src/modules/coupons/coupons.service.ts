import {
  Code,
  COUPON_EXPIRING_SOON_DAYS,
  formatFen,
  type ClaimableCoupon,
  type ClaimableCouponList,
  type CheckoutCouponOption,
  type ClaimResult,
  type CouponChannel,
  type CouponGoodsInfo,
  type MemberCouponPage,
  type MemberCouponTab,
} from '@mall/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTx } from '../../lib/db.ts';
import { AppError } from '../../lib/errors.ts';
import { cartLines } from '../cart/cart.service.ts';
import { chooseBest, evaluate, inScope, returnedStatus, validityOf, type CouponLine, type HeldCoupon, type Verdict } from './coupon-rules.ts';
import { presentClaimable, presentMemberCoupon, ruleOf } from './coupons.presenter.ts';
import * as repo from './coupons.repo.ts';
import { categoryNames, categoryPathsOfGoods, goodsCategoryPaths } from './goods-scope.ts';

/** Channels a buyer claims from: 领券中心 coupons show on goods detail too; GOODS ones only there. */
const BUYER_CHANNELS: CouponChannel[] = ['CENTER', 'GOODS'];

/* ---- 领券中心 and the goods detail's 领券 ---- */

/** The 领券中心: coupons on offer, with this member's state (a visitor sees them as claimable). */
export async function center(ctx: AppContext, memberId: string | null): Promise<ClaimableCouponList> {
  const templates = await repo.liveTemplates(ctx.db, ['CENTER']);
  const mine = memberId ? await repo.countsOfMember(ctx.db, memberId, templates.map((t) => t.id)) : new Map();
  return { list: templates.map((t) => presentClaimable(t, mine.get(t.id) ?? 0)) };
}

/** The coupons on offer that apply to a goods (the 领券 popover of goods detail). */
export async function forGoods(ctx: AppContext, memberId: string | null, goodsId: number): Promise<ClaimableCouponList> {
  const path = (await goodsCategoryPaths(ctx, [goodsId])).get(goodsId);
  if (!path) throw new AppError(Code.GOODS_NOT_FOUND, '商品不存在');
  const templates = (await repo.liveTemplates(ctx.db, BUYER_CHANNELS)).filter((t) =>
    inScope(ruleOf(t), { goodsId, categoryPath: path }),
  );
  const mine = memberId ? await repo.countsOfMember(ctx.db, memberId, templates.map((t) => t.id)) : new Map();
  return { list: templates.map((t) => presentClaimable(t, mine.get(t.id) ?? 0)) };
}

/**
 * Coupons by template id as buyers may claim them (an activity page's 领券 block), with this member's
 * state; only 领券中心 and goods-detail coupons are claimable by buyers, others are left out. `live`
 * is false for a stopped or expired one (the page hides it; the console refuses to save it).
 */
export async function claimableByIds(
  ctx: AppContext,
  memberId: string | null,
  ids: number[],
): Promise<Map<number, { coupon: ClaimableCoupon; live: boolean }>> {
  const found = [...(await repo.templatesByIds(ctx.db, ids)).values()].filter((t) => (BUYER_CHANNELS as string[]).includes(t.channel));
  const mine = memberId ? await repo.countsOfMember(ctx.db, memberId, found.map((t) => t.id)) : new Map<number, number>();
  const now = new Date();
  return new Map(
    found.map((t) => [
      t.id,
      {
        coupon: presentClaimable(t, mine.get(t.id) ?? 0),
        live: t.status === 'ACTIVE' && (t.validityType === 'DAYS' || (t.validTo !== null && t.validTo > now)),
      },
    ]),
  );
}

/** Why a claim of this template was refused, read after the conditional update found nothing. */
async function refusalOf(db: DbOrTx, templateId: number, channels: string[]): Promise<AppError> {
  const t = await repo.templateById(db, templateId);
  if (!t) return new AppError(Code.COUPON_NOT_FOUND);
  if (!channels.includes(t.channel)) return new AppError(Code.COUPON_NOT_CLAIMABLE);
  if (t.status === 'DRAFT') return new AppError(Code.COUPON_STOPPED, '该优惠券尚未开始发放');
  if (t.status !== 'ACTIVE') return new AppError(Code.COUPON_STOPPED);
  if (t.validityType === 'RANGE' && t.validTo! <= new Date()) return new AppError(Code.COUPON_STOPPED, '该优惠券已过期，不能领取');
  return new AppError(Code.COUPON_SOLD_OUT);
}

/**
 * Gives a member one coupon of a template, inside `tx`: the template's conditional update takes a
 * slot (and locks its row, so racing claims decide in turn), then the member's count is read under
 * that lock; past the limit the whole transaction is refused and the slot with it.
 */
export async function claimInto(
  tx: DbOrTx,
  p: { templateId: number; memberId: string; channels: string[]; source?: CouponChannel; grantedBy?: string },
) {
  const t = await repo.takeSlot(tx, p.templateId, p.channels);
  if (!t) throw await refusalOf(tx, p.templateId, p.channels);
  const had = await repo.countOfMember(tx, t.id, p.memberId);
  if (had >= t.perMemberLimit) {
    throw new AppError(Code.COUPON_LIMIT, `每人限领 ${t.perMemberLimit} 张，您已领取过了`);
  }
  const now = new Date();
  const row = await repo.insertCoupon(tx, {
    templateId: t.id,
    memberId: p.memberId,
    source: p.source ?? t.channel,
    ...validityOf(t, now),
    claimedAt: now,
    grantedBy: p.grantedBy ?? null,
  });
  return { template: t, coupon: row, had: had + 1 };
}

export async function claim(ctx: AppContext, memberId: string, templateId: number): Promise<ClaimResult> {
  const done = await ctx.db.transaction((tx) =>
    claimInto(tx, { templateId, memberId, channels: BUYER_CHANNELS }),
  );
  const view = presentClaimable(done.template, done.had);
  return {
    coupon: presentMemberCoupon(done.coupon, done.template),
    state: view.state,
    remaining: view.remaining,
  };
}

/* ---- 我的优惠券 ---- */

export async function myCoupons(
  ctx: AppContext,
  memberId: string,
  q: { tab: MemberCouponTab; pageNum: number; pageSize: number },
): Promise<MemberCouponPage> {
  const [list, counts] = await Promise.all([
    repo.memberPage(ctx.db, memberId, q.tab, (q.pageNum - 1) * q.pageSize, q.pageSize),
    repo.memberCounts(ctx.db, memberId, COUPON_EXPIRING_SOON_DAYS),
  ]);
  const templates = await repo.templatesByIds(ctx.db, list.map((c) => c.templateId));
  const now = new Date();
  return {
    list: list.map((c) => presentMemberCoupon(c, templates.get(c.templateId)!, now)),
    total: q.tab === 'UNUSED' ? counts.unused : q.tab === 'USED' ? counts.used : counts.expired,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    counts: { UNUSED: counts.unused, USED: counts.used, EXPIRED: counts.expired },
    expiringSoonCount: counts.soon,
  };
}

async function ownCoupon(ctx: AppContext, memberId: string, couponId: string) {
  const c = await repo.findOfMember(ctx.db, memberId, couponId);
  if (!c) throw new AppError(Code.COUPON_NOT_FOUND);
  const t = (await repo.templateById(ctx.db, c.templateId))!;
  return { c, t };
}

/** A cart or order line as coupons read it. */
export interface CouponCartLine {
  goodsId: number;
  payableFen: number;
}

/** Each goods' category path (its category known to the caller), from the catalogue's cached tree. */
export const categoryPathsOf = (ctx: AppContext, goods: { goodsId: number; categoryId: number }[]) =>
  categoryPathsOfGoods(ctx, goods);

export type { CouponLine };

async function withPaths(ctx: AppContext, lines: CouponCartLine[]): Promise<CouponLine[]> {
  const paths = await goodsCategoryPaths(ctx, lines.map((l) => l.goodsId));
  return lines.map((l) => ({ ...l, categoryPath: paths.get(l.goodsId) ?? [] }));
}

/**
 * The member's unused coupons weighed against some lines (the shopping assistant's "which coupons fit
 * my cart"): each with whether it is usable now, its discount, or the reason it is not. Reads only.
 */
export async function optionsForLines(ctx: AppContext, memberId: string, lines: CouponCartLine[]): Promise<CheckoutCouponOption[]> {
  const { options } = await checkoutOptions(ctx.db, memberId, await withPaths(ctx, lines));
  return options.map(presentOption);
}

/** What /couponGoodsList shows above the goods: the rule, its scope and how far the cart is from it. */
export async function couponGoodsInfo(ctx: AppContext, memberId: string, couponId: string): Promise<CouponGoodsInfo> {
  const { c, t } = await ownCoupon(ctx, memberId, couponId);
  const rule = ruleOf(t);
  const cart = (await cartLines(ctx.db, memberId)).filter((l) => l.selected && l.purchasable);
  const lines = await withPaths(
    ctx,
    cart.map((l) => ({ goodsId: l.goodsId, payableFen: l.lineAmount })),
  );
  const inScopeAmount = lines.filter((l) => inScope(rule, l)).reduce((a, l) => a + l.payableFen, 0);
  const shortFen = Math.max(0, t.thresholdFen - inScopeAmount);
  const verdict = evaluate(held(c, t), lines, new Date());
  return {
    coupon: presentMemberCoupon(c, t),
    scope: {
      type: rule.scope,
      categories: rule.scope === 'CATEGORIES' ? await categoryNames(ctx, rule.scopeIds) : [],
      goodsIds: rule.scope === 'GOODS' ? [...rule.scopeIds] : [],
    },
    cart: {
      inScopeAmount,
      shortFen,
      hint:
        inScopeAmount === 0
          ? '去挑选适用的商品吧'
          : shortFen > 0
            ? `还差${formatFen(shortFen)}可用`
            : '已满足使用条件，去结算',
      discountFen: verdict.usable ? verdict.discountFen : 0,
    },
  };
}

/* ---- checkout ---- */

const held = (c: repo.MemberCouponRow, t: repo.CouponTemplateRow): HeldCoupon => ({
  id: c.id,
  rule: ruleOf(t),
  status: c.status,
  validFrom: c.validFrom,
  validTo: c.validTo,
});

export interface CouponOption {
  coupon: HeldCoupon;
  row: repo.MemberCouponRow;
  template: repo.CouponTemplateRow;
  verdict: Verdict;
}

/**
 * The member's coupons evaluated against an order's lines (in the order's line order): each usable
 * with its discount and in-scope lines, or not with the reason. With `alsoId`, that coupon is
 * evaluated too whatever its state (the buyer chose it), or undefined when it is not theirs.
 */
export async function checkoutOptions(
  db: DbOrTx,
  memberId: string,
  couponLines: CouponLine[],
  alsoId?: string,
): Promise<{ options: CouponOption[]; chosen?: CouponOption | null }> {
  const rows = await repo.unusedOfMember(db, memberId);
  let chosenRow: repo.MemberCouponRow | undefined;
  if (alsoId) {
    chosenRow = rows.find((r) => r.id === alsoId) ?? (await repo.findOfMember(db, memberId, alsoId));
    if (!chosenRow) throw new AppError(Code.COUPON_NOT_FOUND);
  }
  const all = chosenRow && !rows.some((r) => r.id === chosenRow.id) ? [...rows, chosenRow] : rows;
  const templates = await repo.templatesByIds(db, all.map((r) => r.templateId));
  const now = new Date();
  const evaluated = all.map((row): CouponOption => {
    const template = templates.get(row.templateId)!;
    const coupon = held(row, template);
    return { coupon, row, template, verdict: evaluate(coupon, couponLines, now) };
  });
  return {
    options: evaluated.filter((o) => rows.some((r) => r.id === o.row.id)),
    chosen: chosenRow ? evaluated.find((o) => o.row.id === chosenRow.id) : undefined,
  };
}

/**
 * Holds the coupon for a just-placed order, in the order's transaction: one conditional update from
 * UNUSED (and still valid), so of two checkouts racing with one coupon exactly one holds it; the
 * other is refused and its order rolled back.
 */
export async function holdForOrder(
  tx: DbOrTx,
  p: { memberId: string; couponId: string; orderId: string; orderNo: string; discountFen: number; orderAmountFen: number },
) {
  const row = await repo.move(
    tx,
    p.couponId,
    'UNUSED',
    {
      status: 'HELD',
      orderId: p.orderId,
      orderNo: p.orderNo,
      discountFen: p.discountFen,
      orderAmountFen: p.orderAmountFen,
      heldAt: new Date(),
    },
    sql`${repo.memberCoupons.memberId} = ${p.memberId} AND ${repo.memberCoupons.validTo} > now() AND ${repo.memberCoupons.validFrom} <= now()`,
  );
  if (!row) throw new AppError(Code.COUPON_TAKEN);
}

/** Its order was paid: HELD → USED. */
export async function useForOrder(tx: DbOrTx, orderId: string) {
  const c = await repo.findByOrder(tx, orderId);
  if (c) await repo.move(tx, c.id, 'HELD', { status: 'USED', usedAt: new Date() });
}

/** Its unpaid order was cancelled: HELD → UNUSED, or EXPIRED when past its end. */
export async function releaseForOrder(tx: DbOrTx, orderId: string) {
  const c = await repo.findByOrder(tx, orderId);
  if (c) await repo.move(tx, c.id, 'HELD', back(c));
}

/** Its paid order was wholly refunded: USED → UNUSED, or EXPIRED when past its end. */
export async function giveBackForOrder(tx: DbOrTx, orderId: string) {
  const c = await repo.findByOrder(tx, orderId);
  if (c) await repo.move(tx, c.id, 'USED', back(c));
}

const back = (c: repo.MemberCouponRow) => ({
  status: returnedStatus(c.validTo, new Date()),
  orderId: null,
  orderNo: null,
  discountFen: 0,
  orderAmountFen: 0,
  heldAt: null,
  usedAt: null,
  returnedAt: new Date(),
});

/* ---- the new-member gift ---- */

/**
 * Called once as a member completes registration, inside that transaction: one coupon of every
 * 新人礼包 template on offer. A gift sold out or stopped is skipped; it never refuses a registration.
 */
export async function giveNewMemberGift(tx: DbOrTx, memberId: string): Promise<number> {
  let given = 0;
  for (const t of await repo.liveTemplates(tx, ['NEW_MEMBER'])) {
    if ((await repo.countOfMember(tx, t.id, memberId)) >= t.perMemberLimit) continue;
    const slot = await repo.takeSlot(tx, t.id, ['NEW_MEMBER']);
    if (!slot) continue;
    const now = new Date();
    await repo.insertCoupon(tx, { templateId: t.id, memberId, source: 'NEW_MEMBER', ...validityOf(slot, now), claimedAt: now });
    given++;
  }
  return given;
}

/**
 * The coupon a checkout uses: none when the buyer dropped it (null), the best usable one when they
 * said nothing, else the one they chose, refused with its reason when it cannot be used.
 */
export function decideCoupon(
  found: { options: CouponOption[]; chosen?: CouponOption | null },
  choice: string | null | undefined,
): CouponOption | undefined {
  if (choice === null) return undefined;
  if (choice === undefined) return chooseBest(found.options);
  const o = found.chosen;
  if (!o) throw new AppError(Code.COUPON_NOT_FOUND);
  if (!o.verdict.usable) throw new AppError(Code.COUPON_UNUSABLE, `该优惠券不能用于本订单：${o.verdict.reason}`);
  return o;
}

export function presentOption(o: CouponOption): CheckoutCouponOption {
  return {
    ...presentMemberCoupon(o.row, o.template),
    usable: o.verdict.usable,
    discountFen: o.verdict.discountFen,
    reason: o.verdict.reason,
    shortFen: o.verdict.shortFen,
  };
}
