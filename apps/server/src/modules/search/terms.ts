import { sql } from 'drizzle-orm';
import { pinyin } from 'pinyin-pro';
import { rows, type Db, type DbOrTx } from '../../lib/db.ts';
import { isDictionaryWord, isHan, normalise } from '../../lib/tokenize.ts';
import { announceCacheChange, onCacheDropped } from '../../lib/cache-bus.ts';

/**
 * The vocabulary of words that have goods (from the index itself, plus category names and
 * brand + category phrases such as 华为手机), with pinyin and initials. It feeds completions,
 * pinyin input (shouji → 手机), homophone typos (手鸡 → 手机) and did-you-mean.
 */
export interface Term {
  term: string;
  pinyin: string;
  initials: string;
  count: number;
}

export function pinyinOf(word: string): { full: string; initials: string } {
  if (!isHan(word)) return { full: word, initials: '' };
  const full = pinyin(word, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true }).join('').toLowerCase();
  const initials = pinyin(word, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' }).join('').toLowerCase();
  return { full: full.replace(/[^a-z0-9]/g, ''), initials: initials.replace(/[^a-z0-9]/g, '') };
}

const isWord = (lexeme: string) =>
  isHan(lexeme)
    ? /^\p{Script=Han}{2,8}$/u.test(lexeme) && isDictionaryWord(lexeme)
    : /^[a-z][a-z0-9-]{2,23}$/.test(lexeme) && /[a-z].*[a-z]/.test(lexeme);

/** Rebuilds search_terms from the goods on shelf. Run after bulk loads; cheap enough to run often. */
export async function refreshSearchTerms(db: Db): Promise<number> {
  const lexemes = await rows<{ word: string; ndoc: number }>(
    db,
    sql`SELECT word, ndoc FROM ts_stat('SELECT search_vector FROM goods WHERE on_shelf', 'AB')`,
  );
  const categories = await rows<{ id: number; parent_id: number | null; name: string }>(db, sql`SELECT id, parent_id, name FROM categories`);
  const perLeaf = await rows<{ category_id: number; brand: string | null; n: number }>(
    db,
    sql`SELECT g.category_id, b.name AS brand, count(*)::int AS n FROM goods g LEFT JOIN brands b ON b.id = g.brand_id
      WHERE g.on_shelf GROUP BY g.category_id, b.name`,
  );
  const counts = new Map<string, number>();
  const add = (term: string, n: number) => counts.set(term, Math.max(counts.get(term) ?? 0, n));
  const byId = new Map(categories.map((c) => [c.id, c]));
  const categoryCount = new Map<number, number>();
  for (const row of perLeaf) {
    const leaf = byId.get(row.category_id);
    for (let c = leaf; c; c = c.parent_id == null ? undefined : byId.get(c.parent_id)) categoryCount.set(c.id, (categoryCount.get(c.id) ?? 0) + row.n);
    if (row.brand && leaf) add(normalise(`${row.brand}${leaf.name}`), row.n);
  }
  for (const c of categories) if (categoryCount.get(c.id)) add(normalise(c.name), categoryCount.get(c.id)!);
  for (const { word, ndoc } of lexemes) if (isWord(word)) add(word, ndoc);
  // brands are words whatever the segmenter makes of them
  const brandCount = new Map<string, number>();
  for (const row of perLeaf) if (row.brand) brandCount.set(row.brand, (brandCount.get(row.brand) ?? 0) + row.n);
  for (const [brand, n] of brandCount) add(normalise(brand), n);

  const terms = [...counts].map(([term, count]) => ({ term, count, ...pinyinOf(term) }));
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM search_terms`);
    for (let i = 0; i < terms.length; i += 1000) {
      const chunk = terms.slice(i, i + 1000).map((t) => sql`(${t.term}, ${t.full}, ${t.initials}, ${t.count})`);
      await tx.execute(sql`INSERT INTO search_terms (term, pinyin, initials, goods_count) VALUES ${sql.join(chunk, sql`, `)}`);
    }
  });
  await announceCacheChange(db, 'search-terms');
  return terms.length;
}

export interface TermIndex {
  list: Term[];
  byTerm: Map<string, Term>;
  /** Best term per full pinyin (and per Latin word). */
  byPinyin: Map<string, Term>;
  latin: Term[];
  maxKey: number;
}

const termCache = new WeakMap<Db, { at: number; index: Promise<TermIndex> }>();
const TERM_TTL_MS = 5 * 60_000;
onCacheDropped('search-terms', (db) => termCache.delete(db));

export function invalidateTerms(db: Db) {
  termCache.delete(db);
}

export async function termIndex(db: Db): Promise<TermIndex> {
  const hit = termCache.get(db);
  if (hit && Date.now() - hit.at < TERM_TTL_MS) return hit.index;
  const index = loadTerms(db);
  termCache.set(db, { at: Date.now(), index });
  index.catch(() => termCache.delete(db));
  return index;
}

async function loadTerms(db: DbOrTx): Promise<TermIndex> {
  const found = await rows<{ term: string; pinyin: string; initials: string; goods_count: number }>(
    db,
    sql`SELECT term, pinyin, initials, goods_count FROM search_terms ORDER BY goods_count DESC, term`,
  );
  const list = found.map((r) => ({ term: r.term, pinyin: r.pinyin, initials: r.initials, count: r.goods_count }));
  const byPinyin = new Map<string, Term>();
  for (const t of list) if (!byPinyin.has(t.pinyin)) byPinyin.set(t.pinyin, t);
  return {
    list,
    byTerm: new Map(list.map((t) => [t.term, t])),
    byPinyin,
    latin: list.filter((t) => !isHan(t.term)),
    maxKey: Math.max(0, ...[...byPinyin.keys()].map((k) => k.length)),
  };
}

/**
 * Splits letters typed as pinyin into known words (huaweishouji → 华为 手机), preferring the
 * fewest words and then the most common ones. Null when the letters are not such words.
 */
export function segmentPinyin(index: TermIndex, letters: string): Term[] | null {
  const s = letters.toLowerCase();
  if (!/^[a-z]{2,60}$/.test(s)) return null;
  const best: ({ n: number; score: number; prev: number; term: Term } | null)[] = new Array(s.length + 1).fill(null);
  best[0] = { n: 0, score: 0, prev: -1, term: null as unknown as Term };
  for (let i = 0; i < s.length; i++) {
    const from = best[i];
    if (!from) continue;
    for (let j = i + 2; j <= Math.min(s.length, i + index.maxKey); j++) {
      const term = index.byPinyin.get(s.slice(i, j));
      if (!term) continue;
      const cand = { n: from.n + 1, score: from.score + Math.log(1 + term.count), prev: i, term };
      const cur = best[j];
      if (!cur || cand.n < cur.n || (cand.n === cur.n && cand.score > cur.score)) best[j] = cand;
    }
  }
  if (!best[s.length]) return null;
  const out: Term[] = [];
  for (let at = s.length; at > 0; at = best[at]!.prev) out.unshift(best[at]!.term);
  return out;
}

/** Damerau–Levenshtein distance (adjacent swaps count as one edit: iphnoe → iphone). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/** The closest known Latin word to a mistyped one, if close enough. */
export function correctLatin(index: TermIndex, word: string): Term | null {
  if (word.length < 4 || index.byTerm.has(word)) return null;
  const limit = word.length >= 7 ? 2 : 1;
  let best: { t: Term; d: number } | null = null;
  for (const t of index.latin) {
    if (Math.abs(t.term.length - word.length) > limit) continue;
    const d = editDistance(word, t.term);
    if (d <= limit && (!best || d < best.d)) best = { t, d };
  }
  return best?.t ?? null;
}
