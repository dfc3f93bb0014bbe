import { eq } from 'drizzle-orm';
import type { AppContext } from '../lib/context.ts';
import { categoryTree, salesListJson } from '../modules/catalog/catalog.service.ts';
import type { GoodsCard } from '../modules/catalog/catalog.presenter.ts';
import { claimInto } from '../modules/coupons/coupons.service.ts';
import * as repo from '../modules/coupons/coupons.repo.ts';
import { goodsCategoryPaths } from '../modules/coupons/goods-scope.ts';

const DAY = 86_400_000;

/**
 * Coupons of each kind, so a new shop's 领券中心, goods detail and 优惠券 menu show something:
 * 满减 with and without a threshold, 折扣 with a cap, a category and a named-goods coupon, a
 * 新人礼包 and an operator's grant. The demo member already holds a few (one per tab). Skipped once
 * any template exists.
 *
 * The demo member's own unused coupons need a cart of several best sellers or another category:
 * buying one best seller (as the trade walkthrough does) is priced without a coupon.
 */
export async function seedDemoCoupons(ctx: AppContext, demoMemberId: string | null, progress: (message: string) => void) {
  if ((await repo.templatePage(ctx.db, {}, 0, 1)).total > 0) return;
  const best = JSON.parse(await salesListJson(ctx, 6)) as GoodsCard[];
  const tree = await categoryTree(ctx);
  if (best.length === 0 || tree.length === 0) return;
  const paths = await goodsCategoryPaths(ctx, best.map((g) => g.id));
  const bestTops = new Set(best.map((g) => (paths.get(g.id) ?? []).at(-1)));
  const otherTop = tree.find((c) => !bestTops.has(c.id)) ?? tree[0]!;
  const bestTop = tree.find((c) => bestTops.has(c.id)) ?? tree[0]!;
  const highest = Math.max(...best.map((g) => g.price));
  const bigThreshold = Math.ceil((highest * 3 + 1) / 10000) * 10000;
  const now = Date.now();
  const range = (fromDays: number, toDays: number) => ({
    validityType: 'RANGE',
    validFrom: new Date(now + fromDays * DAY),
    validTo: new Date(now + toDays * DAY),
    validDays: null,
  });
  const days = (n: number) => ({ validityType: 'DAYS', validDays: n });
  const full = (thresholdFen: number, amountFen: number) => ({ kind: 'FULL_REDUCTION', thresholdFen, amountFen });
  const off = (discountPercent: number, capFen: number, thresholdFen = 0) => ({ kind: 'DISCOUNT', discountPercent, capFen, thresholdFen, amountFen: 0 });

  const make = (v: Partial<repo.NewTemplate> & { name: string; channel: string }) =>
    repo.insertTemplate(ctx.db, {
      kind: 'FULL_REDUCTION',
      validityType: 'DAYS',
      validDays: 15,
      totalQuantity: 1000,
      perMemberLimit: 1,
      scope: 'ALL',
      scopeIds: [],
      ...v,
    });
  const made = {
    full199: await make({ name: '全场满199减20', channel: 'CENTER', ...full(19900, 2000), ...days(15), description: '全场商品可用' }),
    noThreshold: await make({ name: '无门槛5元券', channel: 'CENTER', ...full(0, 500), ...days(7), totalQuantity: 200 }),
    ninety: await make({ name: '全场9折券', channel: 'CENTER', ...off(90, 3000), ...range(-1, 60), perMemberLimit: 2 }),
    category: await make({
      name: `${bestTop.name}满1000减100`,
      channel: 'CENTER',
      ...full(100000, 10000),
      scope: 'CATEGORIES',
      scopeIds: [bestTop.id],
      ...days(30),
      description: `限${bestTop.name}分类商品`,
    }),
    goods: await make({
      name: '爆款8.5折券',
      channel: 'GOODS',
      ...off(85, 5000),
      scope: 'GOODS',
      scopeIds: best.slice(0, 3).map((g) => g.id),
      ...days(10),
      totalQuantity: 300,
      description: '限指定爆款商品，在商品详情页领取',
    }),
    giftSmall: await make({ name: '新人专享满99减15', channel: 'NEW_MEMBER', ...full(9900, 1500), ...days(30), totalQuantity: 100000 }),
    giftBig: await make({ name: '新人专享满299减40', channel: 'NEW_MEMBER', ...full(29900, 4000), ...days(30), totalQuantity: 100000 }),
    grant: await make({ name: '老客回馈满300减40', channel: 'GRANT', ...full(30000, 4000), ...days(30), totalQuantity: 500 }),
    // What the demo member holds: usable on a big cart or another category, one starting tomorrow, one expired.
    demoBig: await make({ name: `满${bigThreshold / 100}减${bigThreshold / 1000}`, channel: 'GRANT', ...full(bigThreshold, bigThreshold / 10), ...days(20), totalQuantity: 100 }),
    demoOther: await make({
      name: `${otherTop.name}专享8折`,
      channel: 'GRANT',
      ...off(80, 5000),
      scope: 'CATEGORIES',
      scopeIds: [otherTop.id],
      ...days(3),
      totalQuantity: 100,
    }),
    demoLater: await make({ name: '周末专享满100减10', channel: 'GRANT', ...full(10000, 1000), ...range(1, 8), totalQuantity: 100 }),
    demoPast: await make({ name: '上月满50减5', channel: 'GRANT', ...full(5000, 500), ...range(-40, 365), totalQuantity: 100 }),
  };
  if (demoMemberId) {
    await ctx.db.transaction(async (tx) => {
      for (const t of [made.demoBig, made.demoOther, made.demoLater, made.demoPast]) {
        await claimInto(tx, { templateId: t.id, memberId: demoMemberId, channels: ['GRANT'], source: 'GRANT', grantedBy: '演示数据' });
      }
    });
    // The last one ended yesterday: it shows under 已过期.
    await repo.updateTemplate(ctx.db, made.demoPast.id, { validTo: new Date(now - DAY), status: 'STOPPED' });
    await ctx.db
      .update(repo.memberCoupons)
      .set({ validTo: new Date(now - DAY) })
      .where(eq(repo.memberCoupons.templateId, made.demoPast.id));
  }
  progress(`演示优惠券: ${Object.keys(made).length} 种（领券中心、商品详情、新人礼包、运营发放）`);
}
