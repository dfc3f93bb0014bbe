/**
 * Prices as Chinese buyers write them in a question: 三千以内, 3000以下, 3k左右, 两千到三千, 2000-3000,
 * 一千多, 不超过500块, 500元以上, ¥100内, 三四千, 千元机. Amounts are yuan in the text and integer fen
 * in the result. A bare number is a price only when something says so (a currency, 元/块, a magnitude
 * such as 千 or k, or a word such as 以内), so 第2个, 256g and iPhone 15 never become prices.
 */

export type PriceKind = 'upTo' | 'from' | 'between' | 'around' | 'over';

export interface PriceRange {
  kind: PriceKind;
  minFen?: number;
  maxFen?: number;
  /** The amount the buyer named: the ceiling of upTo/between/over, the floor of from, the centre of around. */
  amountFen: number;
  /** Where the price was written in the normalised question, so other readers can skip it. */
  index: number;
  length: number;
}

/** "About 3000" searches 3000 ± 20 %. */
export const AROUND_SPREAD = 0.2;

const CN_DIGITS: Record<string, number> = {
  零: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const CN_UNITS: Record<string, number> = { 十: 10, 百: 100, 千: 1000, 万: 10000, k: 1000, w: 10000 };

/**
 * Yuan from a written amount: 3000, 1.5k, 3w, 三千, 两千五 (2500), 一万五 (15000), 2千5, 一百二 (120),
 * 千 (1000). Null when it is not an amount.
 */
export function parseAmount(written: string): number | null {
  const text = written.replace(/\s+/g, '').toLowerCase();
  if (!text) return null;
  let total = 0;
  let section = 0;
  let number: number | null = null;
  let lastUnit = 0;
  let sawDigitAfterUnit = false;
  // 一千零五 is 1005, not 1500
  let zero = false;
  for (let i = 0; i < text.length;) {
    const ch = text[i]!;
    const arabic = /^\d+(?:\.\d+)?/.exec(text.slice(i));
    if (arabic) {
      number = Number(arabic[0]);
      sawDigitAfterUnit = lastUnit > 0;
      i += arabic[0].length;
      continue;
    }
    if (ch in CN_DIGITS) {
      number = CN_DIGITS[ch]!;
      if (ch === '零') zero = true;
      sawDigitAfterUnit = lastUnit > 0 && !zero;
      i++;
      continue;
    }
    const unit = CN_UNITS[ch];
    if (unit === undefined) return null;
    if (unit === 10000) {
      total += (section + (number ?? (section ? 0 : 1))) * unit;
      section = 0;
    } else {
      section += (number ?? 1) * unit;
    }
    number = null;
    lastUnit = unit;
    sawDigitAfterUnit = false;
    zero = false;
    i++;
  }
  if (number !== null) {
    // 两千五 and 一万五: a lone digit after a unit counts in the next unit down
    if (sawDigitAfterUnit && lastUnit >= 100 && number < 10) section += (number * lastUnit) / 10;
    else section += number;
  }
  const yuan = total + section;
  return Number.isFinite(yuan) && yuan > 0 ? yuan : null;
}

const toFen = (yuan: number) => Math.round(yuan * 100);

const NUM = String.raw`(?:\d+(?:\.\d+)?(?:\s*[kw千万百](?:[一二两三四五六七八九]|\d(?!\d))?)?|[零一二两三四五六七八九十百千万]+)`;
const CURRENCY = String.raw`(?:¥|￥|rmb)`;
const YUAN = String.raw`(?:块钱|元钱|块|元|rmb|人民币)`;
const PRE_UP_TO = String.raw`不超过|不高于|不多于|不大于|不到|低于|少于|小于|最多|顶多|最高|<=|≤|<|预算(?:是|在|有|只有|就|大概|差不多)?`;
const PRE_FROM = String.raw`超过|高于|多于|大于|至少|最少|不低于|不少于|起码|>=|≥|>`;
const PRE_ABOUT = String.raw`大概|大约|差不多|约`;
const POST_UP_TO = String.raw`以内|之内|以下|之下|以里|封顶|内`;
const POST_FROM = String.raw`以上|之上|往上|起步|开外|起`;
const POST_ABOUT = String.raw`左右|上下|附近|的样子|包邮`;
const POST_OVER = String.raw`多(?!少)|出头`;

const SINGLE = new RegExp(
  String.raw`(${PRE_UP_TO}|${PRE_FROM}|${PRE_ABOUT})?\s*(${CURRENCY})?\s*(${NUM})\s*(${POST_OVER})?\s*(${YUAN})?\s*(${POST_UP_TO}|${POST_FROM}|${POST_ABOUT}|${POST_OVER})?`,
  'gu',
);
const RANGE = new RegExp(
  String.raw`(?:在\s*)?${CURRENCY}?\s*(${NUM})\s*${YUAN}?\s*(?:到|至|-|~|～|—|–|和|与)\s*${CURRENCY}?\s*(${NUM})\s*${YUAN}?\s*(?:之间|以内|左右)?`,
  'gu',
);
/** 三四千, 五六百: two neighbouring digits before one unit. */
const NEIGHBOURS =
  /([一二两三四五六七八九])([一二三四五六七八九])([十百千万])(?:多)?\s*(?:块钱|块|元)?(?:左右|之间)?/gu;

function kindOf(pre: string | undefined, post: string | undefined, over: string | undefined): PriceKind | null {
  if (post && new RegExp(`^(?:${POST_UP_TO})$`).test(post)) return 'upTo';
  if (post && new RegExp(`^(?:${POST_FROM})$`).test(post)) return 'from';
  if (post && new RegExp(`^(?:${POST_ABOUT})$`).test(post)) return 'around';
  if (over || post === '多' || post === '出头') return 'over';
  if (pre && new RegExp(`^(?:${PRE_UP_TO})$`).test(pre)) return 'upTo';
  if (pre && new RegExp(`^(?:${PRE_FROM})$`).test(pre)) return 'from';
  if (pre) return 'around';
  return null;
}

/** 1000 → 1000 (一千多 is 1000–2000), 1500 → 100, 500 → 100 (五百多 is 500–600). */
function overStep(yuan: number): number {
  let step = 1;
  while (yuan % (step * 10) === 0 && step * 10 <= yuan) step *= 10;
  return step;
}

function rangeOf(kind: PriceKind, yuan: number): Pick<PriceRange, 'minFen' | 'maxFen' | 'amountFen'> {
  const fen = toFen(yuan);
  switch (kind) {
    case 'upTo':
      return { maxFen: fen, amountFen: fen };
    case 'from':
      return { minFen: fen, amountFen: fen };
    case 'over':
      return { minFen: fen, maxFen: toFen(yuan + overStep(yuan)), amountFen: toFen(yuan + overStep(yuan)) };
    default:
      return {
        minFen: Math.round(fen * (1 - AROUND_SPREAD)),
        maxFen: Math.round(fen * (1 + AROUND_SPREAD)),
        amountFen: fen,
      };
  }
}

const hasMagnitude = (num: string) => /[千万百]/.test(num) || /\d\s*[kw]/.test(num);
/**
 * 65w充电器 and 65w的 are watts: a w amount needs a word of price beside it (3w以内), and a k amount
 * stands alone only where nothing follows it but 的 or the end (3k的手机).
 */
const kwAlone = (num: string, after: string) =>
  !/\d\s*w/.test(num) && (!/\d\s*k/.test(num) || /^(?:的|[\s,，。.?？!！]|$)/u.test(after));

function findRange(text: string): PriceRange | null {
  for (const m of text.matchAll(RANGE)) {
    const low = parseAmount(m[1]!);
    const high = parseAmount(m[2]!);
    if (low === null || high === null) continue;
    // 两到三千: the first amount borrows the unit of the second
    const lowYuan = !hasMagnitude(m[1]!) && hasMagnitude(m[2]!) && low < 10 ? low * magnitudeOf(m[2]!) : low;
    const said =
      /[元块¥￥]|rmb/.test(m[0]) || hasMagnitude(m[1]!) || hasMagnitude(m[2]!) || (lowYuan >= 10 && high >= 10);
    if (!said || !(lowYuan < high)) continue;
    return {
      kind: 'between',
      minFen: toFen(lowYuan),
      maxFen: toFen(high),
      amountFen: toFen(high),
      index: m.index,
      length: m[0].length,
    };
  }
  return null;
}

function magnitudeOf(num: string): number {
  const unit = /[千万百kw]/.exec(num)?.[0];
  return unit ? (CN_UNITS[unit] ?? 1) : 1;
}

function findNeighbours(text: string): PriceRange | null {
  const m = NEIGHBOURS.exec(text);
  NEIGHBOURS.lastIndex = 0;
  if (!m) return null;
  const a = CN_DIGITS[m[1]!]!;
  const b = CN_DIGITS[m[2]!]!;
  if (b !== a + 1) return null;
  const unit = CN_UNITS[m[3]!]!;
  return {
    kind: 'between',
    minFen: toFen(a * unit),
    maxFen: toFen(b * unit),
    amountFen: toFen(b * unit),
    index: m.index,
    length: m[0].length,
  };
}

function findSingle(text: string): PriceRange | null {
  for (const m of text.matchAll(SINGLE)) {
    const [whole, pre, currency, num, over, yuanWord, post] = m;
    const yuan = parseAmount(num!);
    if (yuan === null) continue;
    const after = text.slice(m.index + whole.length);
    // 第2个, 前3款: ordinals and counts are not prices
    if (/[第前]$/.test(text.slice(0, m.index + (pre?.length ?? 0)))) continue;
    const said = Boolean(currency || yuanWord || post || over || pre) || (hasMagnitude(num!) && kwAlone(num!, after));
    if (!said) continue;
    // a bare magnitude word (千, 万) with nothing else is not a price: 千万 别
    if (!/[\d一二两三四五六七八九十]/.test(num!) && !yuanWord && !post) continue;
    // 最高 and 最多 before a count (最多3个) are not prices
    if (!currency && !yuanWord && !hasMagnitude(num!) && /^\s*(?:个|款|件|台|部|只|份|条|双|瓶|单)/.test(after))
      continue;
    // 九块九 is 9.9 yuan
    const dime = yuanWord === '块' && !post ? /^([一二两三四五六七八九]|\d)(?![\d十百千万])/u.exec(after) : null;
    const amount = dime ? yuan + (CN_DIGITS[dime[1]!] ?? Number(dime[1])) / 10 : yuan;
    const length = whole.length + (dime ? 1 : 0);
    // 三千块钱能买什么: what the money buys is at most that much
    const kind = kindOf(pre, post, over) ?? (/^\s*(?:能|可以)买/u.test(after) ? 'upTo' : 'around');
    return { kind, ...rangeOf(kind, amount), index: m.index, length };
  }
  return null;
}

/** The price range a (normalised, lower-case) question names, or null when it names none. */
export function parsePriceRange(text: string): PriceRange | null {
  return findRange(text) ?? findNeighbours(text) ?? findSingle(text);
}
