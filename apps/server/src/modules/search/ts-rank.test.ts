import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseVector } from './goods-index-build.ts';
import { orTerm, rankOrder, tsRank, tsRankBound } from './ts-rank.ts';

/** A seeded random generator, so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
}

const WORDS = ['手机', '华为', '华', '为', 'iphone', '15', 'pro', '壳', '手机壳', '256g', 'a', 'ab', 'abc', '小米', '耳机', '为手'];

function randomVector(next: () => number): string {
  const entries = new Map<string, string[]>();
  let pos = 1 + Math.floor(next() * 3);
  for (const w of WORDS) {
    if (next() < 0.55) continue;
    const list: string[] = [];
    for (const weight of ['A', 'B', 'C', '']) if (next() < 0.4) list.push(`${pos++}${weight}`);
    if (!list.length) list.push(`${pos++}`);
    pos += Math.floor(next() * (next() < 0.1 ? 120 : 4));
    entries.set(w, list);
  }
  return [...entries].map(([w, ps]) => `'${w}':${ps.join(',')}`).join(' ') || `'空':1`;
}

/** A query as the shop builds them: required words, each one lexeme or (lexeme | pair & pair). */
function randomQuery(next: () => number): { text: string; lexemes: string[]; allRequired: boolean } {
  const pick = () => WORDS[Math.floor(next() * WORDS.length)]!;
  const terms = Array.from({ length: 1 + Math.floor(next() * 3) }, () =>
    next() < 0.7 ? [pick()] : [pick(), pick(), pick()],
  );
  const text = terms.map((t) => (t.length === 1 ? `'${t[0]}'` : `('${t[0]}' | ('${t[1]}' & '${t[2]}'))`)).join(' & ');
  return { text, lexemes: terms.flat(), allRequired: terms.length >= 2 };
}

function jsRank(vector: string, q: { lexemes: string[]; allRequired: boolean }): number {
  const byLexeme = new Map(parseVector(vector).map((e) => [e.lexeme, e.positions]));
  const order = rankOrder(q.lexemes);
  const flat: number[] = [];
  const from = new Int32Array(order.length);
  const to = new Int32Array(order.length);
  order.forEach((l, i) => {
    const ps = byLexeme.get(l);
    from[i] = ps ? flat.length : -1;
    if (ps) flat.push(...ps);
    to[i] = ps ? flat.length : -1;
  });
  return tsRank(order.length, q.allRequired, { positions: Uint16Array.from(flat), from, to });
}

describe('ts_rank worked out in this process', () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = await PGlite.create();
  });
  afterAll(async () => pg?.close());

  it('equals the database’s ts_rank, to the last bit of its 4-byte float, on 2,000 random documents and queries', async () => {
    const next = random(20261128);
    const cases = Array.from({ length: 2000 }, () => ({ vector: randomVector(next), query: randomQuery(next) }));
    const { rows } = await pg.query<{ rank: number }>(
      `SELECT ts_rank(v::tsvector, q::tsquery)::float8 AS rank
         FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS c(v, q, n) ORDER BY n`,
      [cases.map((c) => c.vector), cases.map((c) => c.query.text)],
    );
    const differing = cases
      .map((c, i) => ({ ...c, db: rows[i]!.rank, here: jsRank(c.vector, c.query) }))
      .filter((c) => c.db !== c.here);
    expect(differing.slice(0, 3)).toEqual([]);
    // the cases cover both of ts_rank's ways and documents with and without the query's words
    expect(cases.filter((c) => c.query.allRequired).length).toBeGreaterThan(500);
    expect(rows.filter((r) => r.rank > 1e-19).length).toBeGreaterThan(1000);
    expect(new Set(rows.map((r) => r.rank)).size).toBeGreaterThan(100);
  });

  it('never ranks a document above the query’s bound, made of each lexeme’s largest orTerm over the documents', () => {
    const next = random(20261129);
    let reached = 0;
    for (let c = 0; c < 300; c++) {
      const query = randomQuery(next);
      const order = rankOrder(query.lexemes);
      const vectors = Array.from({ length: 20 }, () => new Map(parseVector(randomVector(next)).map((e) => [e.lexeme, e.positions])));
      const largest = new Float32Array(order.length).fill(-1);
      order.forEach((l, i) => {
        for (const v of vectors) {
          const ps = v.get(l);
          if (ps) largest[i] = Math.max(largest[i]!, orTerm(Uint16Array.from(ps), 0, ps.length));
        }
      });
      const bound = tsRankBound(order.length, query.allRequired, largest);
      for (const v of vectors) {
        const rank = jsRank([...v].map(([w, ps]) => `'${w}':${ps.map((p) => `${p & 16383}${'DCBA'[p >> 14]!.replace('D', '')}`).join(',')}`).join(' '), query);
        expect(rank).toBeLessThanOrEqual(bound);
        if (rank === bound) reached++;
      }
    }
    expect(reached).toBeGreaterThan(0); // the bound is met, not only kept
  });

  it('orders a query’s lexemes as the database does: by UTF-8 bytes, shorter first', () => {
    expect(rankOrder(['手机', 'iphone', '手', 'ab', 'a', '手机'])).toEqual(['a', 'ab', 'iphone', '手', '手机']);
  });
});
