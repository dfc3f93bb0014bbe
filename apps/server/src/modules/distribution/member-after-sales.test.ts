import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import {
  applyAfterSale,
  buyer,
  consoleCalls,
  firstItemId,
  placeOrder,
  registeredMember,
  startTestServer,
  type TestServer,
} from '../../test/kit/index.ts';
import * as kit from './distribution-test-kit.ts';

/**
 * 售后 of a distributor over HTTP: the buyers' requests on lines that earned them commission, with
 * what each did to it — to be taken back while open, taken back (¥ exactly, per request) once
 * refunded, none when refused — the buyer masked, and only the member's own.
 */
const OPS_TOKEN = 'distribution-after-sales-ops-token-012345';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
}, 120_000);
afterAll(() => server?.close());

const page = (token: string, query: Record<string, string | number> = { programme: 'CLASSIC' }) =>
  server.api.get('/member/distribution/afterSale/page', { token, query });
const ops = () => consoleCalls(server, OPS_TOKEN);
const refund = (afterSaleNo: string) => kit.refundAfterSale(server, OPS_TOKEN, afterSaleNo);

describe('GET /member/distribution/afterSale/page', () => {
  it('open, refunded twice and refused: each with its effect on the commission; only the member’s own', async () => {
    const d = await kit.approvedDistributor(server, OPS_TOKEN);
    const g = await kit.classicGoods(server, OPS_TOKEN, 500, 20000);
    const b = await kit.boundBuyer(server, d.token, g.goodsId);
    expect(await page(d.token)).toMatchObject({ code: 0, data: { list: [], total: 0 } });

    // 2 × ¥200 at 5 %: ¥20.00 of commission on the line.
    const first = await placeOrder(server, b, g.skuId, 2);
    const line = await firstItemId(server, b.token, first.orderNo);
    const open = await applyAfterSale(server, b.token, line, { quantity: 1 });
    const listed = await page(d.token);
    expect(listed.data).toMatchObject({ total: 1, pageNum: 1, pageSize: 10 });
    expect(listed.data.list[0]).toEqual({
      afterSaleNo: open,
      orderNo: first.orderNo,
      buyerName: `${b.mobile[0]}***`,
      goodsName: expect.any(String),
      specText: '颜色：黑色',
      image: expect.any(String),
      status: 'PENDING_REVIEW',
      statusText: '待审核',
      refundFen: 20000,
      createdAt: expect.any(String),
      commissionFen: 2000,
      reversedFen: 0,
      effectText: '退款完成后将扣回相应佣金',
    });

    await refund(open);
    expect((await page(d.token)).data.list[0]).toMatchObject({
      afterSaleNo: open,
      status: 'COMPLETED',
      statusText: '已完成',
      reversedFen: 1000,
      effectText: '佣金已扣回 ¥10.00',
    });
    // The second unit refunded too: each request shows its own share, together the whole commission.
    const again = await applyAfterSale(server, b.token, line, { quantity: 1 });
    await refund(again);

    // Another order's request refused by the shop: the commission stays.
    const second = await placeOrder(server, b, g.skuId, 1);
    const refused = await applyAfterSale(server, b.token, await firstItemId(server, b.token, second.orderNo));
    expect((await ops().post('/ops/afterSale/reject', { afterSaleNo: refused, reason: '商品已拆封' })).code).toBe(0);

    const all = (await page(d.token)).data;
    expect(all.total).toBe(3);
    expect(
      all.list.map((a: { afterSaleNo: string; reversedFen: number; effectText: string; commissionFen: number }) => [
        a.afterSaleNo,
        a.commissionFen,
        a.reversedFen,
        a.effectText,
      ]),
    ).toEqual([
      [refused, 1000, 0, '未退款，不影响佣金'],
      [again, 2000, 1000, '佣金已扣回 ¥10.00'],
      [open, 2000, 1000, '佣金已扣回 ¥10.00'],
    ]);
    const paged = await page(d.token, { programme: 'CLASSIC', pageNum: 2, pageSize: 2 });
    expect(paged.data).toMatchObject({ total: 3, pageNum: 2, pageSize: 2, list: [{ afterSaleNo: open }] });
    // The income agrees: ¥30.00 earned, ¥20.00 taken back, ¥10.00 冻结中.
    const income = await server.api.get('/member/distribution/income/summary', {
      token: d.token,
      query: { programme: 'CLASSIC' },
    });
    expect(income.data.balances).toMatchObject({ frozenFen: 1000 });

    // Another distributor and their buyer: neither sees the other's requests; an unbound buyer's none.
    const other = await kit.approvedDistributor(server, OPS_TOKEN);
    const otherGoods = await kit.classicGoods(server, OPS_TOKEN, 1000, 10000);
    const otherBuyer = await kit.boundBuyer(server, other.token, otherGoods.goodsId);
    const theirs = await placeOrder(server, otherBuyer, otherGoods.skuId, 1);
    const theirNo = await applyAfterSale(
      server,
      otherBuyer.token,
      await firstItemId(server, otherBuyer.token, theirs.orderNo),
    );
    const stranger = await buyer(server.api);
    const unbound = await placeOrder(server, stranger, g.skuId, 1);
    await applyAfterSale(server, stranger.token, await firstItemId(server, stranger.token, unbound.orderNo));
    expect((await page(d.token)).data.total).toBe(3);
    expect((await page(other.token)).data).toMatchObject({
      total: 1,
      list: [{ afterSaleNo: theirNo, commissionFen: 1000 }],
    });
    // 推广 is another programme: not a member there.
    expect((await page(d.token, { programme: 'PROMOTER' })).code).toBe(Code.DISTRIBUTION_NOT_MEMBER);
  });

  it('a member outside the programme is told to join; bad input is refused in Chinese', async () => {
    const outsider = await registeredMember(server.api);
    expect(await page(outsider.accessToken)).toMatchObject({
      code: Code.DISTRIBUTION_NOT_MEMBER,
      message: '您还不是分销计划的成员，请先申请加入',
    });
    expect((await server.api.get('/member/distribution/afterSale/page?programme=CLASSIC')).code).toBe(
      Code.NOT_SIGNED_IN,
    );
    const d = await kit.approvedDistributor(server, OPS_TOKEN);
    const cases: [Record<string, string | number>, string][] = [
      [{}, '请选择计划'],
      [{ programme: 'BOTH' }, '计划取值不正确'],
      [{ programme: "CLASSIC'--" }, '计划取值不正确'],
      [{ programme: 'CLASSIC', pageSize: 0 }, '每页条数不能小于 1'],
      [{ programme: 'CLASSIC', pageSize: 51 }, '每页条数不能大于 50'],
      [{ programme: 'CLASSIC', pageSize: -1 }, '每页条数不能小于 1'],
      [{ programme: 'CLASSIC', pageSize: 'x' }, '每页条数必须是整数'],
      [{ programme: 'CLASSIC', pageNum: '１' }, '页码必须是整数'],
      [{ programme: 'CLASSIC', pageNum: 100_001 }, '页码不能大于 100000'],
    ];
    for (const [query, message] of cases)
      expect(await page(d.token, query), JSON.stringify(query)).toMatchObject({ code: 400, message });
  });
});
