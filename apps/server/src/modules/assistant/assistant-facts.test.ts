import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startCatalogServer, type TestServer } from '../../test/kit/index.ts';
import { rows } from '../../lib/db.ts';
import { discountTemplate, makeTemplate } from '../coupons/coupons-test-kit.ts';
import { factProblems } from './assistant-facts-kit.ts';
import { chat, newSession, runningActivity, shopperWithHistory, type SseEvent } from './assistant-test-kit.ts';
import { QUESTIONS } from './offline/questions.ts';

/**
 * The whole question set through the offline provider over HTTP, each answer fact-checked: every
 * price, stock count, coupon amount, points figure and order status in its cards and text equals a
 * fresh read of the database. The buyers asking have orders, a parcel, an after-sale, points, a
 * 满减 and a 折扣 coupon and a cart, and the goods page's goods is in a running 秒杀 and 限时折扣, so the
 * answers about them carry figures to check.
 */
const OPS_TOKEN = 'assistant-facts-ops-token-0123456789';
/** The goods the set's questions asked on a goods page are about. */
const ON_GOODS_ID = 201;

describe('the offline assistant’s answers are the shop’s facts', () => {
  let s: TestServer;
  let discountCoupon: { id: number };
  beforeAll(async () => {
    s = await startCatalogServer(300, { OPS_TOKEN });
    const db = s.running.app.ctx.db;
    await makeTemplate(db, { name: '满100减10', thresholdFen: 10_000, amountFen: 1000 });
    await makeTemplate(db, { name: '商品券满50减5', thresholdFen: 5000, amountFen: 500, channel: 'GOODS' });
    // a 折扣 coupon each buyer holds one of and may claim another: its cap is above what it takes off the cart
    discountCoupon = await discountTemplate(db, 85, 10_000, { name: '全场8.5折券', perMemberLimit: 2 });
    // the set's goods on a page (201): its first SKU in a running 秒杀, its second in a 限时折扣
    const skus = await rows<{ id: number; price_fen: number }>(db, sql`SELECT id, price_fen FROM skus WHERE goods_id = ${ON_GOODS_ID} ORDER BY id`);
    await runningActivity(s, OPS_TOKEN, 'FLASH_SALE', [{ skuId: skus[0]!.id, priceFen: Math.floor(skus[0]!.price_fen / 2), stock: 20 }]);
    await runningActivity(s, OPS_TOKEN, 'TIME_DISCOUNT', [{ skuId: skus[1]!.id, percent: 85 }]);
  });
  afterAll(async () => s?.close());

  async function newShopper() {
    const db = s.running.app.ctx.db;
    const [row] = ((await db.execute(sql`SELECT s.id, s.goods_id, s.price_fen FROM skus s JOIN goods g ON g.id = s.goods_id
      WHERE g.on_shelf AND s.stock > 5 ORDER BY s.id LIMIT 1`)) as unknown as { rows: { id: number; goods_id: number; price_fen: number }[] }).rows;
    const shopper = await shopperWithHistory(s, { goodsId: row!.goods_id, skuId: row!.id, priceFen: row!.price_fen });
    const center = await s.api.get('/member/promotion/coupon/center', { token: shopper.token });
    const first = center.data?.list?.[0];
    for (const templateId of new Set([first?.templateId, discountCoupon.id].filter(Boolean))) {
      await s.api.post('/member/promotion/coupon/claim', { token: shopper.token, json: { templateId } });
    }
    await s.api.post('/member/trade/cart/add', { token: shopper.token, json: { skuId: row!.id, quantity: 2 } });
    return shopper;
  }

  it(`answers all ${QUESTIONS.length} questions of the set with figures equal to the database`, async () => {
    const db = s.running.app.ctx.db;
    let shopper = await newShopper();
    let asked = 0;
    const problems: string[] = [];
    const kinds = new Set<string>();
    const seen = new Set<string>(); // the activity prices and coupon offers the answers showed
    const note = (events: SseEvent[]) => {
      for (const e of events) {
        if (e.type === 'delta' && /秒杀价 ¥\d+\.\d{2}/.test(e.data.text)) seen.add('秒杀价 in the text');
        if (e.type === 'delta' && /8\.5折，最多减¥\d+\.\d{2}/.test(e.data.text)) seen.add('8.5折 in the text');
        if (e.type !== 'card') continue;
        kinds.add(e.data.kind);
        for (const g of e.data.goods ?? []) if (g.activity) seen.add(g.activity.kind);
        for (const c of e.data.coupons ?? []) seen.add(c.kind);
      }
    };
    for (const q of QUESTIONS) {
      if (asked >= 40) {
        shopper = await newShopper(); // fresh figures now and then: another buyer with another history
        asked = 0;
      }
      asked += 1;
      // the set is asked far faster than 20 questions a minute: earlier answers move back past the minute
      await db.execute(sql`UPDATE assistant_messages SET created_at = created_at - interval '2 minutes'`);
      const context = { ...(q.context?.goodsId ? { goodsId: q.context.goodsId } : {}), ...(q.context?.keyword ? { keyword: q.context.keyword } : {}) };
      const sessionId = await newSession(s, shopper.token, Object.keys(context).length ? context : undefined);
      if (q.context?.lastGoodsIds) {
        // 第一个, 这两款: the session first shows goods, as the set's questions suppose
        await chat(s, shopper.token, { sessionId, content: '手机有哪些' });
        asked += 1;
      }
      const res = await chat(s, shopper.token, { sessionId, content: q.question });
      const last = res.events.at(-1);
      if (last?.type !== 'done') {
        problems.push(`${q.question}: ended with ${JSON.stringify(last ?? res.envelope)}`);
        continue;
      }
      note(res.events);
      for (const p of await factProblems(db, shopper.memberId, res.events[0]!.data.messageId, res.events)) problems.push(`${q.question}: ${p}`);
    }
    // and the proposals: a goods of one SKU put in the cart, a coupon claimed, both by confirm cards
    shopper = await newShopper();
    const [single] = ((await db.execute(sql`SELECT goods_id FROM skus s JOIN goods g ON g.id = s.goods_id WHERE g.on_shelf
      GROUP BY goods_id HAVING count(*) = 1 AND min(s.stock) > 3 ORDER BY goods_id LIMIT 1`)) as unknown as { rows: { goods_id: number }[] }).rows;
    for (const [context, question] of [
      [{ goodsId: single!.goods_id }, '帮我加入购物车'],
      [{ goodsId: single!.goods_id }, '买两个'],
      [undefined, '有什么券可以领'],
    ] as const) {
      const sessionId = await newSession(s, shopper.token, context);
      await db.execute(sql`UPDATE assistant_messages SET created_at = created_at - interval '2 minutes'`);
      const res = await chat(s, shopper.token, { sessionId, content: question });
      note(res.events);
      for (const p of await factProblems(db, shopper.memberId, res.events[0]!.data.messageId, res.events)) problems.push(`${question}: ${p}`);
    }
    expect(problems).toEqual([]);
    // the set reaches every kind of card, so every kind of figure was checked: a 秒杀 price, a 折扣 coupon too
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['aftersale', 'compare', 'confirm', 'coupons', 'goods', 'order', 'points']));
    expect([...seen].sort()).toEqual(expect.arrayContaining(['8.5折 in the text', 'DISCOUNT', 'FLASH_SALE', 'FULL_REDUCTION', '秒杀价 in the text']));
  }, 300_000); // hundreds of answers: about 35 s on a quiet machine, far more on a loaded one
});
