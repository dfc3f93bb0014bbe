import { pinyin } from 'pinyin-pro';
import { isDictionaryWord, normalise, parseQuery } from '../../../lib/tokenize.ts';
import type { ShopVocabulary } from './types.ts';

/**
 * Finds the shop's brands and categories in a question: as written (华为, OPPO), by a Latin name
 * (huawei, apple), by a colloquial name (充电宝 → 移动电源), typed as pinyin (shouji → 手机), as a
 * homophone typo (手鸡 → 手机, 华维 → 华为) or as a mistyped Latin name (samsnug → 三星).
 */

export type VocabKind = 'brand' | 'category';
export type MatchedBy = 'name' | 'alias' | 'pinyin' | 'homophone' | 'typo';

export interface VocabMatch {
  kind: VocabKind;
  /** The name as the shop spells it. */
  name: string;
  index: number;
  length: number;
  by: MatchedBy;
}

/** Latin names buyers type for brands the shop lists by their Chinese name. */
const BRAND_LATIN: Record<string, string> = {
  huawei: '华为',
  xiaomi: '小米',
  apple: '苹果',
  honor: '荣耀',
  oneplus: '一加',
  samsung: '三星',
  lenovo: '联想',
  dell: '戴尔',
  hp: '惠普',
  asus: '华硕',
  logitech: '罗技',
  razer: '雷蛇',
  canon: '佳能',
  nikon: '尼康',
  sony: '索尼',
  dji: '大疆',
  anker: '安克',
  ugreen: '绿联',
  baseus: '倍思',
  edifier: '漫步者',
  philips: '飞利浦',
  midea: '美的',
  meidi: '美的',
  haier: '海尔',
  gree: '格力',
  hisense: '海信',
  skyworth: '创维',
  siemens: '西门子',
  panasonic: '松下',
  dyson: '戴森',
  uniqlo: '优衣库',
  nike: '耐克',
  adidas: '阿迪达斯',
  lining: '李宁',
  anta: '安踏',
  loreal: '欧莱雅',
  lancome: '兰蔻',
  dior: '迪奥',
  chanel: '香奈儿',
  lego: '乐高',
  casio: '卡西欧',
  yamaha: '雅马哈',
  michelin: '米其林',
  mijia: '米家',
  redmi: '小米',
  iflytek: '科大讯飞',
  amazfit: '华米',
  newbalance: '新百伦',
  decathlon: '迪卡侬',
  samsonite: '新秀丽',
};

/** What buyers call a category, when the shop names it otherwise. */
const CATEGORY_SYNONYMS: Record<string, string> = {
  笔记本: '笔记本电脑',
  轻薄本: '笔记本电脑',
  游戏本: '笔记本电脑',
  平板: '平板电脑',
  老人机: '老人手机',
  充电宝: '移动电源',
  充电头: '充电器',
  充电线: '数据线',
  跑鞋: '跑步鞋',
  电视机: '电视',
  电饭锅: '电饭煲',
  吹风筒: '吹风机',
  电吹风: '吹风机',
  尿不湿: '纸尿裤',
  拉杆箱: '行李箱',
  书包: '双肩包',
  背包: '双肩包',
  手环: '智能手环',
  手表: '智能手表',
  音箱: '蓝牙音箱',
  相机: '数码相机',
  台式电脑: '台式机',
  电脑椅: '办公椅',
  洗面奶: '洁面',
  唇膏: '口红',
  红酒: '葡萄酒',
  螃蟹: '大闸蟹',
  樱桃: '车厘子',
  奇异果: '猕猴桃',
  狗狗粮: '狗粮',
  猫猫粮: '猫粮',
  记录仪: '行车记录仪',
  耳麦: '耳机',
  蓝牙耳机: '耳机',
};

interface Entry {
  kind: VocabKind;
  name: string;
  /** How it is written in a normalised question. */
  key: string;
  by: 'name' | 'alias';
}

interface VocabIndex {
  entries: Entry[];
  /** Full pinyin of Chinese names of two characters or more → entry. */
  byPinyin: Map<string, Entry>;
  longestPinyin: number;
  latin: Entry[];
}

const indexes = new WeakMap<ShopVocabulary, VocabIndex>();

const isLatin = (s: string) => /^[a-z0-9][a-z0-9 &'.-]*$/.test(s);
const hanOnly = (s: string) => /^\p{Script=Han}+$/u.test(s);
const pinyinOf = (han: string) => pinyin(han, { toneType: 'none', type: 'array', v: true }).join('');

function buildIndex(vocab: ShopVocabulary): VocabIndex {
  const entries: Entry[] = [];
  const brands = new Map(vocab.brands.map((b) => [normalise(b.trim()), b.trim()]));
  const categories = new Map(vocab.categories.map((c) => [normalise(c.trim()), c.trim()]));
  for (const [key, name] of brands) if (key) entries.push({ kind: 'brand', name, key, by: 'name' });
  for (const [key, name] of categories) if (key) entries.push({ kind: 'category', name, key, by: 'name' });
  for (const [latin, chinese] of Object.entries(BRAND_LATIN)) {
    const name = brands.get(chinese);
    if (name && !brands.has(latin)) entries.push({ kind: 'brand', name, key: latin, by: 'alias' });
  }
  for (const [word, category] of Object.entries(CATEGORY_SYNONYMS)) {
    const name = categories.get(category);
    if (name && !categories.has(word)) entries.push({ kind: 'category', name, key: word, by: 'alias' });
  }
  const byPinyin = new Map<string, Entry>();
  for (const e of entries) {
    if (!hanOnly(e.key) || e.key.length < 2) continue;
    const full = pinyinOf(e.key);
    if (!byPinyin.has(full)) byPinyin.set(full, e);
  }
  return {
    entries: entries.sort((a, b) => b.key.length - a.key.length),
    byPinyin,
    longestPinyin: Math.max(0, ...[...byPinyin.keys()].map((k) => k.length)),
    latin: entries.filter((e) => isLatin(e.key) && e.key.length >= 3),
  };
}

function indexOf(vocab: ShopVocabulary): VocabIndex {
  let index = indexes.get(vocab);
  if (!index) {
    index = buildIndex(vocab);
    indexes.set(vocab, index);
  }
  return index;
}

/** A Latin name counts only as a whole word: hp is not the hp of php. */
function latinBoundary(text: string, at: number, length: number): boolean {
  return !/[a-z]/.test(text[at - 1] ?? '') && !/[a-z]/.test(text[at + length] ?? '');
}

/** Splits letters typed as pinyin into names (huaweishouji → 华为 手机), or null. */
function segmentPinyin(index: VocabIndex, letters: string): Entry[] | null {
  const best: ({ n: number; prev: number; entry: Entry } | null)[] = new Array(letters.length + 1).fill(null);
  best[0] = { n: 0, prev: -1, entry: null as unknown as Entry };
  for (let i = 0; i < letters.length; i++) {
    const from = best[i];
    if (!from) continue;
    for (let j = i + 2; j <= Math.min(letters.length, i + index.longestPinyin); j++) {
      const entry = index.byPinyin.get(letters.slice(i, j));
      if (!entry) continue;
      const cur = best[j];
      if (!cur || from.n + 1 < cur.n) best[j] = { n: from.n + 1, prev: i, entry };
    }
  }
  if (!best[letters.length]) return null;
  const out: Entry[] = [];
  for (let at = letters.length; at > 0; at = best[at]!.prev) out.unshift(best[at]!.entry);
  return out;
}

/** Damerau–Levenshtein distance (an adjacent swap is one edit: samsnug → samsung). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
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

/**
 * Where the shop's tokenizer puts word edges in a run of Chinese (offsets within the run). A typo
 * must sit on them: 最受欢迎 is 最/受欢迎, so its 受欢 is no misspelt 手环.
 */
function wordEdges(run: string): Set<number> {
  const edges = new Set([0, run.length]);
  let cursor = 0;
  for (const term of parseQuery(run).terms) {
    const at = run.indexOf(term.word, cursor);
    if (at < 0) continue;
    edges.add(at);
    edges.add(at + term.word.length);
    cursor = at + term.word.length;
  }
  return edges;
}

/** The word edges of the run of Chinese around `at`, as offsets in the text (null outside any run). */
function edgesAround(text: string, at: number): Set<number> | null {
  for (const m of text.matchAll(/\p{Script=Han}+/gu)) {
    if (at < m.index || at > m.index + m[0].length) continue;
    return new Set([...wordEdges(m[0])].map((e) => e + m.index));
  }
  return null;
}

/** Whether the character at `at` is a word of its own in its run of Chinese. */
function standsAlone(text: string, at: number): boolean {
  const edges = edgesAround(text, at);
  return !edges || (edges.has(at) && edges.has(at + 1));
}

/** Whether a word of the shop's tokenizer starts at `at`. */
function startsWord(text: string, at: number): boolean {
  const edges = edgesAround(text, at);
  return !edges || edges.has(at);
}

/** Whether a word of the shop's tokenizer ends at `end`. */
function endsWord(text: string, end: number): boolean {
  const edges = edgesAround(text, end - 1);
  return !edges || edges.has(end);
}

/**
 * Every brand and category named in a normalised question, left to right, none overlapping
 * (the longest name wins: 老人手机 over 手机, 笔记本电脑 over 笔记本).
 */
export function findVocabulary(text: string, vocab: ShopVocabulary): VocabMatch[] {
  const index = indexOf(vocab);
  const found: VocabMatch[] = [];
  const taken = new Array<boolean>(text.length).fill(false);
  const free = (at: number, length: number) => !taken.slice(at, at + length).some(Boolean);
  const take = (m: VocabMatch) => {
    found.push(m);
    for (let i = m.index; i < m.index + m.length; i++) taken[i] = true;
  };

  for (const e of index.entries) {
    for (let at = text.indexOf(e.key); at >= 0; at = text.indexOf(e.key, at + 1)) {
      if (isLatin(e.key) && !latinBoundary(text, at, e.key.length)) continue;
      // a one-character name (床, 笔) only as a word of its own: 床上四件套 is no 床
      if (e.key.length === 1 && !standsAlone(text, at)) continue;
      // a category ends where a word ends: 手机号卡 and 电视柜 are no 手机 or 电视
      if (e.kind === 'category' && hanOnly(e.key) && !endsWord(text, at + e.key.length)) continue;
      // a brand starts where a word starts: 上海天气 is 上海/天气, no 海天
      if (e.kind === 'brand' && hanOnly(e.key) && !startsWord(text, at)) continue;
      if (free(at, e.key.length)) take({ kind: e.kind, name: e.name, index: at, length: e.key.length, by: e.by });
    }
  }

  // pinyin typed with spaces (bijiben diannao) is read as one run first, then word by word
  for (const m of text.matchAll(/[a-z]+(?: [a-z]+)+/g)) {
    if (!free(m.index, m[0].length)) continue;
    const words = segmentPinyin(index, m[0].replace(/ /g, ''));
    if (!words) continue;
    for (const e of words)
      found.push({ kind: e.kind, name: e.name, index: m.index, length: m[0].length, by: 'pinyin' });
    for (let i = m.index; i < m.index + m[0].length; i++) taken[i] = true;
  }
  for (const m of text.matchAll(/[a-z]+/g)) {
    if (!free(m.index, m[0].length) || m[0].length < 4) continue;
    const words = segmentPinyin(index, m[0]);
    if (words) {
      // the matches share the run's span; each one names its own kind
      for (const e of words)
        found.push({ kind: e.kind, name: e.name, index: m.index, length: m[0].length, by: 'pinyin' });
      for (let i = m.index; i < m.index + m[0].length; i++) taken[i] = true;
      continue;
    }
    // short English words are too near each other (tell and dell): only longer names get a typo
    const limit = m[0].length >= 7 ? 2 : m[0].length >= 5 ? 1 : 0;
    const near = index.latin
      .map((e) => ({ e, d: editDistance(m[0], e.key) }))
      .filter((x) => x.d <= limit)
      .sort((a, b) => a.d - b.d)[0];
    if (near) take({ kind: near.e.kind, name: near.e.name, index: m.index, length: m[0].length, by: 'typo' });
  }

  for (const m of text.matchAll(/\p{Script=Han}{2,}/gu)) {
    const run = m[0];
    const sounds = pinyin(run, { toneType: 'none', type: 'array', v: true });
    if (sounds.length !== run.length) continue;
    const edges = wordEdges(run);
    for (let length = Math.min(6, run.length); length >= 2; length--) {
      for (let i = 0; i + length <= run.length; i++) {
        const at = m.index + i;
        if (!free(at, length) || !edges.has(i) || !edges.has(i + length)) continue;
        const window = run.slice(i, i + length);
        const entry = index.byPinyin.get(sounds.slice(i, i + length).join(''));
        // a real word that merely sounds the same (杯子 and 被子, 收集 and 手机) is not a typo
        if (!entry || entry.key === window || isDictionaryWord(window)) continue;
        take({ kind: entry.kind, name: entry.name, index: at, length, by: 'homophone' });
      }
    }
  }
  return found.sort((a, b) => a.index - b.index);
}
