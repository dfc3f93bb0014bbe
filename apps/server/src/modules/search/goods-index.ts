import type { QueryTerm } from '../../lib/tokenize.ts';
import { relevance } from './goods-relevance.ts';
import { newArrays, ReusedArrays, type WorkArrays } from './work-arrays.ts';

/**
 * An in-memory inverted index of the goods on shelf: what `search_vector @@ query` and
 * `ts_rank(search_vector, query)` answer in the database, answered in this process from the same
 * vectors (docs/performance.md «Keyword search in memory»). Built whole from the database
 * (goods-index-build.ts, goods-index-store.ts) and never changed afterwards, except for 销量, which is
 * refreshed in place.
 *
 * Documents are numbered by ascending goods id. Each lexeme has a posting list of the documents
 * holding it (ascending) with, per posting, its packed positions (ts-rank.ts): typed arrays only,
 * about 10 bytes per posting.
 */
export interface IndexedGoods {
  id: number;
  categoryId: number;
  brandId: number | null;
  priceFen: number;
  sales: number;
  /** created_at in microseconds since 1970, as the database orders it. */
  createdMicros: number;
  /** search_vector as the database prints it: 'lexeme':1A,5B 'other':3 */
  vector: string;
}

/** What a search is narrowed to (search.repo's Filters are these). */
export interface IndexFilters {
  leafIds: number[] | null;
  /** Only these goods (a coupon's named goods); an empty list matches nothing. */
  goodsIds?: number[] | null;
  brandIds: number[] | null;
  minPrice: number | null;
  maxPrice: number | null;
}

export type IndexSort = 'comprehensive' | 'sales' | 'priceAsc' | 'priceDesc' | 'newest';

export interface GoodsIndex {
  size: number;
  ids: Int32Array;
  categories: Int32Array;
  /** -1 for goods without a brand. */
  brands: Int32Array;
  prices: Float64Array;
  sales: Int32Array;
  /** Relevance's sales factor, 1 + ln(1 + sales) / 40, kept with sales (setSales). */
  salesFactors: Float64Array;
  created: Float64Array;
  /** Each document's (leaf category, brand) pair, numbered: the facets count pairs. */
  pairs: Int32Array;
  pairCategory: Int32Array;
  /** -1 for no brand. */
  pairBrand: Int32Array;
  lexemes: Map<string, number>;
  /** Postings of lexeme k: postingDocs[postingsFrom[k] .. postingsFrom[k + 1]). */
  postingsFrom: Int32Array;
  postingDocs: Int32Array;
  /** Positions of posting p: positions[positionsFrom[p] .. positionsFrom[p + 1]). */
  positionsFrom: Int32Array;
  positions: Uint16Array;
  /** ts-rank orTerm of each posting's positions. */
  orTerms: Float32Array;
  /** Each lexeme's largest orTerm over its postings (relevance's bound on a score). */
  largestOrTerms: Float32Array;
}

export const salesFactor = (sales: number) => 1 + Math.log(1 + sales) / 40;

/** Sets a document's 销量 (the periodic refresh), with its relevance factor. */
export function setSales(index: GoodsIndex, doc: number, sales: number) {
  index.sales[doc] = sales;
  index.salesFactors[doc] = salesFactor(sales);
}

/** The document of a goods id, or -1 when it is not in the index. */
export function docOf(index: GoodsIndex, goodsId: number): number {
  let lo = 0;
  let hi = index.size - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const id = index.ids[mid]!;
    if (id === goodsId) return mid;
    if (id < goodsId) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

const EMPTY = new Int32Array(0);

function postingsOf(index: GoodsIndex, lexeme: string): Int32Array {
  const k = index.lexemes.get(lexeme);
  return k === undefined ? EMPTY : index.postingDocs.subarray(index.postingsFrom[k], index.postingsFrom[k + 1]);
}

function intersect(a: Int32Array, b: Int32Array, arrays: WorkArrays): Int32Array {
  const out = arrays.int32(Math.min(a.length, b.length));
  let n = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      out[n++] = a[i]!;
      i++;
      j++;
    }
  }
  return out.subarray(0, n);
}

function union(a: Int32Array, b: Int32Array, arrays: WorkArrays): Int32Array {
  const out = arrays.int32(a.length + b.length);
  let n = 0;
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]! < b[j]!)) out[n++] = a[i++]!;
    else if (i >= a.length || b[j]! < a[i]!) out[n++] = b[j++]!;
    else {
      out[n++] = a[i++]!;
      j++;
    }
  }
  return out.subarray(0, n);
}

const allOf = (lists: Int32Array[], arrays: WorkArrays) =>
  [...lists].sort((a, b) => a.length - b.length).reduce((acc, list) => (acc.length ? intersect(acc, list, arrays) : acc));

/** Documents matching `term1 & term2 & …`, each term any of its alternatives, each alternative all of its lexemes. */
export function matchTerms(index: GoodsIndex, terms: QueryTerm[], arrays: WorkArrays = newArrays): Int32Array {
  if (!terms.length) return EMPTY;
  const anyOf = (t: QueryTerm) =>
    t.alternatives.map((alt) => allOf(alt.map((l) => postingsOf(index, l)), arrays)).reduce((a, b) => union(a, b, arrays));
  return allOf(terms.map(anyOf), arrays);
}

/** The matched documents passing the filters (brands left out when `withBrands` is false), in document order. */
export function filterDocs(
  index: GoodsIndex,
  docs: Int32Array,
  f: IndexFilters,
  withBrands: boolean,
  arrays: WorkArrays = newArrays,
): Int32Array {
  const leaves = f.leafIds ? new Set(f.leafIds) : null;
  const goods = f.goodsIds ? new Set(f.goodsIds) : null;
  const brands = withBrands && f.brandIds ? new Set(f.brandIds) : null;
  if (!leaves && !goods && !brands && f.minPrice == null && f.maxPrice == null) return docs;
  const { categories, ids, brands: brandOf, prices } = index;
  const minPrice = f.minPrice ?? -Infinity;
  const maxPrice = f.maxPrice ?? Infinity;
  const out = arrays.int32(docs.length);
  let n = 0;
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i]!;
    if (prices[d]! < minPrice || prices[d]! > maxPrice) continue;
    if (leaves && !leaves.has(categories[d]!)) continue;
    if (goods && !goods.has(ids[d]!)) continue;
    if (brands && !brands.has(brandOf[d]!)) continue;
    out[n++] = d;
  }
  return out.subarray(0, n);
}

/** Count of (leaf category, brand) pairs over the first `cap` documents, as the database's facet pass. */
export function facetRows(index: GoodsIndex, docs: Int32Array, cap: number, arrays: WorkArrays = newArrays) {
  const counts = arrays.int32(index.pairCategory.length).fill(0);
  const upTo = Math.min(docs.length, cap);
  for (let i = 0; i < upTo; i++) counts[index.pairs[docs[i]!]!]!++;
  const rows: { category_id: number; brand_id: number | null; n: number }[] = [];
  counts.forEach((n, pair) => {
    const brand = index.pairBrand[pair]!;
    if (n) rows.push({ category_id: index.pairCategory[pair]!, brand_id: brand < 0 ? null : brand, n });
  });
  return rows;
}

/** Up to this deep, a page is picked by keeping the best few; deeper, by sorting every match. */
const SMALL_PAGE_END = 200;

/** The goods ids of one page of the documents in the sort's order (search.repo orderSql's order). */
export function pageOf(
  index: GoodsIndex,
  docs: Int32Array,
  sort: IndexSort,
  terms: QueryTerm[] | null,
  limit: number,
  offset: number,
  arrays: WorkArrays = newArrays,
): number[] {
  const wanted = offset + limit;
  // a short page needs the best few only: documents that cannot reach them are not scored
  const ranked = sort === 'comprehensive' && terms ? relevance(index, docs, terms, wanted > SMALL_PAGE_END ? null : wanted, arrays) : null;
  const scores = ranked?.scores;
  const { ids, sales, prices, created } = index;
  // The sort's first key (smaller first): alone, it passes over at once the many documents that come after
  // the last one kept; a tie goes to the tie-break (综合: 销量 first; newest: the larger id; else the smaller).
  const firstKey = (i: number): number => {
    const d = docs[i]!;
    switch (sort) {
      case 'priceAsc':
        return prices[d]!;
      case 'priceDesc':
        return -prices[d]!;
      case 'newest':
        return -created[d]!;
      case 'sales':
        return -sales[d]!;
      default:
        return scores ? -scores[i]! : -sales[d]!;
    }
  };
  const tieBreak = (a: number, b: number): number => {
    if (sort === 'newest') return ids[b]! - ids[a]!;
    return (sort === 'comprehensive' ? sales[b]! - sales[a]! : 0) || ids[a]! - ids[b]!;
  };
  // compares positions i and j in `docs`: negative when i comes first
  const before = (i: number, j: number): number => firstKey(i) - firstKey(j) || tieBreak(docs[i]!, docs[j]!);
  if (wanted > SMALL_PAGE_END) {
    const all = Array.from({ length: docs.length }, (_, i) => i).sort(before);
    return all.slice(offset, wanted).map((i) => ids[docs[i]!]!);
  }
  // the best `wanted` kept in order, among the documents relevance scored (all of them when it ranked
  // none); one insertion step per document that beats the last kept
  const best: number[] = [];
  let lastKey = Infinity;
  const places = ranked?.scored;
  const count = places ? places.length : docs.length;
  for (let c = 0; c < count; c++) {
    const i = places ? places[c]! : c;
    if (best.length === wanted && (firstKey(i) > lastKey || before(i, best[wanted - 1]!) >= 0)) continue;
    let at = best.length === wanted ? wanted - 1 : best.length;
    if (best.length === wanted) best.pop();
    while (at > 0 && before(i, best[at - 1]!) < 0) at--;
    best.splice(at, 0, i);
    if (best.length === wanted) lastKey = firstKey(best[wanted - 1]!);
  }
  return best.slice(offset).map((i) => ids[docs[i]!]!);
}

export interface IndexQuery {
  terms: QueryTerm[];
  filters: IndexFilters;
  sort: IndexSort;
  limit: number;
  offset: number;
  /** Facets and the total count at most this many matches (search.repo MATCH_CAP). */
  cap: number;
}

/** The working arrays of every search in this process, one search at a time (work-arrays.ts). */
const searchArrays = new ReusedArrays();

/** What search.service's database pass answers (facet rows, capped, total, the page's ids), from the index. */
export function searchIndex(index: GoodsIndex, q: IndexQuery) {
  const arrays = searchArrays.reset(); // nothing below waits, and nothing it returns holds these arrays
  const allBrands = filterDocs(index, matchTerms(index, q.terms, arrays), q.filters, false, arrays);
  const withBrands = q.filters.brandIds ? filterDocs(index, allBrands, q.filters, true, arrays) : allBrands;
  const capped = allBrands.length > q.cap;
  const total = Math.min(withBrands.length, q.cap);
  const ids =
    total > 0 && q.offset < q.cap + q.limit ? pageOf(index, withBrands, q.sort, q.terms, q.limit, q.offset, arrays) : [];
  return { facetRows: facetRows(index, allBrands, q.cap + 1, arrays), capped, total, ids };
}
