import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rows } from '../lib/db.ts';
import {
  startTestServer,
  type TestServer,
  buyer,
  buyNow,
  dbOf,
  makeGoods,
  orderCount,
  salesOf,
  stockOf,
} from '../test/kit/index.ts';

/**
 * 200 buyers at once for 10 units, on a real PostgreSQL server (its connection pool makes the
 * checkouts really concurrent; PGlite has one connection). Set TEST_DATABASE_URL to run it.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('checkout under contention (PostgreSQL)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 120_000);
  afterAll(() => server?.close());

  test('200 concurrent buyers for 10 units → exactly 10 orders, stock 0, never negative', async () => {
    const db = dbOf(server);
    const g = await makeGoods(db, { name: '限量球鞋', priceFen: 129900, stock: 10 });
    const buyers = [];
    for (let i = 0; i < 200; i += 20)
      buyers.push(...(await Promise.all(Array.from({ length: 20 }, () => buyer(server.api)))));

    // A watcher samples the stock while the buyers rush; it must never go below zero.
    let lowest = Infinity;
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        lowest = Math.min(lowest, await stockOf(db, g.skuId));
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const started = Date.now();
    const replies = await Promise.all(buyers.map((b) => buyNow(server.api, b, g.skuId, 1)));
    const ms = Date.now() - started;
    watching = false;
    await watcher;

    const won = replies.filter((r) => r.code === 0);
    expect(won).toHaveLength(10);
    expect(replies.filter((r) => r.code !== 0).every((r) => r.code === 108001 && r.message.includes('限量球鞋'))).toBe(
      true,
    );
    expect(await stockOf(db, g.skuId)).toBe(0);
    expect(lowest).toBeGreaterThanOrEqual(0);
    expect(await salesOf(db, g.goodsId)).toBe(10);
    expect(await orderCount(db)).toBe(10);
    const [{ n }] = (await rows<{ n: number }>(
      db,
      sql`SELECT coalesce(sum(quantity), 0)::int AS n FROM order_items WHERE sku_id = ${g.skuId}`,
    )) as [{ n: number }];
    expect(n).toBe(10);
    console.log(`200 buyers / 10 units: ${won.length} orders in ${ms} ms`);
  }, 180_000);
});
