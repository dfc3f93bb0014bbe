import type { UnderstandContext } from './types.ts';

/**
 * Goods a question points at (这个, 第二个, 前两个, 这几个) and the counts it asks for (三款, 买两个),
 * read from a normalised question. Spans are returned so the keyword reader can skip them.
 */

export interface Span {
  index: number;
  length: number;
}

export interface GoodsReference extends Span {
  goodsIds: number[];
  /** 'one' for 这个 / 第二个, 'many' for 前两个 / 这几个 / 第一个和第三个. */
  arity: 'one' | 'many';
}

const DIGITS: Record<string, number> = {
  一: 1,
  二: 2,
  两: 2,
  俩: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
  十: 10,
};

/** 3, 三, 两, 十 → a small number; null otherwise. */
export function smallNumber(written: string): number | null {
  if (/^\d+$/.test(written)) return Number(written);
  if (written.length === 1) return DIGITS[written] ?? null;
  if (/^十[一二三四五六七八九]$/.test(written)) return 10 + DIGITS[written[1]!]!;
  return null;
}

const CLASSIFIER = '个|款|件|台|部|只|份|条|双|瓶|箱|盒|本|支|把|套|样';
const NUMBER = '\\d{1,2}|[一二两俩三四五六七八九十]';

// 第一张 is a coupon of a list, never a goods
const ORDINAL = new RegExp(
  `第\\s*(${NUMBER})\\s*(?:${CLASSIFIER})?(?!\\s*张)|(最后|倒数第一)(?:一)?(?:${CLASSIFIER})`,
  'gu',
);
/** 销量前五, 排名前三: a ranking's first few. */
export const RANKING = /(?:销量|排行|排名|榜|top|最好|最火|畅销)[^，,。]{0,6}$/u;
const FIRST_N = new RegExp(`前\\s*(${NUMBER})\\s*(?:${CLASSIFIER})?`, 'u');
const ALL_SHOWN =
  /这(?:两|俩|几|些|三|四)(?:个|款|件|台|部|只|样)?|它们|他们|上面(?:的|这些|那些|几个|几款)?|刚才(?:的|那些|那几个|那几款)|两者|这俩/u;
const THIS_ONE = /这个|这款|这件|这台|这部|这只|这双|这本|该商品|这商品|这东西|(?<!其)它|那个|那款|这一款|本商品/u;

function pick(ids: number[], positions: number[]): number[] {
  return positions.map((p) => ids[p]).filter((id): id is number => id !== undefined);
}

/** The goods a question refers to, resolved against the context; null when it refers to none. */
export function findGoodsReference(text: string, context: UnderstandContext): GoodsReference | null {
  const shown = context.lastGoodsIds ?? [];
  const ordinals = [...text.matchAll(ORDINAL)];
  if (ordinals.length) {
    const positions = ordinals.map((m) => (m[2] ? shown.length - 1 : (smallNumber(m[1]!) ?? 0) - 1));
    const first = ordinals[0]!;
    const last = ordinals[ordinals.length - 1]!;
    return {
      goodsIds: [...new Set(pick(shown, positions))],
      arity: ordinals.length > 1 ? 'many' : 'one',
      index: first.index,
      length: last.index + last[0].length - first.index,
    };
  }
  const firstN = FIRST_N.exec(text);
  // 销量前五 is how many to show, not which of the shown goods
  if (firstN && !RANKING.test(text.slice(0, firstN.index))) {
    const n = smallNumber(firstN[1]!) ?? 0;
    return { goodsIds: shown.slice(0, n), arity: 'many', index: firstN.index, length: firstN[0].length };
  }
  const all = ALL_SHOWN.exec(text);
  if (all) {
    const two = /[两俩]|两者/.test(all[0]) ? 2 : /三/.test(all[0]) ? 3 : 4;
    return { goodsIds: shown.slice(0, two), arity: 'many', index: all.index, length: all[0].length };
  }
  const one = THIS_ONE.exec(text);
  if (one) {
    const id = context.goodsId ?? shown[0];
    return { goodsIds: id === undefined ? [] : [id], arity: 'one', index: one.index, length: one[0].length };
  }
  return null;
}

export interface Count extends Span {
  count: number;
}

const COUNT = new RegExp(`(?<![第前这那])(${NUMBER})\\s*(?:${CLASSIFIER}|张|单|笔)`, 'u');

const RANKED_COUNT = new RegExp(
  `(?:销量|排行|排名|榜|top|最好|最火|畅销)[^，,。]{0,6}?前\\s*(${NUMBER})\\s*(?:名|${CLASSIFIER})?`,
  'u',
);

/** How many the buyer asks for (三款, 买两个, 最近3个订单), outside the given spans. */
export function findCount(text: string, skip: Span[]): Count | null {
  const masked = mask(text, skip);
  const ranked = RANKED_COUNT.exec(masked);
  if (ranked) {
    const count = smallNumber(ranked[1]!);
    if (count) return { count, index: ranked.index, length: ranked[0].length };
  }
  const m = COUNT.exec(masked);
  if (!m) return null;
  const count = smallNumber(m[1]!);
  return count ? { count, index: m.index, length: m[0].length } : null;
}

/** The text with the given spans blanked out (kept the same length, so spans stay valid). */
export function mask(text: string, spans: Span[]): string {
  // spans count UTF-16 units, so the text is split into units too
  const chars = text.split('');
  for (const s of spans) for (let i = s.index; i < s.index + s.length && i < chars.length; i++) chars[i] = ' ';
  return chars.join('');
}
