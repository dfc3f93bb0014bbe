/**
 * PostgreSQL's ts_rank(vector, query) with its default weights and normalisation, worked out in
 * this process for the in-memory goods index (goods-index.ts), so that a page ranked here is the
 * page the database would rank. It follows calc_rank, calc_rank_and and calc_rank_or of
 * PostgreSQL's tsrank.c step by step, including where C rounds to a 4-byte float (Math.fround),
 * and is checked against the database's own ts_rank in ts-rank.test.ts.
 *
 * A position is packed as the database packs it: the position in the low 14 bits and the weight in
 * the two above (A = 3, B = 2, C = 1, D = 0).
 */

const f = Math.fround;
/** Weights D, C, B, A: ts_rank's defaults {0.1, 0.2, 0.4, 1.0}. */
const WEIGHTS = [0.1, 0.2, 0.4, 1.0].map(f);
const MAX_POSITION = 16383;

export const packPosition = (position: number, weight: 'A' | 'B' | 'C' | 'D') =>
  Math.min(position, MAX_POSITION) | ('DCBA'.indexOf(weight) << 14);
const positionOf = (packed: number) => packed & MAX_POSITION;
const weightOf = (packed: number) => WEIGHTS[packed >> 14]!;

/** word_distance(d) for d = 0 … 100 (worked out once: an exp per pair of positions is most of a rank's cost). */
const WORD_DISTANCE = Float32Array.from({ length: 101 }, (_, d) => 1.0 / (1.005 + 0.05 * Math.exp(d / 1.5 - 2)));
const FAR = f(1e-30);
const wordDistance = (distance: number) => (distance > 100 ? FAR : WORD_DISTANCE[distance]!);

/**
 * calc_rank_and's weight of a pair of positions, by the pair's weights and their distance (101 for any
 * distance past 100), worked out once: the square root per pair was a quarter of rankAnd's CPU samples.
 */
const PAIR_DISTANCES = 102;
const PAIR_WEIGHT = Float32Array.from({ length: 16 * PAIR_DISTANCES }, (_, i) => {
  const distance = i % PAIR_DISTANCES;
  const pair = (i - distance) / PAIR_DISTANCES;
  return f(Math.sqrt(f(f(WEIGHTS[pair >> 2]! * WEIGHTS[pair & 3]!) * wordDistance(distance))));
});
const pairWeight = (a: number, b: number, distance: number) =>
  PAIR_WEIGHT[((a >> 14) * 4 + (b >> 14)) * PAIR_DISTANCES + Math.min(distance, PAIR_DISTANCES - 1)]!;

/**
 * The query's lexemes as ts_rank walks them: distinct, in the database's byte order of their UTF-8
 * text (shorter first when one is the start of the other).
 */
export function rankOrder(lexemes: readonly string[]): string[] {
  const distinct = [...new Set(lexemes)].map((text) => ({ text, bytes: Buffer.from(text) }));
  return distinct.sort((a, b) => Buffer.compare(a.bytes, b.bytes)).map((l) => l.text);
}

/**
 * Where one document's positions of each query lexeme are: `positions[from[i] .. to[i])` for the
 * i-th lexeme in rankOrder, from[i] = -1 when the document lacks it. `orTerms[i]`, when given, is
 * orTerm of those positions worked out beforehand (the index keeps one per posting).
 */
export interface DocPositions {
  positions: Uint16Array;
  from: Int32Array;
  to: Int32Array;
  orTerms?: Float32Array;
}

/** One lexeme's share of calc_rank_or, before the sum over the query's lexemes. */
export function orTerm(positions: Uint16Array, from: number, to: number): number {
  let resj = 0;
  let wjm = -1;
  let jm = 0;
  for (let j = 0; j < to - from; j++) {
    const w = weightOf(positions[from + j]!);
    resj = f(resj + f(w / ((j + 1) * (j + 1))));
    if (w > wjm) {
      wjm = w;
      jm = j;
    }
  }
  return f(f(wjm + resj) - f(wjm / ((jm + 1) * (jm + 1))));
}

function rankOr(count: number, d: DocPositions): number {
  let res = 0;
  for (let i = 0; i < count; i++) {
    if (d.from[i]! < 0) continue;
    const term = d.orTerms ? d.orTerms[i]! : orTerm(d.positions, d.from[i]!, d.to[i]!);
    res = f(res + term / 1.64493406685);
  }
  return count > 0 ? f(res / count) : res;
}

function rankAnd(count: number, d: DocPositions): number {
  let res = -1;
  for (let i = 0; i < count; i++) {
    if (d.from[i]! < 0) continue;
    for (let k = 0; k < i; k++) {
      if (d.from[k]! < 0) continue;
      for (let l = d.from[i]!; l < d.to[i]!; l++) {
        for (let p = d.from[k]!; p < d.to[k]!; p++) {
          const a = d.positions[l]!;
          const b = d.positions[p]!;
          const distance = Math.abs(positionOf(a) - positionOf(b));
          if (!distance) continue;
          const curw = pairWeight(a, b, distance);
          res = res < 0 ? curw : f(1.0 - (1.0 - res) * (1.0 - curw));
        }
      }
    }
  }
  return res;
}

/**
 * ts_rank of a document for a query whose distinct lexemes, in rankOrder, number `count`;
 * `allRequired` is true when the query's top operator is AND (two or more required words).
 */
export function tsRank(count: number, allRequired: boolean, d: DocPositions): number {
  const res = allRequired && count >= 2 ? rankAnd(count, d) : rankOr(count, d);
  return res < 0 ? f(1e-20) : res;
}

/**
 * The most tsRank can be for the query, for any document: calc_rank_and never passes 1; calc_rank_or
 * is the sum of the lexemes' orTerms, so the sum of each lexeme's largest (`largestOrTerms[i]`, -1
 * for a lexeme no document holds) bounds it, added in the same order and rounding (each step only
 * grows with its term). Relevance leaves out the documents this proves cannot reach a page.
 */
export function tsRankBound(count: number, allRequired: boolean, largestOrTerms: Float32Array): number {
  if (allRequired && count >= 2) return 1;
  let res = 0;
  for (let i = 0; i < count; i++) {
    if (largestOrTerms[i]! < 0) continue;
    res = f(res + largestOrTerms[i]! / 1.64493406685);
  }
  res = count > 0 ? f(res / count) : res;
  return Math.max(res, f(1e-20));
}
