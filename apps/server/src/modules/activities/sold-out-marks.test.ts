import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { Code } from '@mall/shared';
import { loadConfig } from '../../config.ts';
import { boot, type Running } from '../../bootstrap.ts';
import { rows, sql, type Db } from '../../lib/db.ts';
import { asOps, buyer, dbOf, makeApi, makeGoods, newKey, startTestServer, stockOf, type Api, type TestServer } from '../../test/kit/index.ts';
import { MARKS_APPLICATION_NAME, SoldOutMarks } from './sold-out-marks.ts';

/** The app's marks as the class that keeps them (the context only promises refuses()). */
const marksOf = (running: Running) => running.app.ctx.soldOut as SoldOutMarks;

/**
 * The 秒杀 sold-out mark: once a session's SKU has no units left, 立即抢购 is answered 已抢光 by every
 * server process without a query, answered before the buyer's session is read; units
 * coming back clear it everywhere. On PostgreSQL two apps share one database (as two processes
 * would) and a lost listening connection re-reads the marks; on PGlite the one process hears its
 * own NOTIFY through PGlite's listen.
 */
const OPS_TOKEN = 'sold-out-marks-ops-token-0123456789abcdef';
const SECRETS = { JWT_SECRET: 'sold-out-marks-test-jwt-secret-0123456789abcdef', DATA_KEY: 'ab'.repeat(32) };
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const MINUTE = 60_000;
const inMinutes = (n: number) => new Date(Date.now() + n * MINUTE).toISOString();

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN, ...SECRETS });
}, 120_000);
afterAll(() => server?.close());

const db = () => dbOf(server);
const ops = (api: Api, path: string, json: unknown) => api.post(`/ops/promotion/activity/${path}`, { json, ...asOps(OPS_TOKEN) });

async function flashSale(skuId: number, stock: number, perMemberLimit = 0) {
  const made = await ops(server.api, 'create', {
    kind: 'FLASH_SALE',
    title: '售罄标记测试',
    startsAt: inMinutes(-1),
    endsAt: inMinutes(60),
    perMemberLimit,
    skus: [{ skuId, priceFen: 990, stock }],
  });
  expect(made.code, made.message).toBe(0);
  expect((await ops(server.api, 'schedule', { id: made.data.id })).code).toBe(0);
  return made.data.id as number;
}

type Buyer = Awaited<ReturnType<typeof buyer>>;
const grab = (api: Api, b: Buyer, activityId: number, skuId: number, quantity = 1) =>
  api.post('/member/trade/checkout/submit', {
    token: b.token,
    json: { buyNow: { skuId, quantity, activityId }, addressId: b.addressId, idempotencyKey: newKey() },
  });
const cancel = (api: Api, token: string, orderNo: string) => api.post('/member/order/order/cancel', { token, json: { orderNo } });

/**
 * Counts the statements sent while `fn` runs: on PostgreSQL every statement of every pooled
 * connection goes through pg's Client#query (nothing else in this process queries meanwhile); on
 * PGlite through the one client's query, exec and transaction.
 */
async function queriesDuring<T>(db: Db, fn: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const { default: pg } = await import('pg');
  const client = (db as unknown as { $client: Record<string, (...a: unknown[]) => unknown> }).$client;
  const spies =
    client instanceof pg.Pool
      ? [vi.spyOn(pg.Client.prototype, 'query')]
      : ['query', 'transaction', 'exec'].filter((m) => typeof client[m] === 'function').map((m) => vi.spyOn(client, m as never));
  try {
    const result = await fn();
    return { result, queries: spies.reduce((n, s) => n + s.mock.calls.length, 0) };
  } finally {
    for (const s of spies) s.mockRestore();
  }
}

/** Waits until `check` holds (a NOTIFY is delivered just after the commit that sent it). */
async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function session(activityId: number, skuId: number) {
  const [row] = await rows<{ stock: number; sold: number }>(
    db(),
    sql`SELECT stock, sold FROM activity_skus WHERE activity_id = ${activityId} AND sku_id = ${skuId}`,
  );
  return row!;
}

describe('the marks themselves', () => {
  const win = { from: new Date(Date.now() - MINUTE).toISOString(), to: new Date(Date.now() + MINUTE).toISOString() };
  const fakeDb = (found: object[]) => ({ execute: async () => ({ rows: found }) }) as unknown as Db;

  test('trusted only once read; set at 0 left, cleared by units back or a closed session; lapse at the end', async () => {
    const m = new SoldOutMarks();
    m.note(JSON.stringify({ a: 1, s: 2, left: 0, ...win }));
    expect(m.refuses(1, 2)).toBe(false); // not listening yet: nothing trusted
    await m.reload(fakeDb([]));
    m.note(JSON.stringify({ a: 1, s: 2, left: 0, ...win }));
    m.note(JSON.stringify({ a: 1, s: 3, left: 0, ...win }));
    expect([m.refuses(1, 2), m.refuses(1, 3), m.refuses(1, 4), m.refuses(2, 2)]).toEqual([true, true, false, false]);
    m.note(JSON.stringify({ a: 1, s: 2, left: 1, ...win }));
    expect(m.refuses(1, 2)).toBe(false);
    m.note(JSON.stringify({ a: 1, closed: true }));
    expect(m.refuses(1, 3)).toBe(false);
    m.note(JSON.stringify({ a: 1, s: 2, left: 0, ...win }));
    expect(m.refuses(1, 2, Date.now() + 2 * MINUTE)).toBe(false); // after the end the database answers 秒杀已结束
    expect(m.refuses(1, 2)).toBe(false);
    for (const junk of ['', 'x', '{}', '{"a":"1","s":2,"left":0}', '{"a":1,"s":2,"left":0}']) m.note(junk);
    expect(m.size).toBe(0);
  });

  test('a notification arriving while the marks are read is applied after the read; a lost connection drops them all', async () => {
    const m = new SoldOutMarks();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slowDb = {
      execute: async () => {
        await gate;
        return { rows: [{ activity_id: 7, sku_id: 8, starts_at: win.from, ends_at: win.to }] };
      },
    } as unknown as Db;
    const reading = m.reload(slowDb);
    m.note(JSON.stringify({ a: 7, s: 8, left: 2, ...win })); // units came back after the snapshot was taken
    release();
    await reading;
    expect(m.refuses(7, 8)).toBe(false);
    m.note(JSON.stringify({ a: 7, s: 8, left: 0, ...win }));
    expect(m.refuses(7, 8)).toBe(true);
    m.lost();
    expect(m.refuses(7, 8)).toBe(false);
  });
});

describe(`one server (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  test('sold out: 已抢光 without a query of the checkout; a cancelled order’s units clear the mark and sell again', async () => {
    const g = await makeGoods(db(), { priceFen: 5900, stock: 10 });
    const id = await flashSale(g.skuId, 2);
    const [a, b, c] = [await buyer(server.api), await buyer(server.api), await buyer(server.api)];
    const marks = marksOf(server.running);
    expect(marks.listening).toBe(true);

    // The last unit is still asked of the database: a refusal there costs the checkout's queries.
    const first = await grab(server.api, a, id, g.skuId, 2);
    expect(first.code, first.message).toBe(0);
    await until(() => marks.refuses(id, g.skuId));
    const fast = await queriesDuring(db(), () => grab(server.api, b, id, g.skuId));
    expect(fast.result).toMatchObject({ code: Code.ACTIVITY_STOCK_SHORT, message: '已抢光' });
    expect(fast.queries).toBe(0); // answered before the session is read

    // Units back to the running session: the mark goes, the next buyer gets them.
    expect((await cancel(server.api, a.token, first.data.orderNo)).code).toBe(0);
    await until(() => !marks.refuses(id, g.skuId));
    const again = await grab(server.api, c, id, g.skuId);
    expect(again.code, again.message).toBe(0);
    expect(await session(id, g.skuId)).toMatchObject({ stock: 1, sold: 1 });
    expect(await stockOf(db(), g.skuId)).toBe(8);
  });

  test('a server that starts after the sell-out reads the mark; the database alone gives the same refusal', async () => {
    const g = await makeGoods(db(), { priceFen: 5900, stock: 5 });
    const id = await flashSale(g.skuId, 1);
    const a = await buyer(server.api);
    const b = await buyer(server.api);
    expect((await grab(server.api, a, id, g.skuId)).code).toBe(0);
    await until(() => marksOf(server.running).refuses(id, g.skuId));
    // Forget the marks and read them again, as a process does at start.
    marksOf(server.running).lost();
    const slow = await queriesDuring(db(), () => grab(server.api, b, id, g.skuId));
    expect(slow.result).toMatchObject({ code: Code.ACTIVITY_STOCK_SHORT, message: '已抢光' });
    expect(slow.queries).toBeGreaterThan(3);
    await marksOf(server.running).reload(db());
    expect(marksOf(server.running).refuses(id, g.skuId)).toBe(true);
  });
});

describe.skipIf(!onPostgres)('two servers on one PostgreSQL database', () => {
  let second: Running;
  let api2: Api;
  beforeAll(async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
      DATA_DIR: '/nonexistent-test-data-dir',
      SMS_DAILY_LIMIT_PER_IP: '100000',
      SMS_DAILY_LIMIT_PER_VISITOR: '100000',
      DATABASE_URL: server.running.app.ctx.config.DATABASE_URL!,
      DATABASE_POOL_SIZE: '5',
      OPS_TOKEN,
      ...SECRETS,
    });
    second = await boot(config, { inMemory: true, logger: false });
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    const address = second.app.server.address();
    api2 = makeApi(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
  }, 120_000);
  afterAll(() => second?.close());

  test('one sells out, the other refuses without a query; units back → both sell again', async () => {
    const g = await makeGoods(db(), { priceFen: 5900, stock: 10 });
    const id = await flashSale(g.skuId, 1);
    const [a, b, c] = [await buyer(server.api), await buyer(server.api), await buyer(server.api)];
    const marksB = marksOf(second);
    expect(marksB.listening).toBe(true);
    expect(marksB.refuses(id, g.skuId)).toBe(false);

    const sold = await grab(server.api, a, id, g.skuId);
    expect(sold.code, sold.message).toBe(0);
    await until(() => marksB.refuses(id, g.skuId));
    const refused = await queriesDuring(second.app.ctx.db, () => grab(api2, b, id, g.skuId));
    expect(refused.result).toMatchObject({ code: Code.ACTIVITY_STOCK_SHORT, message: '已抢光' });
    expect(refused.queries).toBe(0);

    // Cancelled on the first server: the second hears it and sells the unit.
    expect((await cancel(server.api, a.token, sold.data.orderNo)).code).toBe(0);
    await until(() => !marksB.refuses(id, g.skuId) && !marksOf(server.running).refuses(id, g.skuId));
    const again = await grab(api2, c, id, g.skuId);
    expect(again.code, again.message).toBe(0);
    await until(() => marksOf(server.running).refuses(id, g.skuId));
    expect(await session(id, g.skuId)).toMatchObject({ stock: 0, sold: 1 });
  });

  test('a lost listening connection leaves no stale mark: the marks are read again after reconnecting', async () => {
    const g = await makeGoods(db(), { priceFen: 5900, stock: 10 });
    const id = await flashSale(g.skuId, 1);
    const [a, b] = [await buyer(server.api), await buyer(server.api)];
    const marksB = marksOf(second);
    const sold = await grab(server.api, a, id, g.skuId);
    await until(() => marksB.refuses(id, g.skuId));

    // Both listening connections cut; units come back while nobody listens.
    const cut = await rows<{ done: boolean }>(
      db(),
      sql`SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity
          WHERE application_name = ${MARKS_APPLICATION_NAME} AND datname = current_database()`,
    );
    expect(cut.filter((r) => r.done)).toHaveLength(2);
    expect((await cancel(server.api, a.token, sold.data.orderNo)).code).toBe(0);
    // Reconnected, each process re-reads the marks: the unit is on sale again everywhere.
    await until(() => marksB.listening && marksOf(server.running).listening, 10_000);
    expect(marksB.refuses(id, g.skuId)).toBe(false);
    const again = await grab(api2, b, id, g.skuId);
    expect(again.code, again.message).toBe(0);
    await until(() => marksB.refuses(id, g.skuId) && marksOf(server.running).refuses(id, g.skuId));
  }, 60_000);
});
