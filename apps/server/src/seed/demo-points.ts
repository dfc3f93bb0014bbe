import type { AppContext } from '../lib/context.ts';
import { findMemberByUsername } from '../modules/accounts/accounts.repo.ts';
import { findTradeSkus } from '../modules/inventory/sku-reader.ts';
import { addDays, shanghaiDay } from '../modules/points/points-rules.ts';
import * as mallRepo from '../modules/points/points-mall.repo.ts';
import * as pointsRepo from '../modules/points/points.repo.ts';
import { changePoints, grantTask, pointsSettings } from '../modules/points/points.service.ts';

/**
 * 积分 demo data, so a newcomer sees it at once: the demo member's history (a 新会员礼包 of last year
 * that expires at this year's end, four days of 签到 up to yesterday so today's tap goes on the streak,
 * a 积分抽奖 the day before yesterday, 绑定手机 now; its rows in time order with their balances) and a
 * stocked points mall of six catalogue goods in three categories. Each part is skipped when it
 * already has data.
 */
const CATEGORIES = ['精选好物', '生活日用', '数码配件'] as const;

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
  const skus = [...(await findTradeSkus(ctx.db, Array.from({ length: 60 }, (_, i) => i + 1))).values()];
  const picked = new Map<number, (typeof skus)[number]>();
  for (const sku of skus) if (sku.onShelf && sku.stock > 0 && !picked.has(sku.goodsId) && picked.size < 6) picked.set(sku.goodsId, sku);
  let i = 0;
  for (const sku of picked.values()) {
    // about ¥1 = 100 积分 of the SKU's price; every other one takes a cash part and half the points
    const whole = Math.max(100, Math.ceil(sku.priceFen / 100) * 100);
    const withCash = i % 2 === 1;
    await ctx.db.transaction((tx) =>
      mallRepo.insertMall(tx, sku.goodsId, sku.skuId, {
        category: CATEGORIES[i % CATEGORIES.length]!,
        pointsPrice: withCash ? Math.max(100, Math.round(whole / 200) * 100) : whole,
        cashFen: withCash ? Math.round(sku.priceFen / 2) : 0,
        stock: [20, 5, 50, 10, 3, 30][i]!,
        perMemberLimit: i % 3 === 0 ? 1 : 0,
        sort: 60 - i * 10,
        onShelf: true,
      }),
    );
    i++;
  }
  if (picked.size) progress(`积分商城演示商品 ${picked.size} 件`);
}
