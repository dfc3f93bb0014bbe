import { orTerm, packPosition } from './ts-rank.ts';
import { salesFactor, type GoodsIndex, type IndexedGoods } from './goods-index.ts';

/** Reading the goods index (goods-index.ts) from the rows of the database (search.repo indexRows). */

/** Reads the database's text form of a tsvector into lexemes and packed positions. */
export function parseVector(text: string): { lexeme: string; positions: number[] }[] {
  const out: { lexeme: string; positions: number[] }[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === ' ') {
      i++;
      continue;
    }
    if (text[i] !== "'") throw new Error(`unexpected tsvector text at ${i}`);
    let lexeme = '';
    for (i++; i < text.length; i++) {
      const c = text[i]!;
      if (c === '\\') lexeme += text[++i] ?? '';
      else if (c === "'" && text[i + 1] === "'") lexeme += text[i++]!;
      else if (c === "'") break;
      else lexeme += c;
    }
    i++;
    const positions: number[] = [];
    if (text[i] === ':') {
      const end = text.indexOf(' ', i);
      for (const p of text.slice(i + 1, end < 0 ? text.length : end).split(',')) {
        const weight = /[ABC]$/.test(p) ? (p.at(-1) as 'A' | 'B' | 'C') : 'D';
        positions.push(packPosition(Number.parseInt(p, 10), weight));
      }
      i = end < 0 ? text.length : end;
    }
    out.push({ lexeme, positions });
  }
  return out;
}

/** An Int32Array or Uint16Array that grows by doubling while the index is read. */
class Growing<T extends Int32Array | Uint16Array> {
  length = 0;
  items: T;
  constructor(items: T) {
    this.items = items;
  }
  push(value: number) {
    if (this.length === this.items.length) {
      const bigger = new (this.items.constructor as new (n: number) => T)(this.items.length * 2);
      bigger.set(this.items);
      this.items = bigger;
    }
    this.items[this.length++] = value;
  }
  done(): T {
    return this.items.slice(0, this.length) as T;
  }
}

/**
 * Reads one vector's text straight into the growing arrays: per lexeme entry, its lexeme number and
 * where its positions end.
 */
function readVector(text: string, lexemes: Map<string, number>, entryLexeme: Growing<Int32Array>, entryEnd: Growing<Int32Array>, positions: Growing<Uint16Array>) {
  for (const e of parseVector(text)) {
    let k = lexemes.get(e.lexeme);
    if (k === undefined) lexemes.set(e.lexeme, (k = lexemes.size));
    entryLexeme.push(k);
    for (const p of e.positions) positions.push(p);
    entryEnd.push(positions.length);
  }
}

/**
 * A turn of the event loop for others about every SLICE_MS of building: reading 100,000 goods takes
 * about 1.5 s of one core, which in one piece would hold every request of the process that long (at
 * start-up, and a second after each catalogue write).
 */
const SLICE_MS = 5;

function slices() {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < SLICE_MS) return;
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}

/** Checks the time every this many steps of a loop (reading the clock is not free). */
const STEPS_PER_CHECK = 256;

export async function buildGoodsIndex(rows: IndexedGoods[]): Promise<GoodsIndex> {
  const yieldIfDue = slices();
  const sorted = [...rows].sort((a, b) => a.id - b.id);
  const size = sorted.length;
  const lexemes = new Map<string, number>();
  // first in document order: each document's entries (lexeme, positions)
  const entryLexeme = new Growing(new Int32Array(1024));
  const entryEnd = new Growing(new Int32Array(1024));
  const docPositions = new Growing(new Uint16Array(1024));
  const docEnd = new Int32Array(size);
  for (let d = 0; d < size; d++) {
    if (d % STEPS_PER_CHECK === 0) await yieldIfDue();
    readVector(sorted[d]!.vector, lexemes, entryLexeme, entryEnd, docPositions);
    docEnd[d] = entryLexeme.length;
  }
  await yieldIfDue();
  // then regrouped by lexeme: each lexeme's postings in document order, with their positions
  const postingsFrom = new Int32Array(lexemes.size + 1);
  for (let e = 0; e < entryLexeme.length; e++) postingsFrom[entryLexeme.items[e]! + 1]!++;
  for (let k = 0; k < lexemes.size; k++) postingsFrom[k + 1]! += postingsFrom[k]!;
  const postingDocs = new Int32Array(entryLexeme.length);
  const postingEntry = new Int32Array(entryLexeme.length);
  const next = postingsFrom.slice(0, lexemes.size);
  for (let d = 0, e = 0; d < size; d++) {
    for (; e < docEnd[d]!; e++) {
      const p = next[entryLexeme.items[e]!]!++;
      postingDocs[p] = d;
      postingEntry[p] = e;
    }
  }
  await yieldIfDue();
  const positionsFrom = new Int32Array(postingDocs.length + 1);
  const positions = new Uint16Array(docPositions.length);
  const entryEnds = entryEnd.items;
  const positionsInDocOrder = docPositions.items;
  let at = 0;
  for (let p = 0; p < postingDocs.length; p++) {
    if (p % (STEPS_PER_CHECK * 16) === 0) await yieldIfDue();
    positionsFrom[p] = at;
    const e = postingEntry[p]!;
    for (let i = e > 0 ? entryEnds[e - 1]! : 0; i < entryEnds[e]!; i++) positions[at++] = positionsInDocOrder[i]!;
  }
  positionsFrom[postingDocs.length] = at;
  const orTerms = new Float32Array(postingDocs.length);
  const largestOrTerms = new Float32Array(lexemes.size).fill(-1);
  for (let p = 0, k = 0; p < postingDocs.length; p++) {
    if (p % (STEPS_PER_CHECK * 16) === 0) await yieldIfDue();
    while (p >= postingsFrom[k + 1]!) k++; // the postings are grouped by lexeme
    orTerms[p] = orTerm(positions, positionsFrom[p]!, positionsFrom[p + 1]!);
    largestOrTerms[k] = Math.max(largestOrTerms[k]!, orTerms[p]!);
  }
  const pairNumbers = new Map<number, number>();
  const pairs = Int32Array.from(sorted, (g) => {
    const key = g.categoryId * 1_000_003 + (g.brandId ?? -1);
    let n = pairNumbers.get(key);
    if (n === undefined) pairNumbers.set(key, (n = pairNumbers.size));
    return n;
  });
  const pairCategory = new Int32Array(pairNumbers.size);
  const pairBrand = new Int32Array(pairNumbers.size);
  sorted.forEach((g, d) => {
    pairCategory[pairs[d]!] = g.categoryId;
    pairBrand[pairs[d]!] = g.brandId ?? -1;
  });
  return {
    size,
    ids: Int32Array.from(sorted, (g) => g.id),
    categories: Int32Array.from(sorted, (g) => g.categoryId),
    brands: Int32Array.from(sorted, (g) => g.brandId ?? -1),
    prices: Float64Array.from(sorted, (g) => g.priceFen),
    sales: Int32Array.from(sorted, (g) => g.sales),
    salesFactors: Float64Array.from(sorted, (g) => salesFactor(g.sales)),
    created: Float64Array.from(sorted, (g) => g.createdMicros),
    pairs,
    pairCategory,
    pairBrand,
    lexemes,
    postingsFrom,
    postingDocs,
    positionsFrom,
    positions,
    orTerms,
    largestOrTerms,
  };
}

