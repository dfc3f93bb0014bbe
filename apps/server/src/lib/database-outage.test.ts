/**
 * PostgreSQL going away under load — a restart or a failover, as the server sees it: the server under
 * test reaches the database through a TCP proxy (test/kit/database-proxy.ts) that drops every connection
 * and refuses new ones for a while, then lets them through again. Buyers keep placing orders the whole
 * time. While the database is gone /readyz says not ready and requests get a 503 with a Chinese message
 * instead of hanging; once it is back the pool serves again by itself; every order a buyer was told was
 * placed is there once, no order is half-written, stock + ordered is exact, and a retry with the same
 * idempotency key answers as the first did. The figures are printed, bounded loosely (a shared machine).
 * Runs under scripts/pg-test.sh (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { loadConfig } from '../config.ts';
import { boot, type Running } from '../bootstrap.ts';
import {
  buyer,
  dbOf,
  makeApi,
  makeGoods,
  newKey,
  startTestServer,
  type Api,
  type TestServer,
} from '../test/kit/index.ts';
import { startDatabaseProxy, type DatabaseProxy } from '../test/kit/database-proxy.ts';
import { rows, sql } from './db.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const BUYERS = 8;
const STOCK = 10_000;
const OUTAGE_MS = 3_000;
/** Far above what a refused connection takes (ms) and below a client's patience: no request hangs. */
const ANSWERED_WITHIN_MS = 8_000;

interface Attempt {
  key: string;
  buyer: number;
  status: number;
  code: number;
  message: string;
  orderNo?: string;
  ms: number;
}

describe.skipIf(!onPostgres)('PostgreSQL going away under load', () => {
  let direct: TestServer;
  let proxy: DatabaseProxy;
  let shop: Running;
  let api: Api;

  beforeAll(async () => {
    direct = await startTestServer();
    proxy = await startDatabaseProxy(direct.running.app.ctx.config.DATABASE_URL!);
    const config = loadConfig({
      NODE_ENV: 'test',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/nonexistent-test-data-dir',
      DATABASE_URL: proxy.url,
      DATABASE_POOL_SIZE: '5',
      SMS_DAILY_LIMIT_PER_IP: '100000',
      SMS_DAILY_LIMIT_PER_VISITOR: '100000',
    });
    shop = await boot(config, { inMemory: true, logger: false });
    await shop.app.listen({ port: 0, host: '127.0.0.1' });
    const address = shop.app.server.address();
    api = makeApi(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
  }, 120_000);
  afterAll(async () => {
    await proxy?.close();
    // Bounded, as a real shutdown is (main.ts gives up after 10 s): in 2 of some 30 runs under a loaded
    // full pass the pool's end waited past the hook's 2 minutes after the cut. What it waited for is
    // printed (a connection never given back shows as total > idle); the drill's findings stand above.
    const closed = shop?.close();
    const stuck = await Promise.race([closed?.then(() => false), new Promise((r) => setTimeout(() => r(true), 20_000))]);
    if (stuck) console.warn(`the shop's close waited over 20 s after the drill; its pool: ${JSON.stringify(shop.database.poolFigures?.())}`);
    await direct?.close();
  }, 60_000);

  const ready = async () => (await fetch(`${baseOf(shop)}/readyz`)).status;
  const until = async (check: () => Promise<boolean>, what: string) => {
    const started = performance.now();
    while (!(await check())) {
      if (performance.now() - started > 30_000) throw new Error(`${what}: not within 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return Math.round(performance.now() - started);
  };

  it('answers 503 while it is gone, comes back by itself, and loses or doubles no order', async () => {
    const db = dbOf(direct);
    const goods = await makeGoods(db, { name: '断网演练 保温杯', priceFen: 1990, stock: STOCK });
    const buyers = await Promise.all(Array.from({ length: BUYERS }, () => buyer(api)));
    const attempts: Attempt[] = [];
    const place = async (b: number, key: string): Promise<Attempt> => {
      const started = performance.now();
      const reply = await api.post('/member/trade/checkout/submit', {
        token: buyers[b]!.token,
        json: { buyNow: { skuId: goods.skuId, quantity: 1 }, addressId: buyers[b]!.addressId, idempotencyKey: key },
      });
      return {
        key,
        buyer: b,
        status: reply.status,
        code: reply.code,
        message: reply.message,
        orderNo: reply.data?.orderNo,
        ms: performance.now() - started,
      };
    };
    let running = true;
    const load = Promise.all(
      buyers.map(async (_b, i) => {
        while (running) {
          const attempt = await place(i, newKey());
          attempts.push(attempt);
          // A refused buyer's page waits a moment before the next try (the reply's Retry-After is 5 s).
          if (attempt.code !== Code.OK) await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }),
    );

    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const cutAt = attempts.length;
    await proxy.cut();
    const notReadyAfterMs = await until(async () => (await ready()) === 503, '/readyz 503');
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    await proxy.restore();
    const readyAgainAfterMs = await until(async () => (await ready()) === 200, '/readyz 200');
    const backAt = attempts.length;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    running = false;
    await load;

    const refused = attempts.filter((a) => a.code !== Code.OK);
    const placed = attempts.filter((a) => a.code === Code.OK);
    const slowest = Math.round(Math.max(...attempts.map((a) => a.ms)));
    console.log(
      `database cut under load: ${attempts.length} checkouts (${cutAt} before the cut, ${backAt - cutAt} during it), ` +
        `${placed.length} placed, ${refused.length} answered 503; /readyz said 503 after ${notReadyAfterMs} ms ` +
        `and 200 ${readyAgainAfterMs} ms after the database came back; slowest answer ${slowest} ms`,
    );
    // Orders were placed before and after, and refused (not hung) in between.
    expect(placed.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(attempts.slice(backAt).some((a) => a.code === Code.OK)).toBe(true);
    expect(slowest).toBeLessThan(ANSWERED_WITHIN_MS);
    for (const a of refused) {
      expect({ status: a.status, code: a.code, message: a.message }).toEqual({
        status: 503,
        code: Code.SERVICE_UNAVAILABLE,
        message: '服务暂时不可用，请稍后再试',
      });
    }

    // Each refused checkout tried again with its key: placed now, once (or, had it been placed after all
    // before the cut answered, the same order).
    for (const a of refused) {
      const again = await place(a.buyer, a.key);
      expect(again.code, again.message).toBe(Code.OK);
      const twice = await place(a.buyer, a.key);
      expect(twice.orderNo).toBe(again.orderNo);
      placed.push(again);
    }
    // A placed order answers the same to its key.
    for (const a of placed.slice(0, 5)) expect((await place(a.buyer, a.key)).orderNo).toBe(a.orderNo);

    const [counted] = await rows<{ orders: number; distinct: number; lines: number; ordered: number; stock: number }>(
      db,
      sql`SELECT count(DISTINCT o.id)::int AS orders, count(DISTINCT o.order_no)::int AS distinct,
                 count(i.id)::int AS lines, coalesce(sum(i.quantity), 0)::int AS ordered,
                 (SELECT stock FROM skus WHERE id = ${goods.skuId}) AS stock
          FROM orders o LEFT JOIN order_items i ON i.order_id = o.id
          WHERE i.sku_id = ${goods.skuId} OR NOT EXISTS (SELECT 1 FROM order_items x WHERE x.order_id = o.id)`,
    );
    // Every order the buyers were told of is there once; none without its line; stock + ordered exact.
    expect(counted!.orders).toBe(new Set(placed.map((a) => a.orderNo)).size);
    expect(counted!.lines).toBe(counted!.orders);
    expect(counted!.stock + counted!.ordered).toBe(STOCK);
  }, 120_000);
});

function baseOf(running: Running): string {
  const address = running.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}
