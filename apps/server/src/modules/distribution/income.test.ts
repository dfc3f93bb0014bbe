import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import {
  bearer,
  consoleCalls,
  makeOperator,
  registeredMember,
  startTestServer,
  type TestServer,
} from '../../test/kit/index.ts';
import * as kit from './distribution-test-kit.ts';

/**
 * A distributor's money over HTTP: income and its ledger, withdrawals (the minimum, 可提现 only, one
 * of two simultaneous whole-balance requests, 财务's approval once, a rejection returning the
 * amount), 待扣回 after a refund of spent commission, and the orders with their history — each only
 * to its own member.
 */
const OPS_TOKEN = 'distribution-income-ops-token-0123456789';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
}, 120_000);
afterAll(() => server?.close());

const get = (token: string, path: string, query: Record<string, string | number>) =>
  server.api.get(`/member/distribution/${path}`, { token, query });
const summary = async (token: string) => (await get(token, 'income/summary', { programme: 'CLASSIC' })).data;
const withdraw = (token: string, json: Record<string, unknown>) =>
  server.api.post('/member/distribution/withdraw', {
    token,
    json: { programme: 'CLASSIC', method: 'ALIPAY', accountName: '王小明', accountNo: '13812345678', ...json },
  });

/** A distributor with ¥`fen/100` 可提现 from one settled order (5 % of a ¥200 × n order), and the buyer. */
async function earner(units = 2) {
  const d = await kit.approvedDistributor(server, OPS_TOKEN);
  const g = await kit.classicGoods(server, OPS_TOKEN, 500, 20000);
  const b = await kit.boundBuyer(server, d.token, g.goodsId);
  const orderNo = await kit.settledOrder(server, OPS_TOKEN, b, g.skuId, units);
  return { d, b, orderNo };
}

describe('income and withdrawals', () => {
  it('balances, the ledger, a withdrawal to Alipay approved by 财务 once', async () => {
    const { d, orderNo } = await earner(2);
    expect(await summary(d.token)).toMatchObject({
      programmeText: '分销',
      balances: { frozenFen: 0, availableFen: 2000, withdrawingFen: 0, withdrawnFen: 0, owedFen: 0 },
      minWithdrawFen: 1000,
      level: null,
    });
    const ledger = (await get(d.token, 'income/ledger', { programme: 'CLASSIC' })).data;
    expect(ledger.list.map((e: { kindText: string }) => e.kindText)).toEqual([
      '佣金结算，可提现',
      '佣金入账（冻结中）',
    ]);
    expect(ledger.list[1]).toMatchObject({ amountFen: 2000, orderNo, after: { frozenFen: 2000 } });

    const asked = await withdraw(d.token, { amountFen: 1500 });
    expect(asked).toMatchObject({
      code: 0,
      message: '提现申请已提交，请等待审核',
      data: { status: 'PENDING', statusText: '审核中', accountMasked: '138****5678', methodText: '支付宝' },
    });
    expect((await summary(d.token)).balances).toMatchObject({ availableFen: 500, withdrawingFen: 1500 });

    const finance = await makeOperator(server.api, OPS_TOKEN, 'finance');
    const fin = consoleCalls(server, OPS_TOKEN);
    const asFinance = bearer(finance.token);
    const page = await fin.get('/ops/distribution/withdrawal/page', { status: 'PENDING' }, asFinance);
    expect(page.data.list.find((w: { id: number }) => w.id === asked.data.id)).toMatchObject({
      accountMasked: '138****5678',
      actions: ['approve', 'reject'],
    });
    expect((await fin.post('/ops/distribution/withdrawal/account', { id: asked.data.id }, asFinance)).data).toEqual({
      id: asked.data.id,
      accountNo: '13812345678',
    });

    const twice = await Promise.all(
      [1, 2].map(() =>
        fin.post('/ops/distribution/withdrawal/approve', { id: asked.data.id, payoutRef: 'ALI20261126001' }, asFinance),
      ),
    );
    expect(twice.filter((r) => r.code === 0)).toHaveLength(1);
    expect(twice.find((r) => r.code !== 0)!.message).toBe('该提现申请已打款，不能再审核');
    expect((await summary(d.token)).balances).toMatchObject({
      availableFen: 500,
      withdrawingFen: 0,
      withdrawnFen: 1500,
    });
    const mine = (await get(d.token, 'withdrawal/page', { programme: 'CLASSIC' })).data.list;
    expect(mine[0]).toMatchObject({ status: 'PAID', payoutRef: 'ALI20261126001' });
    // An operator without 审核提现 is refused.
    const ops = await makeOperator(server.api, OPS_TOKEN, 'operations');
    expect((await fin.get('/ops/distribution/withdrawal/page', {}, bearer(ops.token))).code).toBe(Code.FORBIDDEN);
  });

  it('two requests for the whole balance at once take it once; a rejection returns it', async () => {
    const { d } = await earner(2);
    const replies = await Promise.all(
      [1, 2, 3].map(() =>
        withdraw(d.token, { amountFen: 2000, method: 'BANK', bankName: '招商银行', accountNo: '6225 8801 2345 6789' }),
      ),
    );
    expect(replies.filter((r) => r.code === 0)).toHaveLength(1);
    expect(replies.filter((r) => r.code !== 0).map((r) => r.message)).toEqual([
      '可提现金额只有 ¥0.00',
      '可提现金额只有 ¥0.00',
    ]);
    const ok = replies.find((r) => r.code === 0)!;
    expect(ok.data).toMatchObject({ accountMasked: '6225 **** **** 6789', bankName: '招商银行' });
    expect((await get(d.token, 'withdrawal/page', { programme: 'CLASSIC' })).data.total).toBe(1);

    const fin = consoleCalls(server, OPS_TOKEN);
    expect(
      await fin.post('/ops/distribution/withdrawal/reject', { id: ok.data.id, reason: '户名与实名不一致' }),
    ).toMatchObject({ code: 0, data: { status: 'REJECTED', rejectReason: '户名与实名不一致' } });
    expect((await summary(d.token)).balances).toMatchObject({ availableFen: 2000, withdrawingFen: 0 });
    expect((await fin.post('/ops/distribution/withdrawal/approve', { id: ok.data.id, payoutRef: 'X1' })).message).toBe(
      '该提现申请已驳回，不能再审核',
    );
  });

  it('a refund of withdrawn commission becomes 待扣回, and no withdrawal until later income pays it', async () => {
    const { d, b, orderNo } = await earner(2);
    expect((await withdraw(d.token, { amountFen: 2000 })).code).toBe(0);
    await kit.refundFirstLine(server, OPS_TOKEN, b.token, orderNo, 1);
    expect((await summary(d.token)).balances).toMatchObject({ availableFen: 0, withdrawingFen: 2000, owedFen: 1000 });
    expect((await withdraw(d.token, { amountFen: 1000 })).message).toBe('有 ¥10.00 待扣回佣金，扣回后才能提现');
    const history = (await get(d.token, 'order/detail', { programme: 'CLASSIC', orderNo })).data;
    expect(history).toMatchObject({
      netCommissionFen: 1000,
      statusText: '已结算',
      lines: [{ reversedFen: 1000, refundedFen: 20000 }],
    });
    expect(history.history.map((h: { kind: string }) => h.kind)).toEqual(['EARN', 'SETTLE', 'REVERSE_SETTLED']);
  });

  it('bad withdrawals are refused in Chinese and change nothing', async () => {
    const { d } = await earner(2);
    const cases: [Record<string, unknown>, string][] = [
      [{ amountFen: 999 }, '单笔提现不少于 ¥10.00'],
      [{ amountFen: 0 }, '请输入提现金额'],
      [{ amountFen: -100 }, '请输入提现金额'],
      [{ amountFen: 10.5 }, '提现金额必须是整数'],
      [{ amountFen: '一百' }, '提现金额必须是整数'],
      [{ amountFen: 1e12 }, '单笔提现不能超过 ¥1,000,000.00'],
      [{ amountFen: 2001 }, '可提现金额只有 ¥20.00'],
      [{ amountFen: 1000, method: 'WECHAT' }, '提现方式取值不正确'],
      [{ amountFen: 1000, accountNo: 'not-an-account' }, '请输入正确的支付宝账号（手机号或邮箱）'],
      [{ amountFen: 1000, method: 'BANK', accountNo: '6225880123456789' }, '请填写开户银行'],
      [
        { amountFen: 1000, method: 'BANK', bankName: '招商银行', accountNo: "6225' OR 1=1" },
        '银行卡号应为 12–19 位数字',
      ],
      [{ amountFen: 1000, accountName: '' }, '请填写收款人姓名'],
      [{ amountFen: 1000, accountName: '名'.repeat(31) }, '收款人姓名不能超过 30 个字符'],
      [{ amountFen: 1000, programme: 'PROMOTER' }, '您还不是推广计划的成员，请先申请加入'],
    ];
    for (const [body, message] of cases)
      expect((await withdraw(d.token, body)).message, JSON.stringify(body)).toBe(message);
    expect((await summary(d.token)).balances).toMatchObject({ availableFen: 2000, withdrawingFen: 0 });
    expect((await get(d.token, 'withdrawal/page', { programme: 'CLASSIC' })).data.total).toBe(0);
  });
});

describe('orders and privacy', () => {
  it('the member’s orders with the buyer masked; others read nothing of them', async () => {
    const { d, orderNo } = await earner(1);
    const page = (await get(d.token, 'order/page', { programme: 'CLASSIC' })).data;
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({
      orderNo,
      buyerName: expect.stringMatching(/^.\*\*\*$/),
      netCommissionFen: 1000,
      statusText: '已结算',
    });
    expect((await get(d.token, 'order/page', { programme: 'CLASSIC', status: 'FROZEN' })).data.total).toBe(0);
    expect(
      (await get(d.token, 'order/page', { programme: 'CLASSIC', from: '2000-01-01', to: '2000-01-02' })).data.total,
    ).toBe(0);

    const other = await kit.approvedDistributor(server, OPS_TOKEN);
    expect((await get(other.token, 'order/page', { programme: 'CLASSIC' })).data.total).toBe(0);
    expect(await get(other.token, 'order/detail', { programme: 'CLASSIC', orderNo })).toMatchObject({
      code: Code.NOT_FOUND,
      message: '分销订单不存在',
    });
    const stranger = await registeredMember(server.api);
    for (const path of ['income/summary', 'income/ledger', 'order/page', 'withdrawal/page'])
      expect(await get(stranger.accessToken, path, { programme: 'CLASSIC' })).toMatchObject({
        code: Code.DISTRIBUTION_NOT_MEMBER,
      });
    expect((await get(d.token, 'order/detail', { programme: 'CLASSIC', orderNo: "1' OR '1'='1" })).message).toBe(
      '订单号格式不正确',
    );
    expect((await get(d.token, 'order/page', { programme: 'CLASSIC', from: '2026-13-01' })).message).toBe(
      '开始日期格式不正确',
    );
    expect((await get(d.token, 'order/page', { programme: 'CLASSIC', status: 'LOST' })).message).toBe(
      '佣金状态取值不正确',
    );
  });
});
