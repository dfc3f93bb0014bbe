import type { AppContext } from '../lib/context.ts';
import { findMemberByUsername } from '../modules/accounts/accounts.repo.ts';
import { sql } from 'drizzle-orm';
import { rows } from '../lib/db.ts';
import { findTradeSkus, type TradeSku } from '../modules/inventory/sku-reader.ts';
import { addDays, shanghaiDay } from '../modules/points/points-rules.ts';
import * as mallRepo from '../modules/points/points-mall.repo.ts';
import * as pointsRepo from '../modules/points/points.repo.ts';
import { changePoints, grantTask, pointsSettings } from '../modules/points/points.service.ts';

/**
 * 积分 demo data, so a newcomer sees it at once: the demo member's history (a 新会员礼包 of last year
 * that expires at this year's end, four days of 签到 up to yesterday so today's tap goes on the streak,
 * a 积分抽奖 the day before yesterday, 绑定手机 now; its rows in time order with their balances) and a
 * stocked points mall of six catalogue goods, two in each of three categories, each from the
 * catalogue's sections of its kind (`MALL_CATEGORY_SECTIONS`, by second-level category). Each part is skipped when it
 * already has data.
 */
export const MALL_CATEGORY_SECTIONS: Record<string, readonly string[]> = {
  精选好物: ['休闲零食', '茶叶', '饮料乳品'],
  生活日用: ['洗护清洁', '家纺', '刀具餐具', '锅具'],
  数码配件: ['手机配件', '电脑外设'],
};

export async function seedDemoPoints(ctx: AppContext, username: string, progress: (message: string) => void) {
  const member = await findMemberByUsername(ctx.db, username);
  if (member && !(await pointsRepo.hasLedger(ctx.db, member.id))) {
    const s = await pointsSettings(ctx.db);
    const now = new Date();
    const today = shanghaiDay(now);
    // Written in the order it happened, so each row's balance follows the one before it in time.
    await ctx.db.transaction(async (tx) => {
      const lastYear = new Date(Date.UTC(now.getUTCFullYear() - 1, 10, 11, 4));
      await changePoints(tx, { memberId: member.id, amount: 300, reason: 'OPS_GRANT', note: '新会员礼包', at: lastYear, operator: 'system' });
      for (let n = 4; n >= 1; n--) {
        const day = addDays(today, -n);
        const streak = 5 - n;
        const points = s.signInPoints;
        await pointsRepo.insertSignDay(tx, { memberId: member.id, day, streak, points });
        if (points > 0) {
          await changePoints(tx, {
            memberId: member.id,
            amount: points,
            reason: 'SIGN_IN',
            note: `连续签到 ${streak} 天`,
            at: new Date(Date.parse(`${day}T09:30:00+08:00`)),
          });
        }
        // the evening of the day before yesterday: a 积分抽奖, between that day's 签到 and yesterday's
        if (n === 2) {
          await changePoints(tx, {
            memberId: member.id,
            amount: -100,
            reason: 'OPS_DEDUCT',
            note: '参与积分抽奖',
            at: new Date(Date.parse(`${day}T20:15:00+08:00`)),
            operator: 'system',
          });
        }
      }
      // 绑定手机 is granted now (the task's own door writes the row at the present moment), after the rest
      await grantTask(tx, member.id, 'MOBILE', s);
    });
  }

  if (await mallRepo.hasAnyMallGoods(ctx.db)) return;
  const picked = await mallPicks(ctx);
  for (const [i, { category, sku }] of picked.entries()) {
    // about ¥1 = 100 积分 of the SKU's price; every other one takes a cash part and half the points
    const whole = Math.max(100, Math.ceil(sku.priceFen / 100) * 100);
    const withCash = i % 2 === 1;
    await ctx.db.transaction((tx) =>
      mallRepo.insertMall(tx, sku.goodsId, sku.skuId, {
        category,
        pointsPrice: withCash ? Math.max(100, Math.round(whole / 200) * 100) : whole,
        cashFen: withCash ? Math.round(sku.priceFen / 2) : 0,
        stock: [20, 5, 50, 10, 3, 30][i]!,
        perMemberLimit: i % 3 === 0 ? 1 : 0,
        sort: 60 - i * 10,
        onShelf: true,
      }),
    );
  }
  if (picked.length) progress(`积分商城演示商品 ${picked.length} 件`);
}

/**
 * Two goods for each of the mall's categories, taken from the catalogue's own sections for it (a
 * book is never a 数码配件): on shelf, in stock, not cross-border, the best sellers first.
 */
async function mallPicks(ctx: AppContext) {
  const picks: { category: string; sku: TradeSku }[] = [];
  for (const [category, sections] of Object.entries(MALL_CATEGORY_SECTIONS)) {
    const found = await rows<{ sku_id: number }>(
      ctx.db,
      sql`SELECT DISTINCT ON (g.sales, g.id) s.id AS sku_id
          FROM goods g
          JOIN categories leaf ON leaf.id = g.category_id
          JOIN categories mid ON mid.id = leaf.parent_id
          JOIN skus s ON s.goods_id = g.id AND s.stock > 0
          WHERE g.on_shelf AND NOT g.is_cross_border AND mid.name IN (${sql.join(sections.map((n) => sql`${n}`), sql`, `)})
          ORDER BY g.sales DESC, g.id, s.id
          LIMIT 2`,
    );
    const skus = await findTradeSkus(ctx.db, found.map((r) => r.sku_id));
    for (const r of found) {
      const sku = skus.get(r.sku_id);
      if (sku) picks.push({ category, sku });
    }
  }
  return picks;
}
