import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

/**
 * One tokeniser for the index and for queries, so that both sides always agree.
 * A document yields jieba words, every Chinese character and every pair of neighbouring Chinese
 * characters (so any one- or two-character query finds its text whatever jieba made of it), and
 * Latin/digit runs whole and split at letter/digit boundaries (iphone15 → iphone15, iphone, 15).
 * Tokens hold only letters and digits, so a query built from them can never carry tsquery syntax.
 */

let jieba: Jieba | undefined;
const added = new Set<string>();
/** Grows each time the dictionary takes new words: what was cut before may be cut otherwise now. */
let dictionaryChanges = 0;

function segmenter(): Jieba {
  jieba ??= Jieba.withDict(dict);
  return jieba;
}

/** Adds catalogue words (brands, categories, product nouns) to the segmenter's dictionary. */
export function addDictionaryWords(words: Iterable<string>) {
  const fresh: string[] = [];
  for (const raw of words) {
    const word = raw.trim().toLowerCase();
    if (word.length < 2 || /\s/.test(word) || added.has(word)) continue;
    added.add(word);
    fresh.push(`${word} 200000 nz`);
  }
  if (!fresh.length) return;
  segmenter().loadDict(Buffer.from(fresh.join('\n') + '\n'));
  dictionaryChanges++;
}

/** Changes whenever the segmenter's dictionary does: a key for what was worked out from its cuts. */
export const dictionaryVersion = () => dictionaryChanges;

const HAN = /\p{Script=Han}/u;
const PIECE = /(\p{Script=Han}+)|([a-z0-9]+)/gu;
const MAX_TOKEN = 32;
/** Words that carry no meaning in a query and would only make the AND stricter. */
const QUERY_STOP = new Set(['的', '了', '和', '与', '及', '或', '是', '在', '买', '要', '我']);

/** NFKC folds full-width forms; storage units are written one way (256GB, 256 G → 256g). */
export function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/(\d+)\s*(gb|g)(?![a-z])/g, '$1g')
    .replace(/(\d+)\s*(tb|t)(?![a-z])/g, '$1t');
}

/** Whether the segmenter keeps a Chinese word whole (手机 yes; 为手, a pair across words, no). */
export function isDictionaryWord(word: string): boolean {
  const cut = segmenter().cut(word, false);
  return cut.length === 1 && cut[0] === word;
}

export function isHan(text: string): boolean {
  return HAN.test(text);
}

function latinParts(run: string): string[] {
  const parts = run.match(/[a-z]+|[0-9]+/g) ?? [];
  return parts.length > 1 ? parts : [];
}

function hanGrams(run: string): string[] {
  const chars = Array.from(run);
  const out = [...chars];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
  return out;
}

/**
 * The lexemes of a document's text: `words` (jieba words and Latin runs with their parts) and
 * `grams` (single Chinese characters and neighbouring pairs that are not words themselves).
 * The index gives words more weight than grams, so a query 手机 ranks a phone (word 手机) above a
 * phone case (word 手机壳, where 手机 is only a pair).
 */
export function indexTokenGroups(text: string, searchMode = true): { words: string[]; grams: string[] } {
  const words = new Set<string>();
  const grams = new Set<string>();
  for (const m of normalise(text).matchAll(PIECE)) {
    if (m[1]) {
      // search mode adds the dictionary words inside longer ones (老人手机 → 老人, 手机, 老人手机)
      if (searchMode) for (const w of segmenter().cutForSearch(m[1], false)) words.add(w);
      else {
        // whole words and their head nouns only (a Chinese compound ends in its head):
        // 老人手机 is a 手机, 手机壳 is not
        for (const w of segmenter().cut(m[1], false)) {
          words.add(w);
          for (const sub of segmenter().cutForSearch(w, false)) if (w.endsWith(sub)) words.add(sub);
        }
      }
      for (const g of hanGrams(m[1])) grams.add(g);
    } else if (m[2]) {
      words.add(m[2]);
      for (const p of latinParts(m[2])) words.add(p);
    }
  }
  for (const w of words) if (w.length < 2) words.delete(w);
  for (const w of words) grams.delete(w);
  const fit = (t: string) => t.length <= MAX_TOKEN;
  return { words: [...words].filter(fit), grams: [...grams].filter(fit) };
}

/** All lexemes of a text, deduplicated. */
export function indexTokens(text: string): string[] {
  const { words, grams } = indexTokenGroups(text);
  return [...words, ...grams];
}

/** One query word: matched when any alternative (a list of lexemes that must all be present) is. */
export interface QueryTerm {
  word: string;
  alternatives: string[][];
}

export interface ParsedQuery {
  terms: QueryTerm[];
  /** Words to mark in names, longest first, each with the pieces to mark when it is not whole. */
  highlight: HighlightWord[];
}

export interface HighlightWord {
  word: string;
  parts: string[];
}

const MAX_TERMS = 12;

export function parseQuery(keyword: string): ParsedQuery {
  const terms: QueryTerm[] = [];
  const seen = new Set<string>();
  const push = (term: QueryTerm) => {
    if (seen.has(term.word) || terms.length >= MAX_TERMS) return;
    seen.add(term.word);
    terms.push(term);
  };
  for (const m of normalise(keyword.slice(0, 200)).matchAll(PIECE)) {
    if (m[1]) {
      for (const w of segmenter().cut(m[1], false)) {
        if (QUERY_STOP.has(w)) continue;
        const chars = Array.from(w);
        if (chars.length <= 2) push({ word: w, alternatives: [[w]] });
        else {
          const pairs = chars.slice(1).map((c, i) => chars[i] + c);
          push({ word: w, alternatives: [[w], pairs] });
        }
      }
    } else if (m[2] && m[2].length <= MAX_TOKEN) {
      const parts = latinParts(m[2]);
      push({ word: m[2], alternatives: parts.length ? [[m[2]], parts] : [[m[2]]] });
    }
  }
  return { terms, highlight: highlightWords(terms) };
}

export function highlightWords(terms: QueryTerm[]): HighlightWord[] {
  return terms
    .map((t) => ({
      word: t.word,
      // a lone letter (the g of 256g) would light up every g in a name
      parts: (t.alternatives[1] ?? []).filter((p) => p.length > 1 || isHan(p)),
    }))
    .sort((a, b) => b.word.length - a.word.length);
}

const quote = (lexeme: string) => `'${lexeme}'`;

/** tsquery text from parsed terms: every term required (AND), or any (OR) for a loose fallback. */
export function toTsquery(terms: QueryTerm[], join: '&' | '|' = '&'): string | null {
  if (!terms.length) return null;
  return terms
    .map((t) => {
      const alts = t.alternatives.map((a) => (a.length === 1 ? quote(a[0]!) : `(${a.map(quote).join(' & ')})`));
      return alts.length === 1 ? alts[0] : `(${alts.join(' | ')})`;
    })
    .join(` ${join} `);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const HAS_ESCAPES = /[&<>"']/;
const asIs = (s: string) => s;

/**
 * The name as safe HTML with matched words in <em>. Whole words are marked where they occur,
 * otherwise the character pairs that made them match.
 */
export function highlightName(name: string, words: HighlightWord[]): string {
  const escape = HAS_ESCAPES.test(name) ? escapeHtml : asIs;
  const lower = name.normalize('NFKC').toLowerCase();
  if (lower.length !== name.length) return escape(name);
  const marked = new Uint8Array(name.length);
  let markedAny = false;
  const mark = (w: string) => {
    let at = w ? lower.indexOf(w) : -1;
    if (at < 0) return false;
    for (; at >= 0; at = lower.indexOf(w, at + w.length)) marked.fill(1, at, at + w.length);
    return (markedAny = true);
  };
  for (const { word, parts } of words) {
    if (!mark(word)) for (const part of parts) mark(part);
  }
  if (!markedAny) return escape(name);
  // each run of marked or unmarked characters escaped at once
  let html = '';
  for (let from = 0, i = 1; i <= name.length; i++) {
    if (i < name.length && marked[i] === marked[from]) continue;
    const run = escape(name.slice(from, i));
    html += marked[from] ? `<em>${run}</em>` : run;
    from = i;
  }
  return html;
}

/**
 * highlightName for one query's words, remembering up to `keep` names it marked: the goods a popular
 * query finds come back on its every page, sort and filter. Search keeps one per kept keyword reading
 * (at most 2,000 of them), so `keep` stays small.
 */
export function nameHighlighter(words: HighlightWord[], keep = 50): (name: string) => string {
  const marked = new Map<string, string>();
  return (name) => {
    let html = marked.get(name);
    if (html === undefined) {
      if (marked.size >= keep) marked.clear();
      marked.set(name, (html = highlightName(name, words)));
    }
    return html;
  };
}
