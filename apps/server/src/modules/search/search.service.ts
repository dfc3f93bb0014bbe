import type { SQL } from 'drizzle-orm';
import type { AppContext } from '../../lib/context.ts';
import { brandName, categoryName, goodsCards, leafIdsUnder, type GoodsCard } from '../catalog/catalog.service.ts';
import { cacheVersion, onCacheDropped } from '../../lib/cache-bus.ts';
import * as repo from './search.repo.ts';
import { recordSearch } from './hot-words.ts';
import { correctKeyword, fromPinyin, nearestWords, similarWords } from './suggestions.ts';
import { termIndex, type TermIndex } from './terms.ts';
import { dictionaryVersion, escapeHtml, highlightWords, isHan, nameHighlighter, parseQuery, toTsquery, type QueryTerm } from '../../lib/tokenize.ts';
import { searchIndex } from './goods-index.ts';
import { currentGoodsIndex } from './goods-index-store.ts';
import { KeptBody } from '../../lib/reply-body.ts';
import { ResultAdmission } from './result-admission.ts';

export interface SearchInput {
  keyword: string;
  categoryId: number | null;
  /**
   * A scope as a coupon names it: goods under any of these categories (at any depth) and/or only these
   * goods. null = no such limit; unknown categories and goods simply match nothing.
   */
  categoryIds?: number[] | null;
  goodsIds?: number[] | null;
  brandIds: number[] | null;
  minPrice: number | null;
  maxPrice: number | null;
  sort: repo.Sort;
  pageNum: number;
  pageSize: number;
}

export interface SearchResult {
  list: (GoodsCard & { nameHighlight: string })[];
  total: number;
  /** True when more goods matched than were counted (total is then a lower bound). */
  totalCapped: boolean;
  pageNum: number;
  pageSize: number;
  facets: { categories: { id: number; name: string; count: number }[]; brands: { id: number; name: string; count: number }[] };
  /** Did-you-mean words when nothing was found. */
  suggestions: string[];
  /** Set when the results are for a corrected keyword (shouji → 手机, 手鸡 → 手机). */
  correctedKeyword: string | null;
}

interface Strategy {
  match: SQL;
  rank: SQL;
  /** A goods name as safe HTML with the keyword's words in <em> (remembering the names it marked). */
  nameHtml: (name: string) => string;
  corrected: string | null;
  /** The words of a text search (tsquery), which the in-memory goods index can answer too. */
  terms?: QueryTerm[];
  /** Trigram matching needs its similarity threshold set inside a transaction. */
  trigram?: boolean;
}

const TRIGRAM_THRESHOLD = 0.4;
const FACET_MAX = 20;

/**
 * How a keyword is looked for, worked out once per keyword: buyers type the same words again and again
 * (with other filters, sorts and pages), and reading them (cutting words, correcting typos) was about 5 %
 * of an uncached search's time. Only the keyword's reading is kept; every search still matches, ranks
 * and counts. Read again when the segmenter's dictionary changes (new brands and categories).
 */
const strategies = new Map<string, Strategy | null>();
let strategiesDictionary = -1;
const STRATEGIES_MAX = 2_000;

function tsStrategy(keyword: string, corrected: string | null): Strategy | null {
  if (strategiesDictionary !== dictionaryVersion() || strategies.size >= STRATEGIES_MAX) {
    strategies.clear();
    strategiesDictionary = dictionaryVersion();
  }
  const key = `${corrected ?? ''}\u0000${keyword}`;
  let strategy = strategies.get(key);
  if (strategy === undefined) strategies.set(key, (strategy = readKeyword(keyword, corrected)));
  return strategy;
}

/** What a buyer most likely meant by a keyword that found nothing (pinyin, a typo), worked out once per term index. */
const meanings = new WeakMap<TermIndex, Map<string, (string | null)[]>>();

function likelyMeant(index: TermIndex, keyword: string): (string | null)[] {
  let known = meanings.get(index);
  if (!known || known.size >= STRATEGIES_MAX) meanings.set(index, (known = new Map()));
  const key = `${dictionaryVersion()}\u0000${keyword}`;
  let meant = known.get(key);
  if (!meant) known.set(key, (meant = [/^[a-z\s]+$/i.test(keyword) ? fromPinyin(index, keyword) : null, correctKeyword(index, keyword)]));
  return meant;
}

function readKeyword(keyword: string, corrected: string | null): Strategy | null {
  const parsed = parseQuery(keyword);
  const query = toTsquery(parsed.terms);
  if (!query) return null;
  return { match: repo.tsMatch(query), rank: repo.tsRank(query), nameHtml: nameHighlighter(parsed.highlight), corrected, terms: parsed.terms };
}

const emptyResult = (input: SearchInput, suggestions: string[] = []): SearchResult => ({
  list: [],
  total: 0,
  totalCapped: false,
  pageNum: input.pageNum,
  pageSize: input.pageSize,
  facets: { categories: [], brands: [] },
  suggestions,
  correctedKeyword: null,
});

/**
 * Results of recent searches, kept briefly: buyers repeat the same popular queries, and a
 * page of goods that is at most CACHE_MS old is good enough. Operators' catalogue writes clear it at
 * once in every server process (it follows 'catalog' on the cache bus, lib/cache-bus.ts). A result is
 * kept from its second ask within the last ADMISSION_WINDOW searches the cache missed
 * (result-admission.ts): one-off searches no longer push out the popular ones.
 *
 * Each is kept as the reply's bytes (a Buffer, outside the JavaScript heap), not as the result's objects:
 * under searches that each missed it, every new entry pushed out an old one, and entries of a few hundred
 * objects each lived long enough to be copied twice by the young generation's collector and then moved
 * to the old one: collections of 7 ms every few hundred milliseconds, and the old generation filling at
 * 30 MB/s until a full collection held every request for 50–70 ms.
 */
const CACHE_MS = 30_000;
const CACHE_MAX = 1000;

interface KeptSearch {
  at: number;
  body: KeptBody;
  /** What a repeat of it records in 热搜: its keyword (as corrected) when it found goods. */
  recorded: string | null;
}

const resultCache = new WeakMap<AppContext['db'], Map<string, KeptSearch>>();
/** The searches lately missed, per database: a result is kept on its second ask (result-admission.ts). */
const admissions = new WeakMap<AppContext['db'], ResultAdmission>();
const ADMISSION_WINDOW = CACHE_MAX / 2;

export function invalidateSearchCache(db: AppContext['db']) {
  resultCache.delete(db);
}
onCacheDropped('catalog', invalidateSearchCache);

/** `record: false` leaves the search out of 热搜 and the member's history (the shopping assistant's searches). */
export interface SearchOptions {
  record?: boolean;
}

/** A search's reply as the buyer's app reads it (the envelope around its SearchResult). */
export async function searchGoodsReply(ctx: AppContext, input: SearchInput, memberId: string | null = null): Promise<KeptBody> {
  return (await keptSearch(ctx, input, memberId, {})).body;
}

export async function searchGoods(
  ctx: AppContext,
  input: SearchInput,
  memberId: string | null = null,
  opts: SearchOptions = {},
): Promise<SearchResult> {
  const { body, result } = await keptSearch(ctx, input, memberId, opts);
  return result ?? (JSON.parse(body.identity.toString()) as { data: SearchResult }).data;
}

/** The search's kept reply, and its result when it was searched now. */
async function keptSearch(
  ctx: AppContext,
  input: SearchInput,
  memberId: string | null,
  opts: SearchOptions,
): Promise<{ body: KeptBody; result?: SearchResult }> {
  let cache = resultCache.get(ctx.db);
  if (!cache) resultCache.set(ctx.db, (cache = new Map()));
  const key = JSON.stringify(input);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) {
    if (opts.record !== false && hit.recorded) recordSearch(ctx, hit.recorded, memberId);
    return { body: hit.body };
  }
  const startedAt = cacheVersion(ctx.db, 'catalog');
  const result = await searchUncached(ctx, input, memberId, opts);
  // made again for nearly every search that is not a repeat: not worth compressing
  const body = new KeptBody(JSON.stringify(result), false);
  let admission = admissions.get(ctx.db);
  if (!admission) admissions.set(ctx.db, (admission = new ResultAdmission(ADMISSION_WINDOW)));
  if (!admission.askedBefore(key)) return { body, result }; // a first ask: most are never asked again
  if (startedAt !== cacheVersion(ctx.db, 'catalog')) return { body, result }; // the catalogue changed meanwhile
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  const keyword = input.keyword.trim();
  cache.set(key, { at: Date.now(), body, recorded: result.total > 0 && keyword ? (result.correctedKeyword ?? keyword) : null });
  return { body, result };
}

export async function searchUncached(
  ctx: AppContext,
  input: SearchInput,
  memberId: string | null = null,
  opts: SearchOptions = {},
): Promise<SearchResult> {
  let leafIds = input.categoryId == null ? null : await leafIdsUnder(ctx, input.categoryId);
  if (input.categoryId != null && !leafIds) return emptyResult(input);
  if (input.categoryIds) {
    const scoped = new Set((await Promise.all(input.categoryIds.map((id) => leafIdsUnder(ctx, id)))).flatMap((l) => l ?? []));
    leafIds = leafIds ? leafIds.filter((id) => scoped.has(id)) : [...scoped];
    if (!leafIds.length) return emptyResult(input);
  }
  if (input.goodsIds && !input.goodsIds.length) return emptyResult(input);
  if (input.minPrice != null && input.maxPrice != null && input.minPrice > input.maxPrice) return emptyResult(input);
  const filters: repo.Filters = {
    leafIds,
    goodsIds: input.goodsIds ?? null,
    brandIds: input.brandIds?.length ? input.brandIds : null,
    minPrice: input.minPrice,
    maxPrice: input.maxPrice,
  };
  const keyword = input.keyword.trim();

  if (!keyword) return run(ctx, input, filters, null);
  const first = tsStrategy(keyword, null);
  if (!first) return emptyResult(input); // only symbols or emoji: nothing to look for
  let result = await run(ctx, input, filters, first);
  if (result.total === 0) {
    // the keyword as typed found nothing: try what the buyer most likely meant, then fuzzy names
    const index = await termIndex(ctx.db);
    for (const alt of likelyMeant(index, keyword)) {
      const strategy = alt ? tsStrategy(alt, alt) : null;
      if (!strategy) continue;
      result = await run(ctx, input, filters, strategy);
      if (result.total > 0) break;
    }
    // fuzzy names last, on the cleaned words only, and only when there is a real word to compare
    const parsed = parseQuery(keyword);
    const cleaned = parsed.terms.map((t) => t.word).join(' ');
    if (result.total === 0 && parsed.terms.some((t) => (isHan(t.word) ? Array.from(t.word).length >= 2 : t.word.length >= 3))) {
      const trigram: Strategy = {
        match: repo.trigramMatch(cleaned),
        rank: repo.trigramRank(cleaned),
        nameHtml: nameHighlighter(parsed.highlight),
        corrected: null,
        trigram: true,
      };
      result = await run(ctx, input, filters, trigram);
    }
    if (result.total === 0) result.suggestions = nearestWords(index, keyword);
  }
  if (opts.record !== false && result.total > 0) recordSearch(ctx, result.correctedKeyword ?? keyword, memberId);
  return result;
}

async function run(ctx: AppContext, input: SearchInput, filters: repo.Filters, strategy: Strategy | null): Promise<SearchResult> {
  const offset = (input.pageNum - 1) * input.pageSize;

  // the statements are written only when the database answers: the index answers most searches
  const query = async (db: typeof ctx.db | Parameters<Parameters<typeof ctx.db.transaction>[0]>[0]) => {
    const withMatch = (f: SQL) => (strategy ? [f, strategy.match] : [f]);
    const and = (parts: SQL[]) => parts.reduce((acc, p) => repo.and(acc, p));
    const where = and(withMatch(repo.filterSql(filters, true)));
    const whereAllBrands = and(withMatch(repo.filterSql(filters, false)));
    const order = repo.orderSql(input.sort, strategy?.rank ?? null);
    if (strategy?.trigram) await repo.setTrigramThreshold(db, TRIGRAM_THRESHOLD);
    const facetRows = await repo.facetRows(db, whereAllBrands);
    const capped = facetRows.reduce((s, r) => s + r.n, 0) > repo.MATCH_CAP;
    const inBrands = (r: repo.FacetRow) => !filters.brandIds || (r.brand_id != null && filters.brandIds.includes(r.brand_id));
    let total = facetRows.filter(inBrands).reduce((s, r) => s + r.n, 0);
    if (capped && filters.brandIds) total = await repo.cappedCount(db, where);
    const ids = total > 0 && offset < repo.MATCH_CAP + input.pageSize ? await repo.pageIds(db, where, order, input.pageSize, offset) : [];
    return { facetRows, capped, total: Math.min(total, repo.MATCH_CAP), ids };
  };
  const fromIndex = () => {
    const terms = strategy?.terms;
    const index = terms ? currentGoodsIndex(ctx.db) : null;
    return index && terms
      ? searchIndex(index, { terms, filters, sort: input.sort, limit: input.pageSize, offset, cap: repo.MATCH_CAP })
      : null;
  };
  // PGlite has one connection: the trigram pass runs its statements inside the transaction only
  const fromDatabase = () => (strategy?.trigram ? ctx.db.transaction((tx) => query(tx)) : query(ctx.db));
  const { facetRows, capped, total, ids } = fromIndex() ?? (await fromDatabase());

  const categoryCounts = new Map<number, number>();
  const brandCounts = new Map<number, number>();
  const inBrands = (r: repo.FacetRow) => !filters.brandIds || (r.brand_id != null && filters.brandIds.includes(r.brand_id));
  for (const r of facetRows) {
    if (inBrands(r)) categoryCounts.set(r.category_id, (categoryCounts.get(r.category_id) ?? 0) + r.n);
    if (r.brand_id != null) brandCounts.set(r.brand_id, (brandCounts.get(r.brand_id) ?? 0) + r.n);
  }
  const top = async (counts: Map<number, number>, nameOf: (id: number) => Promise<string | null>) => {
    const sorted = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, FACET_MAX);
    const named = await Promise.all(sorted.map(async ([id, count]) => ({ id, name: (await nameOf(id)) ?? '', count })));
    return named.filter((f) => f.name);
  };
  const nameHtml = strategy?.nameHtml ?? escapeHtml;
  return {
    list: (await goodsCards(ctx, ids)).map((c) => ({ ...c, nameHighlight: nameHtml(c.name) })),
    total,
    totalCapped: capped,
    pageNum: input.pageNum,
    pageSize: input.pageSize,
    facets: { categories: await top(categoryCounts, (id) => categoryName(ctx, id)), brands: await top(brandCounts, (id) => brandName(ctx, id)) },
    suggestions: [],
    correctedKeyword: total > 0 ? (strategy?.corrected ?? null) : null,
  };
}

/**
 * The benchmark's baseline (not routed): the same page shape answered by `name ILIKE '%…%'`
 * with the same facets and count, and no index that can help it.
 */
export async function searchByIlike(ctx: AppContext, keyword: string, pageNum = 1, pageSize = 10): Promise<SearchResult> {
  const input: SearchInput = { keyword, categoryId: null, brandIds: null, minPrice: null, maxPrice: null, sort: 'comprehensive', pageNum, pageSize };
  const strategy: Strategy = { match: repo.ilikeMatch(keyword.trim()), rank: repo.salesRank, nameHtml: nameHighlighter(highlightWords(parseQuery(keyword).terms)), corrected: null };
  return run(ctx, input, { leafIds: null, brandIds: null, minPrice: null, maxPrice: null }, strategy);
}

export async function getSimilarWords(ctx: AppContext, keyword: string): Promise<string[]> {
  return similarWords(ctx.db, keyword, async (k) => {
    const s = tsStrategy(k, null);
    return !!s && repo.anyMatch(ctx.db, repo.and(repo.filterSql({ leafIds: null, brandIds: null, minPrice: null, maxPrice: null }, false), s.match));
  });
}

export { scheduleTermsRefresh } from './terms-refresh.ts';
export { warmGoodsIndex } from './goods-index-store.ts';
