import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../lib/db.ts';
import {
  addressBody,
  buyer,
  consoleCalls,
  dbOf,
  makeGoods,
  placeOrder,
  startTestServer,
  type TestServer,
} from '../../test/kit/index.ts';
import * as kit from './distribution-test-kit.ts';
import { approvedDistributor } from './distribution-test-kit.ts';
import { settleDue } from './commissions.ts';

/**
 * Commission through real orders: a bound buyer pays (冻结中), the order completes, the after-sale
 * window closes and the sweep settles it (可提现); refunds take back their share before and after
 * settling; 推广 pays the sharer and the sharer's inviter; a distributor's own purchase earns nothing.
 * After every step the ledger adds up to the balances.
 */
const OPS_TOKEN = 'distribution-commissions-ops-token-0123456789';
let server: TestServer;
let ops: ReturnType<typeof consoleCalls>;
beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
  ops = consoleCalls(server, OPS_TOKEN);
}, 120_000);
afterAll(() => server?.close());

const ctx = () => server.running.app.ctx;
const DAY = 86_400_000;

async function account(memberId: string, programme = 'CLASSIC') {
  const [a] = await rows<Record<string, string>>(
    dbOf(server),
    sql`SELECT frozen_fen, available_fen, withdrawing_fen, withdrawn_fen, owed_fen FROM distribution_accounts WHERE member_id = ${memberId} AND programme = ${programme}`,
  );
  const b = {
    frozen: Number(a?.frozen_fen ?? 0),
    available: Number(a?.available_fen ?? 0),
    owed: Number(a?.owed_fen ?? 0),
  };
  // The ledger's last row carries the balances after it; every row's amount explains the change.
  const ledger = await rows<{
    kind: string;
    amount_fen: number;
    frozen_after: string;
    available_after: string;
    owed_after: string;
  }>(
    dbOf(server),
    sql`SELECT kind, amount_fen, frozen_after, available_after, owed_after FROM distribution_ledger WHERE member_id = ${memberId} AND programme = ${programme} ORDER BY id`,
  );
  const last = ledger.at(-1);
  if (last)
    expect({
      frozen: Number(last.frozen_after),
      available: Number(last.available_after),
      owed: Number(last.owed_after),
    }).toEqual(b);
  const earned = ledger.filter((r) => r.kind === 'EARN').reduce((s, r) => s + r.amount_fen, 0);
  const back = ledger.filter((r) => r.kind.startsWith('REVERSE')).reduce((s, r) => s + r.amount_fen, 0);
  expect(b.frozen + b.available - b.owed).toBe(earned - back);
  return { ...b, kinds: ledger.map((r) => r.kind) };
}

const commissionsOf = (orderNo: string) =>
  rows<{
    earner_id: string;
    tier: string;
    commission_fen: number;
    reversed_fen: number;
    status: string;
    rule_text: string;
  }>(
    dbOf(server),
    sql`SELECT earner_id, tier, commission_fen, reversed_fen, status, rule_text FROM commissions WHERE order_no = ${orderNo} ORDER BY tier`,
  );

const boundBuyer = (sharerToken: string, goodsId: number) => kit.boundBuyer(server, sharerToken, goodsId);
const complete = (orderNo: string, token: string) => kit.completeOrder(server, OPS_TOKEN, orderNo, token);
const refund = (token: string, orderNo: string, quantity = 1) =>
  kit.refundFirstLine(server, OPS_TOKEN, token, orderNo, quantity);
const classicGoods = (basisPoints?: number, priceFen?: number) =>
  kit.classicGoods(server, OPS_TOKEN, basisPoints, priceFen);

describe('分销 commission', () => {
  it('冻结中 on payment, 可提现 once the window closes after completion; a refund after settling takes 可提现', async () => {
    const d = await approvedDistributor(server, OPS_TOKEN);
    const g = await classicGoods(500, 20000);
    const b = await boundBuyer(d.token, g.goodsId);
    const { orderNo, payableAmount } = await placeOrder(server, b, g.skuId, 2);
    expect(payableAmount).toBe(40000);

    expect(await commissionsOf(orderNo)).toEqual([
      {
        earner_id: d.memberId,
        tier: 'DIRECT',
        commission_fen: 2000,
        reversed_fen: 0,
        status: 'FROZEN',
        rule_text: '5%',
      },
    ]);
    expect(await account(d.memberId)).toMatchObject({ frozen: 2000, available: 0, kinds: ['EARN'] });

    await complete(orderNo, b.token);
    expect(await settleDue(ctx())).toBe(0); // the after-sale window is still open
    const windowDays = 7;
    // Two sweeps at the same moment (two servers) settle it once.
    const later = new Date(Date.now() + (windowDays + 1) * DAY);
    expect((await Promise.all([settleDue(ctx(), later), settleDue(ctx(), later)])).sort()).toEqual([0, 1]);
    expect((await commissionsOf(orderNo))[0]).toMatchObject({ status: 'SETTLED' });
    expect(await account(d.memberId)).toMatchObject({ frozen: 0, available: 2000, kinds: ['EARN', 'SETTLE'] });
  });

  it('a refund before settling reduces 冻结中 by its share; a full refund takes it all', async () => {
    const d = await approvedDistributor(server, OPS_TOKEN);
    const g = await classicGoods(1000, 10000);
    const b = await boundBuyer(d.token, g.goodsId);
    const { orderNo } = await placeOrder(server, b, g.skuId, 3);
    expect((await commissionsOf(orderNo))[0]!.commission_fen).toBe(3000);

    await refund(b.token, orderNo, 1);
    expect((await commissionsOf(orderNo))[0]).toMatchObject({ reversed_fen: 1000, status: 'FROZEN' });
    expect(await account(d.memberId)).toMatchObject({ frozen: 2000, kinds: ['EARN', 'REVERSE_FROZEN'] });

    await refund(b.token, orderNo, 2);
    expect((await commissionsOf(orderNo))[0]).toMatchObject({ reversed_fen: 3000, status: 'REVERSED' });
    expect(await account(d.memberId)).toMatchObject({ frozen: 0, available: 0 });
  });

  it('nothing for a buyer bound to nobody, for goods outside the programme, or for a distributor buying for themselves', async () => {
    const d = await approvedDistributor(server, OPS_TOKEN);
    const g = await classicGoods();
    const plain = await makeGoods(dbOf(server), { priceFen: 9900 });
    const stranger = await buyer(server.api);
    expect(await commissionsOf((await placeOrder(server, stranger, g.skuId)).orderNo)).toEqual([]);
    const bound = await boundBuyer(d.token, g.goodsId);
    expect(await commissionsOf((await placeOrder(server, bound, plain.skuId)).orderNo)).toEqual([]);

    const addr = await server.api.post('/member/trade/address/create', { token: d.token, json: addressBody() });
    expect(addr.code, addr.message).toBe(0);
    const asDistributor = { token: d.token, addressId: addr.data.id as string, mobile: '' };
    expect(await commissionsOf((await placeOrder(server, asDistributor, g.skuId)).orderNo)).toEqual([]);
    // 自购返佣 on: the distributor's own purchase earns them.
    const settings = { bindingDays: 30, linkDays: 30, selfPurchase: true, settleDays: 7, minWithdrawFen: 1000 };
    expect((await ops.post('/ops/settings/save', { key: 'distribution', value: settings })).code).toBe(0);
    const own = await placeOrder(server, asDistributor, g.skuId);
    expect(await commissionsOf(own.orderNo)).toEqual([
      expect.objectContaining({ earner_id: d.memberId, commission_fen: 1000 }),
    ]);
    expect(
      (await ops.post('/ops/settings/save', { key: 'distribution', value: { ...settings, selfPurchase: false } })).code,
    ).toBe(0);
  });
});

describe('推广 commission', () => {
  it('the sharer at their level’s direct rate, the sharer’s inviter at theirs indirect', async () => {
    const top = await approvedDistributor(server, OPS_TOKEN, 'PROMOTER');
    const sharer = await approvedDistributor(server, OPS_TOKEN, 'PROMOTER', top.shareCode);
    const g = await makeGoods(dbOf(server), { priceFen: 10000, stock: 10 });
    expect(
      (
        await ops.post('/ops/distribution/goods/save', {
          programme: 'PROMOTER',
          goodsId: g.goodsId,
          skus: [{ skuId: g.skuId }],
        })
      ).code,
    ).toBe(0);
    const b = await boundBuyer(sharer.token, g.goodsId);
    const { orderNo } = await placeOrder(server, b, g.skuId, 1);
    expect(await commissionsOf(orderNo)).toEqual([
      {
        earner_id: sharer.memberId,
        tier: 'DIRECT',
        commission_fen: 500,
        reversed_fen: 0,
        status: 'FROZEN',
        rule_text: '普通 5%',
      },
      {
        earner_id: top.memberId,
        tier: 'INDIRECT',
        commission_fen: 100,
        reversed_fen: 0,
        status: 'FROZEN',
        rule_text: '普通 间接 1%',
      },
    ]);
    expect(await account(sharer.memberId, 'PROMOTER')).toMatchObject({ frozen: 500 });
    expect(await account(top.memberId, 'PROMOTER')).toMatchObject({ frozen: 100 });
    // Settled 7 days (分销设置 settleDays) after completion.
    await complete(orderNo, b.token);
    expect(await settleDue(ctx(), new Date(Date.now() + 6 * DAY))).toBe(0);
    expect(await settleDue(ctx(), new Date(Date.now() + 8 * DAY))).toBe(2);
    expect(await account(top.memberId, 'PROMOTER')).toMatchObject({ frozen: 0, available: 100 });
  });
});
