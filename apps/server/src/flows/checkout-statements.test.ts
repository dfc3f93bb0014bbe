import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { startTestServer, type TestServer, buyer, dbOf, makeGoods, newKey, stockOf } from '../test/kit/index.ts';

/**
 * What one order costs the database (docs/performance.md «Trade»): an order's round trips are what
 * bounds the checkout's rate, and those inside its transaction are how long its rows stay locked.
 * Counted on a PostgreSQL server, where every statement of every pooled connection goes through
 * pg's Client#query (PGlite's transaction runs its statements elsewhere). Set TEST_DATABASE_URL.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the statements of one order (PostgreSQL)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 120_000);
  afterAll(() => server?.close());

  /** Each statement sent: its text, and the name it was prepared under (none: parsed and planned again). */
  async function statementsDuring(fn: () => Promise<unknown>): Promise<{ text: string; name?: string }[]> {
    const { default: pg } = await import('pg');
    const spy = vi.spyOn(pg.Client.prototype, 'query');
    try {
      await fn();
      return spy.mock.calls.map(([q]) => {
        const { text, name } = typeof q === 'string' ? { text: q, name: undefined } : (q as { text?: string; name?: string });
        return { text: (text ?? '').replace(/\s+/g, ' ').trim().toLowerCase(), name };
      });
    } finally {
      spy.mockRestore();
    }
  }

  test('立即购买 of one SKU: 12 statements, 7 of them from begin to commit (reads before the transaction), each prepared once per connection', async () => {
    const db = dbOf(server);
    const b = await buyer(server.api);
    const g = await makeGoods(db, { name: '统计语句的杯子', priceFen: 2950, stock: 10 });
    const submit = () =>
      server.api.post('/member/trade/checkout/submit', {
        token: b.token,
        json: { buyNow: { skuId: g.skuId, quantity: 1 }, addressId: b.addressId, idempotencyKey: newKey() },
      });
    expect((await submit()).code).toBe(0); // settings and the category tree cached, the session recently active

    let reply: Awaited<ReturnType<typeof submit>> | undefined;
    const statements = await statementsDuring(async () => (reply = await submit()));
    const sent = statements.map((s) => s.text);
    expect(reply?.code, reply?.message).toBe(0);
    expect(await stockOf(db, g.skuId)).toBe(8);

    const begin = sent.indexOf('begin');
    const commit = sent.indexOf('commit');
    expect(begin).toBeGreaterThan(0);
    const inside = sent.slice(begin, commit + 1);
    // begin; the stock asked again (before any write); the order; its lines with the first timeline
    // line; the stock taken with its ledger row; 销量 written to the tally; commit.
    expect(inside).toHaveLength(7);
    expect(inside.filter((s) => s.startsWith('select'))).toEqual([inside[1]]);
    expect(inside[1]).toMatch(/^select id, stock from skus/);
    // The settings and the category tree are cached for a few seconds: on a slow machine a refill
    // may fall within the order. They are not the order's own statements.
    const refills = sent.filter((s) => /from "?(site_config|categories)"?/.test(s));
    expect(sent.length - refills.length).toBe(12);
    // All but begin and commit are hot statements (lib/db.ts HOT): prepared once per connection, by name.
    const own = statements.filter((s) => !refills.includes(s.text) && s.text !== 'begin' && s.text !== 'commit');
    expect(own.filter((s) => !s.name?.startsWith('hot_')).map((s) => s.text)).toEqual([]);
  });
});
