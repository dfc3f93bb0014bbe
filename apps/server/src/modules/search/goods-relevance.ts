import type { QueryTerm } from '../../lib/tokenize.ts';
import type { GoodsIndex } from './goods-index.ts';
import { rankOrder, tsRank, tsRankBound, type DocPositions } from './ts-rank.ts';
import { newArrays, type WorkArrays } from './work-arrays.ts';

/** The score of a document relevance proved cannot reach the page. */
export const NOT_SCORED = -Infinity;

/**
 * Each document's score (by its place in the documents given), and the places of those scored, ascending
 * (null: every one): the page is picked among those alone.
 */
export interface Relevance {
  scores: Float64Array;
  scored: Int32Array | null;
}

/**
 * Relevance as search.repo's tsRank: ts_rank scaled by sales, for the documents given (ascending), walking
 * each query lexeme's postings alongside them.
 *
 * With `keep` (a page of the best `keep`), a document is scored only when it could be among them: its
 * score is at most the query's highest ts_rank (tsRankBound) times its own sales factor, so once `keep`
 * documents score more than that, it is left out (NOT_SCORED). The documents with the most sales are
 * scored first, which sets that bar high from the start. The page is the same; most documents of a
 * wide query are passed over with one multiplication.
 */
export function relevance(
  index: GoodsIndex,
  docs: Int32Array,
  terms: QueryTerm[],
  keep: number | null,
  arrays: WorkArrays = newArrays,
): Relevance {
  const order = rankOrder(terms.flatMap((t) => t.alternatives.flat()));
  const n = order.length;
  const { postingDocs, positionsFrom, orTerms, salesFactors } = index;
  // each query lexeme's postings: a cursor moved forward alongside the documents, and where they end;
  // and its largest term, for the bound (-1: not in the index)
  const start = new Int32Array(n);
  const end = new Int32Array(n);
  const largestOrTerms = new Float32Array(n).fill(-1);
  order.forEach((l, q) => {
    const k = index.lexemes.get(l);
    if (k === undefined) return;
    [start[q], end[q]] = [index.postingsFrom[k]!, index.postingsFrom[k + 1]!];
    largestOrTerms[q] = index.largestOrTerms[k]!;
  });
  const allRequired = terms.length >= 2;
  const doc = { positions: index.positions, from: new Int32Array(n), to: new Int32Array(n), orTerms: new Float32Array(n) } satisfies DocPositions;

  /** Document d's score, its postings sought from the places in `at` (which move to them). */
  const score = (d: number, at: Int32Array): number => {
    for (let q = 0; q < n; q++) {
      const p = (at[q] = seek(postingDocs, at[q]!, end[q]!, d));
      const found = p < end[q]! && postingDocs[p] === d;
      doc.from[q] = found ? positionsFrom[p]! : -1;
      doc.to[q] = found ? positionsFrom[p + 1]! : -1;
      if (found) doc.orTerms[q] = orTerms[p]!;
    }
    return tsRank(n, allRequired, doc) * salesFactors[d]!;
  };

  const scores = arrays.float64(docs.length); // every place is written below
  const cursor = start.slice();
  if (keep === null || keep >= docs.length) {
    for (let i = 0; i < docs.length; i++) scores[i] = score(docs[i]!, cursor);
    return { scores, scored: null };
  }
  const scored = arrays.int32(docs.length);
  let count = 0;
  const best = new BestScores(keep);
  const seeds = mostSold(index, docs, keep).sort((a, b) => a - b);
  const fromStart = new Int32Array(n);
  for (const d of seeds) {
    fromStart.set(start);
    best.add(score(d, fromStart));
  }
  const bound = tsRankBound(n, allRequired, largestOrTerms);
  for (let i = 0, s = 0; i < docs.length; i++) {
    const d = docs[i]!;
    if (seeds[s] === d) {
      s++; // among the best already: scored again for its place, not counted twice
      scores[i] = score(d, cursor);
    } else if (bound * salesFactors[d]! < best.bar) {
      scores[i] = NOT_SCORED;
      continue;
    } else best.add((scores[i] = score(d, cursor)));
    scored[count++] = i;
  }
  return { scores, scored: scored.subarray(0, count) };
}

/** The `count` documents with the highest sales factors (in no order). */
function mostSold(index: GoodsIndex, docs: Int32Array, count: number): number[] {
  const factors = index.salesFactors;
  const kept: number[] = [];
  let lowest = 0; // the place in `kept` of its lowest factor, once full
  for (let i = 0; i < docs.length; i++) {
    const d = docs[i]!;
    if (kept.length < count) {
      kept.push(d);
      if (kept.length === count) lowest = lowestAt(kept, factors);
    } else if (factors[d]! > factors[kept[lowest]!]!) {
      kept[lowest] = d;
      lowest = lowestAt(kept, factors);
    }
  }
  return kept;
}

function lowestAt(kept: number[], factors: Float64Array): number {
  let at = 0;
  for (let i = 1; i < kept.length; i++) if (factors[kept[i]!]! < factors[kept[at]!]!) at = i;
  return at;
}

/** The best `size` scores seen; `bar` is the lowest of them once there are `size` (before: -Infinity). */
class BestScores {
  private readonly scores: number[] = [];
  bar = -Infinity;

  constructor(private readonly size: number) {}

  add(score: number) {
    if (this.scores.length === this.size && score <= this.bar) return;
    let at = this.scores.length === this.size ? this.size - 1 : this.scores.length;
    if (this.scores.length === this.size) this.scores.pop();
    while (at > 0 && this.scores[at - 1]! < score) at--;
    this.scores.splice(at, 0, score);
    if (this.scores.length === this.size) this.bar = this.scores[this.size - 1]!;
  }
}

/** The first place in list[from .. end) holding a document ≥ d: in growing steps, then halving. */
function seek(list: Int32Array, from: number, end: number, d: number): number {
  if (from >= end || list[from]! >= d) return from;
  let step = 1;
  let lo = from;
  while (lo + step < end && list[lo + step]! < d) {
    lo += step;
    step *= 2;
  }
  let hi = Math.min(lo + step, end);
  while (lo + 1 < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < d) lo = mid;
    else hi = mid;
  }
  return hi;
}
