import { sql, type SQL } from 'drizzle-orm';
import { hotRows, intArray, rows, type DbOrTx } from '../../lib/db.ts';
import type { IndexedGoods, IndexFilters } from './goods-index.ts';

/**
 * SQL of goods search. The matched set is described by `where` fragments built from allowlisted
 * pieces and bound parameters only; the keyword reaches SQL as a tsquery made of sanitised
 * lexemes (tokenize.ts) or as a bound text parameter.
 */

/** Facets and the total are counted over at most this many matched goods. */
export const MATCH_CAP = 10_000;

/** The same filters for the database's pass as for the in-memory index's. */
export type Filters = IndexFilters;

const ids = (list: number[]) => sql.join(list.map((id) => sql`${id}`), sql`, `);

export function filterSql(f: Filters, withBrands: boolean): SQL {
  const parts: SQL[] = [sql`g.on_shelf`];
  if (f.leafIds) parts.push(f.leafIds.length ? sql`g.category_id IN (${ids(f.leafIds)})` : sql`false`);
  if (f.goodsIds) parts.push(f.goodsIds.length ? sql`g.id IN (${ids(f.goodsIds)})` : sql`false`);
  if (withBrands && f.brandIds) parts.push(sql`g.brand_id IN (${ids(f.brandIds)})`);
  if (f.minPrice != null) parts.push(sql`g.price_fen >= ${f.minPrice}`);
  if (f.maxPrice != null) parts.push(sql`g.price_fen <= ${f.maxPrice}`);
  return sql.join(parts, sql` AND `);
}

export const SORTS = ['comprehensive', 'sales', 'priceAsc', 'priceDesc', 'newest'] as const;
export type Sort = (typeof SORTS)[number];

/** ORDER BY per allowlisted sort key; `rank` is the relevance expression when a keyword is given. */
export function orderSql(sort: Sort, rank: SQL | null): SQL {
  switch (sort) {
    case 'sales':
      return sql`g.sales DESC, g.id`;
    case 'priceAsc':
      return sql`g.price_fen ASC, g.id`;
    case 'priceDesc':
      return sql`g.price_fen DESC, g.id`;
    case 'newest':
      return sql`g.created_at DESC, g.id DESC`;
    default:
      return rank ? sql`${rank} DESC, g.sales DESC, g.id` : sql`g.sales DESC, g.id`;
  }
}

/** The ids of one page of matches, in order; the catalogue makes the cards (catalog.service goodsCards). */
export async function pageIds(db: DbOrTx, where: SQL, order: SQL, limit: number, offset: number): Promise<number[]> {
  const found = await rows<{ id: number }>(db, sql`SELECT g.id FROM goods g WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`);
  return found.map((r) => r.id);
}

export interface FacetRow {
  category_id: number;
  brand_id: number | null;
  n: number;
}

/** One grouped pass over (at most MATCH_CAP of) the matched set, by leaf category and brand. */
export function facetRows(db: DbOrTx, where: SQL) {
  return rows<FacetRow>(
    db,
    sql`SELECT category_id, brand_id, count(*)::int AS n
      FROM (SELECT g.category_id, g.brand_id FROM goods g WHERE ${where} LIMIT ${MATCH_CAP + 1}) m
      GROUP BY category_id, brand_id`,
  );
}

export async function cappedCount(db: DbOrTx, where: SQL) {
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM goods g WHERE ${where} LIMIT ${MATCH_CAP + 1}) m`,
  );
  return row?.n ?? 0;
}

export async function anyMatch(db: DbOrTx, where: SQL) {
  const found = await rows<{ one: number }>(db, sql`SELECT 1 AS one FROM goods g WHERE ${where} LIMIT 1`);
  return found.length > 0;
}

export const tsMatch = (query: string) => sql`g.search_vector @@ ${query}::tsquery`;
/**
 * Relevance: the text rank (words of the name, category and brand count most), scaled up to about
 * a quarter by sales so best sellers lead among equally good matches but never outrank a better one.
 */
export const tsRank = (query: string) => sql`(ts_rank(g.search_vector, ${query}::tsquery) * (1 + ln(1 + g.sales) / 40))`;

/** Fuzzy match on the name through the trigram index (threshold set per transaction). */
export const trigramMatch = (keyword: string) => sql`${keyword} <% g.name`;
export const trigramRank = (keyword: string) => sql`word_similarity(${keyword}, g.name)`;

export async function setTrigramThreshold(db: DbOrTx, threshold: number) {
  await db.execute(sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(threshold)}, true)`);
}

/** The benchmark's baseline: the same page answered by a plain ILIKE scan. */
export function ilikeMatch(keyword: string) {
  const escaped = keyword.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`g.name ILIKE ${`%${escaped}%`}`;
}

/** A batch of searches in one statement of three array parameters (not three parameters a row: cheap to build and parse). */
export async function recordKeywords(db: DbOrTx, entries: { keyword: string; memberId: string | null; at: Date }[]) {
  if (!entries.length) return;
  const keywords = entries.map((e) => e.keyword);
  const members = entries.map((e) => e.memberId);
  const times = entries.map((e) => e.at.toISOString());
  await db.execute(
    sql`INSERT INTO search_keywords (keyword, member_id, created_at)
      SELECT * FROM unnest(${sql.param(keywords)}::text[], ${sql.param(members)}::uuid[], ${sql.param(times)}::timestamptz[])`,
  );
}

export function topKeywords(db: DbOrTx, days: number, limit: number) {
  return rows<{ keyword: string; n: number }>(
    db,
    sql`SELECT keyword, count(*)::int AS n FROM search_keywords WHERE created_at > now() - make_interval(days => ${days})
      GROUP BY keyword ORDER BY n DESC, max(created_at) DESC LIMIT ${limit}`,
  );
}

export const and = (a: SQL, b: SQL) => sql`${a} AND ${b}`;
export const salesRank = sql`g.sales`;

/** What the in-memory goods index holds (goods-index.ts): the goods on shelf with their search vectors. */
export async function indexRows(db: DbOrTx): Promise<IndexedGoods[]> {
  const found = await rows<Omit<IndexedGoods, 'createdMicros'> & { createdMicros: number | string }>(
    db,
    sql`SELECT id, category_id AS "categoryId", brand_id AS "brandId", price_fen AS "priceFen", sales,
      (extract(epoch FROM created_at) * 1000000)::float8 AS "createdMicros", search_vector::text AS vector
      FROM goods WHERE on_shelf`,
  );
  return found.map((r) => ({ ...r, createdMicros: Number(r.createdMicros) }));
}

/** 销量 of these goods (those the timed fold just changed). */
export function salesOf(db: DbOrTx, goodsIds: readonly number[]) {
  return hotRows<{ id: number; sales: number }>(
    db,
    sql`SELECT id, sales FROM goods WHERE id = ANY(${intArray(goodsIds)}::int[])`,
  );
}

/** 销量 of the goods on shelf with an id above `afterId`, `limit` of them in id order (the index's periodic refresh). */
export function salesOnShelfAfter(db: DbOrTx, afterId: number, limit: number) {
  return hotRows<{ id: number; sales: number }>(
    db,
    sql`SELECT id, sales FROM goods WHERE on_shelf AND id > ${afterId} ORDER BY id LIMIT ${limit}`,
  );
}
