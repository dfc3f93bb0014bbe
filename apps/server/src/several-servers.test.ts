/**
 * The shop's concurrency rules with the load spread over two real server processes on one PostgreSQL
 * database (test/kit/server-fleet.ts), as behind a load balancer: each race of the single-server suites
 * (checkout-concurrency, checkout, checkout-activities, coupons, checkout-coupons, checkout-points,
 * distribution/income) again, request i sent to server i % 2, with the same outcomes asserted. A rule
 * kept only in one process's memory (a lock, a queue, a cache) would pass there and fail here.
 * Set-up goes through the holding test server (same secrets, so its tokens open sessions on both).
 * Then the cache bus between the two processes: latencies printed, bounds generous (a shared 2-core
 * machine's scheduling is not the code's). PostgreSQL only (scripts/pg-test.sh): PGlite is one process's.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { rows, sql } from './lib/db.ts';
import { CACHE_LISTENER_NAME } from './lib/cache-listener.ts';
import { makeTemplate } from './modules/coupons/coupons-test-kit.ts';
import * as distribution from './modules/distribution/distribution-test-kit.ts';
import { changePoints } from './modules/points/points.service.ts';
import { ledgerSum } from './modules/points/points-test-kit.ts';
import {
  asOps,
  buyer,
  dbOf,
  makeGoods,
  memberIdOf,
  newKey,
  orderCount,
  salesOf,
  stockOf,
  type Api,
  type Buyer,
} from './test/kit/index.ts';
import { startServerFleet, type ServerFleet } from './test/kit/server-fleet.ts';
import { START_WAIT_MS } from './test/kit/server-process.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** Far above the measured figures and far below a cache's time limit: catches a cache never dropped. */
const SEEN_WITHIN_MS = 3_000;
const CACHE_WRITES = 100;

describe.skipIf(!onPostgres)(
  'two server processes on one PostgreSQL (skipped on PGlite: one process’s database)',
  () => {
    let fleet: ServerFleet;
    beforeAll(async () => {
      fleet = await startServerFleet('several-servers-');
      console.info(`two server processes started in ${fleet.servers.map((s) => s.startMs).join(' and ')} ms`);
    }, START_WAIT_MS + 60_000);
    afterAll(() => fleet?.close());

    const db = () => dbOf(fleet.holder);
    const ops = (path: string, json: unknown) => fleet.holder.api.post(path, { json, ...asOps(fleet.opsToken) });
    const submit = (api: Api, token: string, json: unknown) =>
      api.post('/member/trade/checkout/submit', { token, json });
    const buyNowBody = (b: Buyer, skuId: number, extra: Record<string, unknown> = {}) => ({
      buyNow: { skuId, quantity: 1, ...extra },
      addressId: b.addressId,
      idempotencyKey: newKey(),
    });
    /** Buyers made ten at a time through the holder (set-up, not the race). */
    async function buyers(n: number, points = 0) {
      const made: (Buyer & { memberId: string })[] = [];
      for (let i = 0; i < n; i += 10) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(10, n - i) }, async () => {
            const b = await buyer(fleet.holder.api);
            const memberId = await memberIdOf(fleet.holder.api, b.token);
            if (points > 0) await changePoints(db(), { memberId, amount: points, reason: 'OPS_GRANT', note: '测试' });
            return { ...b, memberId };
          }),
        );
        made.push(...batch);
      }
      return made;
    }
    const codes = (replies: { code: number }[]) => replies.map((r) => r.code);
    const winners = <T extends { code: number }>(replies: T[]) => replies.filter((r) => r.code === Code.OK);

    it('checkout: 40 buyers over both servers for the last 10 units make exactly 10 orders; stock 0, never below', async () => {
      const g = await makeGoods(db(), { name: '双进程限量球鞋', priceFen: 129900, stock: 10 });
      const racers = await buyers(40);
      let lowest = Infinity;
      let watching = true;
      const watcher = (async () => {
        while (watching) lowest = Math.min(lowest, await stockOf(db(), g.skuId));
      })();
      const replies = await fleet.race(racers.length, (api, i) =>
        submit(api, racers[i]!.token, buyNowBody(racers[i]!, g.skuId)),
      );
      watching = false;
      await watcher;
      expect(winners(replies)).toHaveLength(10);
      expect(codes(replies).filter((c) => c !== Code.OK && c !== Code.OUT_OF_STOCK)).toEqual([]);
      expect(await stockOf(db(), g.skuId)).toBe(0);
      expect(lowest).toBeGreaterThanOrEqual(0);
      expect(await salesOf(db(), g.goodsId)).toBe(10);
      const [ordered] = await rows<{ lines: number; units: number }>(
        db(),
        sql`SELECT count(*)::int AS lines, coalesce(sum(quantity), 0)::int AS units FROM order_items WHERE sku_id = ${g.skuId}`,
      );
      expect(ordered).toEqual({ lines: 10, units: 10 });
    }, 180_000);

    it('one idempotency key sent to both servers at once makes one order, and either answers it afterwards', async () => {
      const [b] = await buyers(1);
      const g = await makeGoods(db(), { priceFen: 1000, stock: 100 });
      const body = buyNowBody(b!, g.skuId);
      const replies = await fleet.race(10, (api) => submit(api, b!.token, body));
      expect(codes(replies)).toEqual(Array(10).fill(Code.OK));
      expect(new Set(replies.map((r) => r.data.orderNo)).size).toBe(1);
      expect(replies.filter((r) => r.data.created)).toHaveLength(1);
      for (const api of fleet.apis) {
        expect((await submit(api, b!.token, body)).data).toMatchObject({
          orderNo: replies[0]!.data.orderNo,
          created: false,
        });
      }
      expect(await orderCount(db(), sql`idempotency_key = ${body.idempotencyKey}`)).toBe(1);
      expect(await stockOf(db(), g.skuId)).toBe(99);
    });

    it('秒杀: 30 buyers for 6 units make 6 orders; one member’s 6 orders at once stop at the limit of 2', async () => {
      const flashSale = async (skuId: number, stock: number) => {
        const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
        const made = await ops('/ops/promotion/activity/create', {
          kind: 'FLASH_SALE',
          title: '双进程秒杀',
          perMemberLimit: 2,
          startsAt: minutes(-1),
          endsAt: minutes(60),
          skus: [{ skuId, priceFen: 990, stock }],
        });
        expect(made.code, made.message).toBe(Code.OK);
        expect((await ops('/ops/promotion/activity/schedule', { id: made.data.id })).code).toBe(Code.OK);
        return made.data.id as number;
      };
      const session = async (activityId: number) =>
        (
          await rows<{ stock: number; sold: number }>(
            db(),
            sql`SELECT stock, sold FROM activity_skus WHERE activity_id = ${activityId}`,
          )
        )[0];

      const g = await makeGoods(db(), { priceFen: 5900, stock: 50 });
      const id = await flashSale(g.skuId, 6);
      const racers = await buyers(30);
      const replies = await fleet.race(racers.length, (api, i) =>
        submit(api, racers[i]!.token, buyNowBody(racers[i]!, g.skuId, { activityId: id })),
      );
      expect(winners(replies)).toHaveLength(6);
      expect(codes(replies).filter((c) => c !== Code.OK && c !== Code.ACTIVITY_STOCK_SHORT)).toEqual([]);
      expect(await session(id)).toEqual({ stock: 0, sold: 6 });
      expect(await stockOf(db(), g.skuId)).toBe(44); // 50 − the 6 units the session took; the goods’ own stock untouched

      const h = await makeGoods(db(), { priceFen: 5900, stock: 50 });
      const limited = await flashSale(h.skuId, 20);
      const one = racers[0]!;
      const mine = await fleet.race(6, (api) =>
        submit(api, one.token, buyNowBody(one, h.skuId, { activityId: limited })),
      );
      expect(winners(mine)).toHaveLength(2);
      expect(codes(mine).filter((c) => c !== Code.OK && c !== Code.ACTIVITY_LIMIT)).toEqual([]);
      expect(await session(limited)).toEqual({ stock: 18, sold: 2 });
    }, 180_000);

    it('coupons: 20 members for 8 get exactly 8; one member’s 20 claims of a limit-1 coupon give one', async () => {
      const claim = (api: Api, token: string, templateId: number) =>
        api.post('/member/promotion/coupon/claim', { token, json: { templateId } });
      const held = async (templateId: number) =>
        (
          await rows<{ coupons: number; members: number; claimed: number }>(
            db(),
            sql`SELECT count(*)::int AS coupons, count(DISTINCT member_id)::int AS members,
                     (SELECT claimed_count FROM coupon_templates WHERE id = ${templateId}) AS claimed
              FROM member_coupons WHERE template_id = ${templateId}`,
          )
        )[0];

      const t = await makeTemplate(db(), { totalQuantity: 8 });
      const racers = await buyers(20);
      const replies = await fleet.race(racers.length, (api, i) => claim(api, racers[i]!.token, t.id));
      expect(winners(replies)).toHaveLength(8);
      expect(codes(replies).filter((c) => c !== Code.OK && c !== Code.COUPON_SOLD_OUT)).toEqual([]);
      expect(await held(t.id)).toEqual({ coupons: 8, members: 8, claimed: 8 });

      const one = await makeTemplate(db(), { totalQuantity: 50, perMemberLimit: 1 });
      const mine = await fleet.race(20, (api) => claim(api, racers[0]!.token, one.id));
      expect(winners(mine)).toHaveLength(1);
      expect(codes(mine).filter((c) => c !== Code.OK && c !== Code.COUPON_LIMIT)).toEqual([]);
      expect(await held(one.id)).toEqual({ coupons: 1, members: 1, claimed: 1 });
    }, 120_000);

    it('one coupon in four checkouts at once over both servers is used by one order', async () => {
      const [b] = await buyers(1);
      const g = await makeGoods(db(), { priceFen: 20000, stock: 10 });
      const t = await makeTemplate(db(), { thresholdFen: 0, amountFen: 3000 });
      const claimed = await fleet.holder.api.post('/member/promotion/coupon/claim', {
        token: b!.token,
        json: { templateId: t.id },
      });
      const couponId = claimed.data.coupon.id as string;
      const orders = await orderCount(db());
      const replies = await fleet.race(4, (api) => submit(api, b!.token, { ...buyNowBody(b!, g.skuId), couponId }));
      const won = winners(replies);
      expect(won).toHaveLength(1);
      expect(
        codes(replies).filter((c) => c !== Code.OK && c !== Code.COUPON_TAKEN && c !== Code.COUPON_UNUSABLE),
      ).toEqual([]);
      expect(await orderCount(db())).toBe(orders + 1);
      const [coupon] = await rows<{ status: string; order_no: string }>(
        db(),
        sql`SELECT status, order_no FROM member_coupons WHERE id = ${couponId}`,
      );
      expect(coupon).toEqual({ status: 'HELD', order_no: won[0]!.data.orderNo });
      expect(await stockOf(db(), g.skuId)).toBe(9);
    });

    it('points: six check-outs of 400 from 1,000 at once spend it twice; the balance is the ledger’s sum, never below zero', async () => {
      const [b] = await buyers(1, 1000);
      const g = await makeGoods(db(), { priceFen: 10000, stock: 50 });
      const replies = await fleet.race(6, (api) => submit(api, b!.token, { ...buyNowBody(b!, g.skuId), points: 400 }));
      expect(winners(replies)).toHaveLength(2);
      expect(codes(replies).filter((c) => c !== Code.OK && c !== Code.POINTS_INSUFFICIENT)).toEqual([]);
      expect(await ledgerSum(fleet.holder, b!.memberId)).toEqual({ sum: 200, balance: 200 });
      expect(await stockOf(db(), g.skuId)).toBe(48);
    });

    it('积分商城: 20 redemptions of the last 10 make 10; one member’s 12 at once stop at the limit of 2', async () => {
      const mallGoods = async (stock: number, perMemberLimit: number) => {
        const g = await makeGoods(db(), { priceFen: 5900, stock: 100 });
        const made = await ops('/ops/points/mall/create', {
          skuId: g.skuId,
          category: '双进程兑换',
          pointsPrice: 100,
          cashFen: 0,
          stock,
          perMemberLimit,
          onShelf: true,
        });
        expect(made.code, made.message).toBe(Code.OK);
        return made.data.id as number;
      };
      const mallRow = async (id: number) =>
        (
          await rows<{ stock: number; redeemed: number }>(
            db(),
            sql`SELECT stock, redeemed FROM points_mall_goods WHERE id = ${id}`,
          )
        )[0];
      const redeem = (api: Api, b: Buyer, id: number) =>
        submit(api, b.token, { pointsMall: { id, quantity: 1 }, addressId: b.addressId, idempotencyKey: newKey() });

      const last = await mallGoods(10, 0);
      const racers = await buyers(20, 100);
      const replies = await fleet.race(racers.length, (api, i) => redeem(api, racers[i]!, last));
      expect(winners(replies)).toHaveLength(10);
      expect(codes(replies).filter((c) => c !== Code.OK && c !== Code.POINTS_MALL_SOLD_OUT)).toEqual([]);
      expect(await mallRow(last)).toEqual({ stock: 0, redeemed: 10 });
      const balances = await Promise.all(racers.map(async (r) => (await ledgerSum(fleet.holder, r.memberId)).balance));
      expect(balances.filter((x) => x === 0)).toHaveLength(10);
      expect(balances.filter((x) => x === 100)).toHaveLength(10);

      const [rich] = await buyers(1, 10_000);
      const limited = await mallGoods(20, 2);
      const mine = await fleet.race(12, (api) => redeem(api, rich!, limited));
      expect(winners(mine)).toHaveLength(2);
      expect(codes(mine).filter((c) => c !== Code.OK && c !== Code.POINTS_MALL_LIMIT)).toEqual([]);
      expect(await ledgerSum(fleet.holder, rich!.memberId)).toEqual({ sum: 9800, balance: 9800 });
      expect(await mallRow(limited)).toEqual({ stock: 18, redeemed: 2 });
    }, 180_000);

    it('withdrawals: six requests for the whole balance at once over both servers take it once', async () => {
      const d = await distribution.approvedDistributor(fleet.holder, fleet.opsToken);
      const g = await distribution.classicGoods(fleet.holder, fleet.opsToken, 500, 20000);
      const b = await distribution.boundBuyer(fleet.holder, d.token, g.goodsId);
      await distribution.settledOrder(fleet.holder, fleet.opsToken, b, g.skuId, 2); // 5 % of ¥400: ¥20.00 可提现
      const replies = await fleet.race(6, (api) =>
        api.post('/member/distribution/withdraw', {
          token: d.token,
          json: {
            programme: 'CLASSIC',
            method: 'BANK',
            bankName: '招商银行',
            accountName: '王小明',
            accountNo: '6225 8801 2345 6789',
            amountFen: 2000,
          },
        }),
      );
      expect(winners(replies)).toHaveLength(1);
      expect(replies.filter((r) => r.code !== Code.OK).map((r) => r.message)).toEqual(
        Array(5).fill('可提现金额只有 ¥0.00'),
      );
      const summary = await fleet.holder.api.get('/member/distribution/income/summary', {
        token: d.token,
        query: { programme: 'CLASSIC' },
      });
      expect(summary.data.balances).toMatchObject({ availableFen: 0, withdrawingFen: 2000 });
      const [requested] = await rows<{ n: number; fen: number }>(
        db(),
        sql`SELECT count(*)::int AS n, coalesce(sum(amount_fen), 0)::int AS fen FROM withdrawals WHERE member_id = ${d.memberId}`,
      );
      expect(requested).toEqual({ n: 1, fen: 2000 });
    }, 120_000);

    describe('the cache bus between the two processes', () => {
      type Node = { id: number; name: string; children: Node[] };
      const find = (nodes: Node[], id: number): Node | undefined =>
        nodes.map((n) => (n.id === id ? n : find(n.children, id))).find(Boolean);
      const write = async (path: string, json: unknown) => {
        const saved = await fleet.apis[0]!.post(path, { json, ...asOps(fleet.opsToken) });
        expect(saved.code, saved.message).toBe(Code.OK);
        return saved;
      };
      const siteNameOnReader = async () => (await fleet.apis[1]!.get('/member/site/site')).data.siteName as string;
      const categoryOnReader = async (id: number) =>
        find((await fleet.apis[1]!.get('/member/goods/category/tree')).data, id)?.name;
      /** Milliseconds from the write's reply until the reader's reads (back to back) show it. */
      async function msUntilSeen(read: () => Promise<string | undefined>, wanted: string) {
        const start = performance.now();
        while (performance.now() - start < SEEN_WITHIN_MS)
          if ((await read()) === wanted) return performance.now() - start;
        throw new Error(`not seen within ${SEEN_WITHIN_MS} ms: ${wanted}`);
      }
      const quantile = (list: number[], q: number) => [...list].sort((a, b) => a - b)[Math.ceil(list.length * q) - 1]!;
      /** The reader's own listening connection (not the writer's, nor the holder's), by its client port. */
      const readerListeners = async () => {
        const ports = tcpPortsOf(fleet.servers[1]!.pid);
        const listening = await rows<{ pid: number; port: number }>(
          db(),
          sql`SELECT pid, client_port AS port FROM pg_stat_activity
            WHERE application_name = ${CACHE_LISTENER_NAME} AND datname = current_database()`,
        );
        return listening.filter((l) => ports.has(l.port)).map((l) => l.pid);
      };

      it(`${CACHE_WRITES} operator writes through one are each seen in the other’s cached reads; after its listener is cut too`, async () => {
        const categoryId = (await write('/ops/category/save', { name: '双进程分类', sort: 990 })).data.id as number;
        await write('/ops/settings/save', { key: 'siteName', value: '双进程商城' });
        await msUntilSeen(() => categoryOnReader(categoryId), '双进程分类');
        await msUntilSeen(siteNameOnReader, '双进程商城');
        // The reader serves from its cache: a change made past the services does not reach it.
        await rows(db(), sql`UPDATE site_config SET value = '"改在库里"'::jsonb WHERE key = 'siteName'`);
        await rows(db(), sql`UPDATE categories SET name = '改在库里' WHERE id = ${categoryId}`);
        expect(await siteNameOnReader()).toBe('双进程商城');
        expect(await categoryOnReader(categoryId)).toBe('双进程分类');

        const seen: number[] = [];
        for (let i = 0; i < CACHE_WRITES; i++) {
          if (i % 2 === 0) {
            await write('/ops/settings/save', { key: 'siteName', value: `商城${i}` });
            seen.push(await msUntilSeen(siteNameOnReader, `商城${i}`));
          } else {
            await write('/ops/category/save', { id: categoryId, name: `分类${i}`, sort: 990 });
            seen.push(await msUntilSeen(() => categoryOnReader(categoryId), `分类${i}`));
          }
        }

        const listening = await readerListeners();
        expect(listening).toHaveLength(1);
        const listener = listening[0]!;
        const [cut] = await rows<{ done: boolean }>(db(), sql`SELECT pg_terminate_backend(${listener}::int) AS done`);
        expect(cut!.done).toBe(true);
        await write('/ops/settings/save', { key: 'siteName', value: '断线之后' });
        const afterCut = await msUntilSeen(siteNameOnReader, '断线之后');
        // It listens again on a new connection, and a write travels as before the cut.
        const since = performance.now();
        while ((await readerListeners()).length === 0) expect(performance.now() - since).toBeLessThan(10_000);
        expect(await readerListeners()).not.toContain(listener);
        await write('/ops/settings/save', { key: 'siteName', value: '重连之后' });
        await msUntilSeen(siteNameOnReader, '重连之后');
        console.info(
          `cache bus across two processes: ${CACHE_WRITES} writes seen on the other after p50 ${quantile(seen, 0.5).toFixed(1)} ms, ` +
            `p99 ${quantile(seen, 0.99).toFixed(1)} ms, max ${Math.max(...seen).toFixed(1)} ms; ` +
            `after its listening connection was cut ${afterCut.toFixed(0)} ms`,
        );
      }, 120_000);
    });
  },
);

/** The local TCP ports of a process's sockets on this machine (Linux: its fds' inodes in /proc/net/tcp). */
function tcpPortsOf(pid: number): Set<number> {
  const inodes = new Set(
    fs
      .readdirSync(`/proc/${pid}/fd`)
      .map(
        (fd) => /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`, { encoding: 'utf8' }))?.[1] ?? '',
      ),
  );
  const ports = new Set<number>();
  for (const table of ['tcp', 'tcp6']) {
    for (const line of fs.readFileSync(`/proc/${pid}/net/${table}`, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length > 9 && inodes.has(cols[9]!)) ports.add(parseInt(cols[1]!.split(':')[1]!, 16));
    }
  }
  return ports;
}
