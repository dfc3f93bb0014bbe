import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rows, sql } from '../lib/db.ts';
import { processMetrics } from '../lib/metrics.ts';
import { findOrderForPayment } from '../modules/orders/orders.service.ts';
import { buyNow, buyer, dbOf, makeGoods, startTestServer, stockOf, type TestServer } from '../test/kit/index.ts';
import { startTimedWork } from './timed-work.ts';

/**
 * The timed work started as bootstrap.ts starts it, in one process: on PGlite (the unit pass) its
 * timers, on PostgreSQL (scripts/pg-test.sh) the pg-boss queue in the test's database. Either way an
 * unpaid order past its deadline is cancelled by the sweep, once, and the run is counted. Across
 * several processes: timed-work-processes.test.ts.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer(); // its own timed work is off (tests); this file starts it by hand
});
afterAll(async () => {
  await server.close();
});

async function ordersSweeps() {
  const metric = await processMetrics.sweeperRuns.get();
  return metric.values
    .filter((v) => v.labels.sweeper === 'orders' && v.labels.result === 'ok')
    .reduce((n, v) => n + v.value, 0);
}

describe('timed work in one process', () => {
  test('an unpaid order past its deadline is cancelled by the sweep, once, and the sweep is counted', async () => {
    const ctx = server.running.app.ctx;
    const db = dbOf(server);
    const goods = await makeGoods(db, { stock: 10 });
    const b = await buyer(server.api);
    const { orderNo } = (await buyNow(server.api, b, goods.skuId, 2)).data as { orderNo: string };
    await db.execute(sql`UPDATE orders SET pay_deadline = now() - interval '1 minute' WHERE order_no = ${orderNo}`);
    const sweepsBefore = await ordersSweeps();

    const timedWork = await startTimedWork({ ...ctx, config: { ...ctx.config, SWEEP_INTERVAL_SECONDS: 1 } });
    try {
      await expect
        .poll(async () => (await findOrderForPayment(db, orderNo))?.status, { timeout: 60_000, interval: 200 })
        .toBe('CANCELLED');
      await expect.poll(ordersSweeps, { timeout: 30_000, interval: 200 }).toBeGreaterThan(sweepsBefore);
    } finally {
      await timedWork.stop();
    }
    const cancelled = await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM order_events e JOIN orders o ON o.id = e.order_id WHERE o.order_no = ${orderNo} AND e.type = 'cancel'`,
    );
    expect(cancelled[0]!.n).toBe(1);
    expect(await stockOf(db, goods.skuId)).toBe(10);
    if (ctx.dbKind === 'postgres') {
      // it was the queue's work: a finished order-sweep job in pg-boss's schema
      const jobs = await rows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'order-sweep' AND state = 'completed'`,
      );
      expect(jobs[0]!.n).toBeGreaterThan(0);
    }
  });

  test("an order's 销量 reaches its goods through the timed fold of the tally, once", async () => {
    const ctx = server.running.app.ctx;
    const db = dbOf(server);
    const goods = await makeGoods(db, { stock: 10 });
    const b = await buyer(server.api);
    expect((await buyNow(server.api, b, goods.skuId, 3)).code).toBe(0);
    // read straight from the goods row: the kit's salesOf folds the tally itself
    const salesOnRow = async () =>
      (await rows<{ sales: number }>(db, sql`SELECT sales FROM goods WHERE id = ${goods.goodsId}`))[0]!.sales;
    expect(await salesOnRow()).toBe(0);

    const timedWork = await startTimedWork({ ...ctx, config: { ...ctx.config, SWEEP_INTERVAL_SECONDS: 1 } });
    try {
      await expect.poll(salesOnRow, { timeout: 30_000, interval: 100 }).toBe(3);
      const left = await rows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM goods_sales_tally WHERE goods_id = ${goods.goodsId}`,
      );
      expect(left[0]!.n).toBe(0);
    } finally {
      await timedWork.stop();
    }
    expect(await salesOnRow()).toBe(3);
  });
});
