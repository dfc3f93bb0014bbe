import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rows, sql } from '../../lib/db.ts';
import { dbOf, makeGoods, startTestServer, type TestServer } from '../../test/kit/index.ts';
import { countSales, foldSales } from './catalog.service.ts';

/**
 * 销量 through the tally: an order's transaction writes rows (countSales), the timed fold moves them
 * into the goods (foldSales). Whatever the order of orders, cancellations and folds, every unit is
 * counted once and 销量 never goes below 0. On PGlite and on PostgreSQL (scripts/pg-test.sh).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const salesOnRow = async (goodsId: number) =>
  (await rows<{ sales: number }>(dbOf(server), sql`SELECT sales FROM goods WHERE id = ${goodsId}`))[0]!.sales;
const tallyOf = async (goodsId: number) =>
  (
    await rows<{ n: number }>(
      dbOf(server),
      sql`SELECT count(*)::int AS n FROM goods_sales_tally WHERE goods_id = ${goodsId}`,
    )
  )[0]!.n;

describe('销量 through the tally', () => {
  test('an order writes one row per goods and leaves the goods row alone until the fold counts it', async () => {
    const db = dbOf(server);
    const a = await makeGoods(db, { name: '计销量的茶杯' });
    const b = await makeGoods(db, { name: '计销量的茶壶' });
    await db.transaction((tx) =>
      countSales(
        tx,
        [
          { goodsId: a.goodsId, quantity: 2 },
          { goodsId: b.goodsId, quantity: 1 },
          { goodsId: a.goodsId, quantity: 3 }, // a second SKU of the same goods
        ],
        1,
      ),
    );
    expect([await tallyOf(a.goodsId), await tallyOf(b.goodsId)]).toEqual([1, 1]);
    expect([await salesOnRow(a.goodsId), await salesOnRow(b.goodsId)]).toEqual([0, 0]);

    expect(await foldSales(db)).toBeGreaterThanOrEqual(2);
    expect([await salesOnRow(a.goodsId), await salesOnRow(b.goodsId)]).toEqual([5, 1]);
    expect([await tallyOf(a.goodsId), await tallyOf(b.goodsId)]).toEqual([0, 0]);
    await foldSales(db); // nothing left: a second fold counts nothing twice
    expect([await salesOnRow(a.goodsId), await salesOnRow(b.goodsId)]).toEqual([5, 1]);
  });

  test('a sale taken back in the same fold cancels out; more taken back than sold stops at 0', async () => {
    const db = dbOf(server);
    const g = await makeGoods(db, { name: '退回销量的碗' });
    await db.transaction((tx) => countSales(tx, [{ goodsId: g.goodsId, quantity: 4 }], 1));
    await db.transaction((tx) => countSales(tx, [{ goodsId: g.goodsId, quantity: 4 }], -1));
    await foldSales(db);
    expect(await salesOnRow(g.goodsId)).toBe(0);
    await db.transaction((tx) => countSales(tx, [{ goodsId: g.goodsId, quantity: 2 }], -1));
    await foldSales(db);
    expect(await salesOnRow(g.goodsId)).toBe(0);
  });

  test('a rolled-back order leaves nothing to count', async () => {
    const db = dbOf(server);
    const g = await makeGoods(db, { name: '没卖成的盘子' });
    await expect(
      db.transaction(async (tx) => {
        await countSales(tx, [{ goodsId: g.goodsId, quantity: 1 }], 1);
        throw new Error('库存不足');
      }),
    ).rejects.toThrow('库存不足');
    await foldSales(db);
    expect([await tallyOf(g.goodsId), await salesOnRow(g.goodsId)]).toEqual([0, 0]);
  });

  test('folds running at once (as two processes would) count each of 300 rows once', async () => {
    const db = dbOf(server);
    const goods = await Promise.all(Array.from({ length: 3 }, (_, i) => makeGoods(db, { name: `同时折算的杯子${i}` })));
    await Promise.all(
      Array.from({ length: 100 }, () =>
        db.transaction((tx) =>
          countSales(
            tx,
            goods.map((g) => ({ goodsId: g.goodsId, quantity: 1 })),
            1,
          ),
        ),
      ),
    );
    await Promise.all(Array.from({ length: 4 }, () => foldSales(db)));
    await foldSales(db);
    expect(await Promise.all(goods.map((g) => salesOnRow(g.goodsId)))).toEqual([100, 100, 100]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('销量 through the tally (PostgreSQL)', () => {
  test('a row of an order not yet committed waits for the next fold', async () => {
    const db = dbOf(server);
    const g = await makeGoods(db, { name: '还没提交的杯子' });
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    const order = db.transaction(async (tx) => {
      await countSales(tx, [{ goodsId: g.goodsId, quantity: 1 }], 1);
      written();
      await held;
    });
    await wrote;
    await foldSales(db); // does not wait for the open transaction, and does not count its row
    expect(await salesOnRow(g.goodsId)).toBe(0);
    commit();
    await order;
    await foldSales(db);
    expect(await salesOnRow(g.goodsId)).toBe(1);
  });
});
