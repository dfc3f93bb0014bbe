import { correctLatin, pinyinOf, segmentPinyin, termIndex, type Term, type TermIndex } from './terms.ts';
import { isHan, normalise } from '../../lib/tokenize.ts';
import type { Db } from '../../lib/db.ts';

/** Completions while typing, pinyin input, homophone and spelling corrections, did-you-mean. */

const PIECES = /(\p{Script=Han}+)|([a-z]+)|([0-9a-z]+)/gu;

const joinWords = (terms: Term[]) =>
  terms.reduce((out, t) => (out && !isHan(t.term) && !isHan(out.at(-1)!) ? `${out} ${t.term}` : out + t.term), '');

/** Letters read as pinyin (shouji, huaweishouji) or initials (sj): the Chinese they most likely mean. */
export function fromPinyin(index: TermIndex, letters: string): string | null {
  const s = letters.replace(/\s+/g, '').toLowerCase();
  if (!/^[a-z]{2,60}$/.test(s)) return null;
  const segmented = segmentPinyin(index, s);
  if (segmented && segmented.some((t) => isHan(t.term))) return joinWords(segmented);
  if (s.length <= 6) {
    const byInitials = index.list.find((t) => t.initials === s && isHan(t.term));
    if (byInitials) return byInitials.term;
  }
  return null;
}

/**
 * The keyword with likely typos fixed: Chinese runs re-read through their pinyin (手鸡 → 手机,
 * homophones being the usual typing slip) and Latin words matched to known ones (iphnoe → iphone).
 * Null when nothing changed.
 */
export function correctKeyword(index: TermIndex, keyword: string): string | null {
  const pieces: string[] = [];
  let changed = false;
  for (const m of normalise(keyword).matchAll(PIECES)) {
    if (m[1]) {
      const seg = segmentPinyin(index, pinyinOf(m[1]).full);
      const fixed = seg ? joinWords(seg) : m[1];
      changed ||= fixed !== m[1];
      pieces.push(fixed);
    } else if (m[2]) {
      const fixed = correctLatin(index, m[2])?.term ?? m[2];
      changed ||= fixed !== m[2];
      pieces.push(fixed);
    } else if (m[3]) pieces.push(m[3]);
  }
  return changed ? pieces.join(' ') : null;
}

function pairs(text: string): Set<string> {
  const chars = Array.from(text);
  const out = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i]! + chars[i + 1]!);
  if (chars.length === 1) out.add(chars[0]!);
  return out;
}

/** Known words nearest to a keyword that found nothing, best first. */
export function nearestWords(index: TermIndex, keyword: string, limit = 5): string[] {
  const k = normalise(keyword).replace(/\s+/g, '');
  if (!k) return [];
  const out: string[] = [];
  const push = (w: string | null | undefined) => {
    if (w && w.replace(/\s+/g, '') !== k && !out.includes(w) && out.length < limit) out.push(w);
  };
  push(correctKeyword(index, keyword));
  if (/^[a-z]+$/.test(k)) push(fromPinyin(index, k));
  const kp = pairs(k);
  const kPinyin = isHan(k) ? pinyinOf(k).full : k;
  const scored = index.list
    .map((t) => {
      const tp = pairs(t.term);
      let common = 0;
      for (const p of tp) if (kp.has(p)) common++;
      const dice = (2 * common) / (tp.size + kp.size || 1);
      const sound = t.pinyin && kPinyin.length >= 4 && (t.pinyin.includes(kPinyin) || kPinyin.includes(t.pinyin)) ? 0.5 : 0;
      return { t, score: Math.max(dice, sound) };
    })
    .filter((x) => x.score >= 0.34)
    .sort((a, b) => b.score - a.score || b.t.count - a.t.count);
  for (const { t } of scored) push(t.term);
  return out;
}

export async function similarWords(db: Db, keyword: string, hasResults: (k: string) => Promise<boolean>, limit = 10): Promise<string[]> {
  const k = normalise(keyword).replace(/\s+/g, ' ').trim().slice(0, 50);
  if (!k) return [];
  const index = await termIndex(db);
  const out: string[] = [];
  const push = (w: string | null | undefined) => {
    if (w && !out.includes(w) && out.length < limit) out.push(w);
  };
  const compact = k.replace(/\s+/g, '');
  if (isHan(k)) {
    push(index.byTerm.get(compact)?.term);
    for (const t of index.list) if (t.term.startsWith(compact)) push(t.term);
    for (const t of index.list) if (t.term.includes(compact)) push(t.term);
  } else if (/^[a-z0-9 ]+$/.test(k)) {
    push(index.byTerm.get(compact)?.term);
    if (/^[a-z]+$/.test(compact)) {
      push(index.byPinyin.get(compact)?.term);
      push(fromPinyin(index, compact));
      for (const t of index.list) if (isHan(t.term) && t.initials === compact) push(t.term);
      for (const t of index.list) if (isHan(t.term) && t.pinyin.startsWith(compact)) push(t.term);
      if (compact.length <= 6) for (const t of index.list) if (isHan(t.term) && t.initials.startsWith(compact)) push(t.term);
    }
    for (const t of index.latin) if (t.term.startsWith(compact)) push(t.term);
  } else {
    for (const t of index.list) if (t.term.startsWith(compact)) push(t.term);
  }
  if (out.length < limit && !(await hasResults(k))) for (const w of nearestWords(index, k, limit)) push(w);
  return out;
}
