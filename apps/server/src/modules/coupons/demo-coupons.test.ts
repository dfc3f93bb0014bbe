import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../lib/db.ts';
import { seedDemoCoupons } from '../../seed/demo-coupons.ts';
import { buyer, buyNow, dbOf, memberIdOf, registeredMember, startCatalogServer, type TestServer } from '../../test/kit/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startCatalogServer(60);
}, 120_000);
afterAll(() => server?.close());

describe('demo coupons', () => {
  it('offer each kind in the centre, on goods detail, as a new-member gift; the demo member holds some in every tab; once', async () => {
    const ctx = server.running.app.ctx;
    const demo = await buyer(server.api);
    const demoId = await memberIdOf(server.api, demo.token);
    const said: string[] = [];
    await seedDemoCoupons(ctx, demoId, (m) => said.push(m));
    expect(said.join()).toContain('演示优惠券');

    const center = await server.api.get('/member/promotion/coupon/center');
    const words = center.data.list.map((c: { ruleText: string }) => c.ruleText);
    expect(words).toEqual(expect.arrayContaining(['满199减20', '无门槛减5', '9折最高减30']));
    const best = (await server.api.get('/member/goods/getGoodsSalesList/6')).data as { id: number }[];
    const onGoods = await server.api.get('/member/promotion/coupon/goods', { query: { goodsId: best[0]!.id } });
    expect(onGoods.data.list.map((c: { ruleText: string }) => c.ruleText)).toContain('8.5折最高减50');

    const mine = await server.api.get('/member/promotion/coupon/my', { token: demo.token });
    expect(mine.data.counts.UNUSED).toBeGreaterThanOrEqual(3);
    expect(mine.data.counts.EXPIRED).toBe(1);
    // Buying one best seller is priced without the demo member's coupons (the trade walkthrough's amounts).
    const order = await buyNow(server.api, demo, (await skuOf(best[0]!.id))!, 1);
    expect(order.code).toBe(0);
    const [o] = await rows<{ coupon_discount: number }>(dbOf(server), sql`SELECT coupon_discount FROM orders WHERE order_no = ${order.data.orderNo}`);
    expect(o!.coupon_discount).toBe(0);

    const newcomer = await registeredMember(server.api);
    const gifts = await server.api.get('/member/promotion/coupon/my', { token: newcomer.accessToken });
    expect(gifts.data.list.map((c: { source: string }) => c.source)).toEqual(['NEW_MEMBER', 'NEW_MEMBER']);

    const [{ n }] = (await rows<{ n: number }>(dbOf(server), sql`SELECT count(*)::int AS n FROM coupon_templates`)) as [{ n: number }];
    await seedDemoCoupons(ctx, demoId, () => undefined);
    const [again] = await rows<{ n: number }>(dbOf(server), sql`SELECT count(*)::int AS n FROM coupon_templates`);
    expect(again!.n).toBe(n);
  });
});

async function skuOf(goodsId: number): Promise<number | undefined> {
  const [row] = await rows<{ id: number }>(dbOf(server), sql`SELECT id FROM skus WHERE goods_id = ${goodsId} AND stock > 0 ORDER BY price_fen, id LIMIT 1`);
  return row?.id;
}
