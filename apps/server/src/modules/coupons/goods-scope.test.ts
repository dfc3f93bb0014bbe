import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows, sql } from '../../lib/db.ts';
import { invalidateCatalog } from '../catalog/catalog.service.ts';
import { dashboardData, dbOf, startTestServer, type TestServer } from '../../test/kit/index.ts';
import { categoryPathsOfGoods } from './goods-scope.ts';

describe("a goods' category path, as a coupon's scope reads it", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 120_000);
  afterAll(() => server?.close());

  const pathOf = async (categoryId: number) =>
    (await categoryPathsOfGoods(server.running.app.ctx, [{ goodsId: 1, categoryId }])).get(1);

  it('runs from the category up to the top, and follows the tree when it changes', async () => {
    const db = dbOf(server);
    const appliances = await dashboardData.makeCategory(db, '家用电器');
    const kitchen = await dashboardData.makeCategory(db, '厨房电器', appliances);
    expect(await pathOf(kitchen)).toEqual([kitchen, appliances]);
    expect(await pathOf(kitchen)).toBe(await pathOf(kitchen)); // worked out once for this tree

    const kettles = await dashboardData.makeCategory(db, '电水壶', kitchen);
    expect(await pathOf(kettles)).toEqual([kettles, kitchen, appliances]);

    const home = await dashboardData.makeCategory(db, '家居日用');
    await rows(db, sql`UPDATE categories SET parent_id = ${home} WHERE id = ${kitchen}`);
    invalidateCatalog(db);
    expect(await pathOf(kettles)).toEqual([kettles, kitchen, home]);
  });

  it('gives an unknown category itself alone', async () => {
    expect(await pathOf(987_654_321)).toEqual([987_654_321]);
  });
});
