import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../lib/db.ts';
import { hashPassword } from '../lib/passwords.ts';
import { insertMember } from '../modules/accounts/accounts.repo.ts';
import {
  applyMove,
  EMPTY_BALANCES,
  type BalanceMove,
  type Balances,
} from '../modules/distribution/commission-rules.ts';
import { startCatalogServer, type TestServer } from '../test/kit/index.ts';
import { seedDemoDistribution } from './demo-distribution.ts';
import { DEMO_PASSWORD, DEMO_USERNAME } from './demo.ts';

/**
 * The 分销/推广 demo data: the demo member signed in finds both programmes filled — goods, orders in
 * every state, income with a withdrawal paid and one under review, after-sales with their effect, a
 * team — and another member's application waits in the console. Its ledger replays to its balances;
 * a second start adds nothing.
 */
let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startCatalogServer(120);
  const ctx = server.running.app.ctx;
  await insertMember(ctx.db, {
    username: DEMO_USERNAME,
    mobile: '13800138000',
    passwordHash: await hashPassword(DEMO_PASSWORD),
    nickname: '演示会员',
    roles: ['member'],
  });
}, 180_000);
afterAll(() => server?.close());

const db = () => server.running.app.ctx.db;
const get = (path: string, query: Record<string, string | number> = {}) =>
  server.api.get(`/member/distribution/${path}`, { token, query });
const counts = async () =>
  (
    await rows<Record<string, number>>(
      db(),
      sql`SELECT (SELECT count(*) FROM members)::int AS members, (SELECT count(*) FROM orders)::int AS orders,
                 (SELECT count(*) FROM commissions)::int AS commissions,
                 (SELECT count(*) FROM distribution_ledger)::int AS ledger,
                 (SELECT count(*) FROM distribution_skus)::int AS skus,
                 (SELECT count(*) FROM withdrawals)::int AS withdrawals,
                 (SELECT count(*) FROM distribution_applications)::int AS applications,
                 (SELECT count(*) FROM after_sales)::int AS after_sales`,
    )
  )[0]!;

describe('demo 分销 and 推广', () => {
  it('fills both programmes’ screens for the demo member, quickly, once', async () => {
    const ctx = server.running.app.ctx;
    const said: string[] = [];
    const started = Date.now();
    await seedDemoDistribution(ctx, DEMO_USERNAME, (m) => said.push(m));
    const took = Date.now() - started;
    expect(said).toEqual([
      expect.stringMatching(/^演示分销与推广 \(demo distribution\): 演示会员已加入两个计划，7 笔订单，\d+ ms$/),
    ]);
    expect(took, 'the seed runs on every fresh start').toBeLessThan(30_000);

    const before = await counts();
    await seedDemoDistribution(ctx, DEMO_USERNAME, (m) => said.push(m));
    expect(await counts()).toEqual(before);
    expect(said).toHaveLength(1);

    const login = await server.api.post('/member/user/auth/login/pw', {
      form: { username: DEMO_USERNAME, password: DEMO_PASSWORD, remember: false, clientType: 'PC_BROWSER' },
    });
    expect(login.code, login.message).toBe(0);
    token = login.data.accessToken;

    for (const programme of ['CLASSIC', 'PROMOTER']) {
      expect((await get('apply/status', { programme })).data).toMatchObject({ active: true, state: 'APPROVED' });
      const goods = (await get('goods/page', { programme })).data;
      expect(goods.total, programme).toBe(3);
      for (const card of goods.list) expect(card.commissionFen).toBeGreaterThan(0);
    }
    const classicRules = (await get('goods/page', { programme: 'CLASSIC' })).data.list.map(
      (c: { commissionText: string }) => c.commissionText,
    );
    expect(classicRules.some((t: string) => t.startsWith('赚 '))).toBe(true);
    expect(classicRules.some((t: string) => t.includes('¥'))).toBe(true);

    // 分销: 冻结中, 可提现, 提现中 ¥10.00, 已提现; the refunded order's commission taken back.
    const classic = (await get('income/summary', { programme: 'CLASSIC' })).data.balances;
    expect(classic).toMatchObject({ withdrawingFen: 1000, owedFen: 0 });
    expect(classic.frozenFen).toBeGreaterThan(0);
    expect(classic.availableFen).toBeGreaterThan(0);
    expect(classic.withdrawnFen).toBeGreaterThan(0);
    const orders = (await get('order/page', { programme: 'CLASSIC' })).data;
    expect(orders.total).toBe(4);
    expect(new Set(orders.list.map((o: { statusText: string }) => o.statusText))).toEqual(
      new Set(['冻结中', '已结算', '已退回']),
    );
    expect(orders.list[0].buyerName).toBe('橙***');
    const withdrawals = (await get('withdrawal/page', { programme: 'CLASSIC' })).data.list;
    expect(withdrawals.map((w: { status: string }) => w.status)).toEqual(['PENDING', 'PAID']);
    const afterSales = (await get('afterSale/page', { programme: 'CLASSIC' })).data.list;
    expect(afterSales.map((a: { effectText: string }) => a.effectText)).toEqual([
      '退款完成后将扣回相应佣金',
      expect.stringMatching(/^佣金已扣回 ¥\d+\.\d\d$/),
    ]);

    // 推广: settled and frozen (direct and, from the team's purchase, indirect); the team.
    const promoter = (await get('income/summary', { programme: 'PROMOTER' })).data;
    expect(promoter.balances.availableFen).toBeGreaterThan(0);
    expect(promoter.balances.frozenFen).toBeGreaterThan(0);
    expect(promoter).toMatchObject({ level: { name: '普通' }, teamSize: 1 });
    const tiers = (await get('order/page', { programme: 'PROMOTER' })).data.list.flatMap(
      (o: { lines: { tier: string }[] }) => o.lines.map((l) => l.tier),
    );
    expect(tiers.sort()).toEqual(['DIRECT', 'DIRECT', 'INDIRECT']);
    expect((await get('team')).data).toMatchObject({ directCount: 2, indirectCount: 1, total: 3 });

    // The console's 审核 list has an application waiting; 财务 has a withdrawal to review.
    const [pending] = await rows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM distribution_applications WHERE status = 'PENDING'`,
    );
    expect(pending!.n).toBe(1);
  });

  it('the ledger replays to the balances of every account it made', async () => {
    const accounts = await rows<{ member_id: string; programme: string } & Record<string, number>>(
      db(),
      sql`SELECT member_id, programme, frozen_fen::int AS frozen, available_fen::int AS available,
                 withdrawing_fen::int AS withdrawing, withdrawn_fen::int AS withdrawn, owed_fen::int AS owed
          FROM distribution_accounts`,
    );
    expect(accounts.length).toBeGreaterThanOrEqual(3);
    for (const a of accounts) {
      const ledger = await rows<{
        kind: BalanceMove['kind'];
        amount_fen: number;
        frozen_after: number;
        available_after: number;
      }>(
        db(),
        sql`SELECT kind, amount_fen, frozen_after::int, available_after::int FROM distribution_ledger
            WHERE member_id = ${a.member_id} AND programme = ${a.programme} ORDER BY id`,
      );
      let b: Balances = EMPTY_BALANCES;
      for (const row of ledger) {
        const moved = applyMove(b, { kind: row.kind, amountFen: row.amount_fen });
        if ('refused' in moved) throw new Error(moved.refused);
        b = moved.balances;
        expect([b.frozenFen, b.availableFen]).toEqual([row.frozen_after, row.available_after]);
      }
      expect(b).toEqual({
        frozenFen: a.frozen,
        availableFen: a.available,
        withdrawingFen: a.withdrawing,
        withdrawnFen: a.withdrawn,
        owedFen: a.owed,
      });
    }
  });
});
