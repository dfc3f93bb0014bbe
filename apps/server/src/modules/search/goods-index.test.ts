import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dropHere } from '../../lib/cache-bus.ts';
import { currentGoodsIndex, readSalesInto, warmGoodsIndex } from './goods-index-store.ts';
import { type TestServer, startCatalogServer } from '../../test/kit/index.ts';
import { parseQuery, toTsquery } from '../../lib/tokenize.ts';
import { docOf, matchTerms, searchIndex, type GoodsIndex, type IndexFilters } from './goods-index.ts';
import { NOT_SCORED, relevance } from './goods-relevance.ts';
import { buildGoodsIndex, parseVector } from './goods-index-build.ts';
import * as repo from './search.repo.ts';
import { countSales, foldSales } from '../catalog/catalog.service.ts';
import { RELEVANCE_CASES } from './relevance.cases.ts';

const CATALOGUE = 1200;
const QUERIES = [
  ...new Set([
    ...RELEVANCE_CASES.map((c) => c.query),
    '手机',
    '华为',
    '耳机',
    '电视',
    '256G',
    '笔记本电脑 i7',
    'iPhone15 手机壳',
    '小米14 Ultra',
    '不存在的东西',
  ]),
];

/** The database's answer, as search.service asks it when the index is not there. */
async function databaseAnswer(server: TestServer, keyword: string, filters: IndexFilters, sort: repo.Sort, limit: number, offset: number) {
  const db = server.running.app.ctx.db;
  const query = toTsquery(parseQuery(keyword).terms)!;
  const where = (withBrands: boolean) => sql`${repo.filterSql(filters, withBrands)} AND ${repo.tsMatch(query)}`;
  const facetRows = await repo.facetRows(db, where(false));
  const ids = await repo.pageIds(db, where(true), repo.orderSql(sort, repo.tsRank(query)), limit, offset);
  return { facetRows, ids };
}

const byPair = (rows: { category_id: number; brand_id: number | null; n: number }[]) =>
  [...rows].sort((a, b) => a.category_id - b.category_id || (a.brand_id ?? -1) - (b.brand_id ?? -1));

describe('the in-memory goods index answers as the database does', () => {
  let server: TestServer;
  let index: GoodsIndex;
  const none: IndexFilters = { leafIds: null, brandIds: null, minPrice: null, maxPrice: null };

  beforeAll(async () => {
    server = await startCatalogServer(CATALOGUE);
    const db = server.running.app.ctx.db;
    // sales spread out, and some goods off shelf, so that ranking and the on-shelf rule both show
    await db.execute(sql`UPDATE goods SET sales = (id * 7919) % 3001`);
    await db.execute(sql`UPDATE goods SET on_shelf = false WHERE id % 17 = 0`);
    index = await buildGoodsIndex(await repo.indexRows(db));
  });
  afterAll(async () => server?.close());

  it('holds every goods on shelf and only those', async () => {
    const [row] = await server.running.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM goods WHERE on_shelf`).then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(index.size).toBe(row!.n);
    expect(index.size).toBeGreaterThan(1000);
    expect([...index.ids].some((id) => id % 17 === 0)).toBe(false);
  });

  it.each(QUERIES)('%s: the same matches, facets and first pages in every sort', async (keyword) => {
    const terms = parseQuery(keyword).terms;
    for (const sort of repo.SORTS) {
      for (const [limit, offset] of [
        [10, 0],
        [20, 20],
      ] as const) {
        const db = await databaseAnswer(server, keyword, none, sort, limit, offset);
        const here = searchIndex(index, { terms, filters: none, sort, limit, offset, cap: repo.MATCH_CAP });
        expect(here.ids, `${keyword} ${sort} ${offset}`).toEqual(db.ids);
        expect(byPair(here.facetRows)).toEqual(byPair(db.facetRows));
        expect(here.total).toBe(db.facetRows.reduce((s, r) => s + r.n, 0));
      }
    }
  });

  it.each(QUERIES)('%s: 综合 pages deep down as the database ranks them, the best few found without scoring the rest', async (keyword) => {
    const terms = parseQuery(keyword).terms;
    // up to 200 deep the page is kept by its best few (relevance scores only who may reach them); past it, all sorted
    for (const [limit, offset] of [
      [10, 0],
      [10, 190],
      [10, 200],
      [50, 450],
    ] as const) {
      const db = await databaseAnswer(server, keyword, none, 'comprehensive', limit, offset);
      const here = searchIndex(index, { terms, filters: none, sort: 'comprehensive', limit, offset, cap: repo.MATCH_CAP });
      expect(here.ids, `${keyword} ${offset}`).toEqual(db.ids);
    }
  });

  it('scores a page of ten without scoring the matches that cannot reach it, each score as a full pass gives it', () => {
    let left = 0;
    for (const keyword of ['手机', '华为', '笔记本电脑 i7', '耳机']) {
      const terms = parseQuery(keyword).terms;
      const docs = matchTerms(index, terms);
      const all = relevance(index, docs, terms, null);
      const few = relevance(index, docs, terms, 10);
      expect(all.scored).toBeNull();
      expect(all.scores.includes(NOT_SCORED)).toBe(false);
      const scored = few.scored ? [...few.scored] : Array.from(docs, (_, i) => i);
      expect(scored, keyword).toEqual([...scored].sort((a, b) => a - b));
      few.scores.forEach((score, i) => expect(score !== NOT_SCORED, `${keyword} ${i}`).toBe(scored.includes(i)));
      for (const i of scored) expect(few.scores[i], keyword).toBe(all.scores[i]);
      left += docs.length - scored.length;
    }
    expect(left).toBeGreaterThan(0);
  });

  it('filters by leaf categories, brands, goods and price as the database does', async () => {
    const keyword = '手机';
    const terms = parseQuery(keyword).terms;
    const all = searchIndex(index, { terms, filters: none, sort: 'sales', limit: 200, offset: 0, cap: repo.MATCH_CAP });
    const rows = all.facetRows;
    expect(rows.length).toBeGreaterThan(3);
    const filters: IndexFilters[] = [
      { ...none, leafIds: [rows[0]!.category_id] },
      { ...none, brandIds: rows.flatMap((r) => (r.brand_id ? [r.brand_id] : [])).slice(0, 2) },
      { ...none, goodsIds: all.ids.slice(3, 9) },
      { ...none, minPrice: 100_000, maxPrice: 400_000 },
      { leafIds: rows.map((r) => r.category_id), brandIds: [rows[1]!.brand_id ?? 0], minPrice: 1, maxPrice: 2_000_000_000 },
    ];
    for (const f of filters) {
      for (const sort of ['comprehensive', 'priceAsc'] as const) {
        const db = await databaseAnswer(server, keyword, f, sort, 10, 0);
        const here = searchIndex(index, { terms, filters: f, sort, limit: 10, offset: 0, cap: repo.MATCH_CAP });
        expect(here.ids, JSON.stringify(f)).toEqual(db.ids);
        expect(byPair(here.facetRows)).toEqual(byPair(db.facetRows));
      }
    }
  });

  it('counts at most the cap and says so', () => {
    const terms = parseQuery('手机').terms;
    const full = searchIndex(index, { terms, filters: none, sort: 'sales', limit: 10, offset: 0, cap: repo.MATCH_CAP });
    const capped = searchIndex(index, { terms, filters: none, sort: 'sales', limit: 10, offset: 0, cap: 5 });
    expect(full.total).toBeGreaterThan(5);
    expect(full.capped).toBe(false);
    expect(capped).toMatchObject({ capped: true, total: 5, ids: full.ids });
    expect(capped.facetRows.reduce((s, r) => s + r.n, 0)).toBe(6);
  });

  it('answers only while the catalogue is as it was read: a write hands searches to the database until it is read again', async () => {
    const db = server.running.app.ctx.db;
    await warmGoodsIndex(db);
    const read = currentGoodsIndex(db);
    expect(read?.size).toBe(index.size);
    dropHere(db, 'catalog'); // what a catalogue write does, here or announced by another process
    expect(currentGoodsIndex(db)).toBeNull();
    await vi.waitFor(() => expect(currentGoodsIndex(db)).not.toBeNull(), { timeout: 10_000, interval: 100 });
    expect(currentGoodsIndex(db)).not.toBe(read);
  });

  it('reads 销量 again a page of goods at a time, every goods on shelf, the last page full or not', async () => {
    const db = server.running.app.ctx.db;
    await warmGoodsIndex(db);
    const index = currentGoodsIndex(db)!;
    const onShelf = await repo.salesOnShelfAfter(db, 0, 1_000_000);
    expect(onShelf.length).toBe(index.size);
    try {
      await db.execute(sql`UPDATE goods SET sales = sales + 1000 + id % 97`); // not a catalogue write: no rebuild
      for (const pageSize of [7, index.size, index.size - 1]) {
        index.sales.fill(0);
        await readSalesInto(db, index, pageSize);
        for (const row of onShelf) expect(index.sales[docOf(index, row.id)]).toBe(row.sales + 1000 + (row.id % 97));
      }
    } finally {
      await db.execute(sql`UPDATE goods SET sales = sales - 1000 - id % 97`);
      await readSalesInto(db, index);
    }
    expect(currentGoodsIndex(db)).toBe(index);
  });

  it('a fold of the orders’ 销量 tally names its goods, and the next search reads just those into the index', async () => {
    const db = server.running.app.ctx.db;
    await warmGoodsIndex(db);
    const index = currentGoodsIndex(db)!;
    const [a, b] = await repo.salesOnShelfAfter(db, 0, 2);
    const lines = [
      { goodsId: a!.id, quantity: 3 },
      { goodsId: b!.id, quantity: 2 },
    ];
    const salesInIndex = () => [index.sales[docOf(index, a!.id)], index.sales[docOf(index, b!.id)]];
    await db.transaction((tx) => countSales(tx, lines, 1));
    expect(await foldSales(db)).toBe(2);
    await vi.waitFor(() => {
      expect(currentGoodsIndex(db)).toBe(index); // the same index: 销量 is not a catalogue write
      expect(salesInIndex()).toEqual([a!.sales + 3, b!.sales + 2]);
    });
    await db.transaction((tx) => countSales(tx, lines, -1));
    expect(await foldSales(db)).toBe(2);
    await vi.waitFor(() => {
      currentGoodsIndex(db);
      expect(salesInIndex()).toEqual([a!.sales, b!.sales]);
    });
  });

  it('reads the database’s text of a vector, quotes and weights included', () => {
    expect(parseVector(`'a''b':1A,2 'x':3C 'y'`)).toEqual([
      { lexeme: "a'b", positions: [1 | (3 << 14), 2] },
      { lexeme: 'x', positions: [3 | (1 << 14)] },
      { lexeme: 'y', positions: [] },
    ]);
  });
});
