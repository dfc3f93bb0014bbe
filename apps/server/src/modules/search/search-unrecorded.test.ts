import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../lib/db.ts';
import { startCatalogServer, type TestServer } from '../../test/kit/index.ts';
import { flushSearches } from './hot-words.ts';
import { searchGoods, type SearchInput } from './search.service.ts';

describe('a search made with record: false (the shopping assistant’s)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startCatalogServer(60);
  });
  afterAll(async () => s?.close());

  it('finds the same goods and leaves 热搜 as it was; a usual search is counted', async () => {
    const ctx = s.running.app.ctx;
    const input: SearchInput = { keyword: '手机', categoryId: null, brandIds: null, minPrice: null, maxPrice: null, sort: 'comprehensive', pageNum: 1, pageSize: 5 };
    const count = async () => {
      await flushSearches(ctx);
      return (await rows<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM search_keywords WHERE keyword = '手机'`))[0]!.n;
    };
    const before = await count();
    const quiet = await searchGoods(ctx, input, null, { record: false });
    const quietAgain = await searchGoods(ctx, input, null, { record: false }); // asked again: kept from now on
    expect(quiet.total).toBeGreaterThan(0);
    expect(quietAgain).toEqual(quiet);
    expect(await count()).toBe(before);
    expect((await searchGoods(ctx, input)).total).toBe(quiet.total);
    expect(await count()).toBe(before + 1);
  });
});
