import { normalise } from '../../../lib/tokenize.ts';
import { parsePriceRange, type PriceRange } from './budget.ts';
import { CAN_DO, hardDecline, requestDecline, softDecline, UNCLEAR_REPLY } from './declines.ts';
import { guessIntent } from './fallback-classifier.ts';
import {
  ABOUT_ME,
  AFTERSALES,
  ASKING_PATTERNS,
  BUY_SOME,
  CART,
  CLAIM,
  COMPARE,
  COUPONS,
  DETAIL,
  FRUIT_CUES,
  intentWordsFromPinyin,
  LATEST_ORDER,
  NOT_THIS_BRAND,
  ORDER_STATUS_WORDS,
  ORDERS,
  ORDERS_ONLY,
  POINTS,
  RECOMMEND,
  SHAPE,
  SHOPPING,
  SORTS,
} from './intent-patterns.ts';
import { leftoverKeyword } from './keywords.ts';
import { findCount, findGoodsReference, mask, type Count, type GoodsReference, type Span } from './references.ts';
import type { GoodsSort, ShopVocabulary, ToolCall, UnderstandContext, Understanding } from './types.ts';
import { findVocabulary, type VocabMatch } from './vocabulary.ts';

/**
 * The offline provider's reading of a question: which of the shop's tools answers it and with what
 * arguments, or an honest refusal. Pure and deterministic: the same question, context and vocabulary
 * always give the same answer, so the question set in questions.ts pins it down.
 */

const SEARCH_LIMIT_MAX = 10;
const RECOMMEND_COUNT_MAX = 5;
const LIST_LIMIT_MAX = 5;
const COMPARE_MAX = 4;
const QUESTION_MAX = 500;

interface Slots {
  text: string;
  price: PriceRange | null;
  reference: GoodsReference | null;
  count: Count | null;
  vocab: VocabMatch[];
  brand?: string;
  category?: string;
  sort?: GoodsSort;
  keyword: string | null;
}

function decline(reply: string): Understanding {
  return { decline: 'unclear', reply };
}

function readVocabulary(text: string, spans: Span[], vocab: ShopVocabulary) {
  // 不要华为的, 除了苹果: a brand named to be left out is no brand to search
  const found = findVocabulary(mask(text, spans), vocab);
  const leftOut = (m: VocabMatch) =>
    m.kind === 'brand' && NOT_THIS_BRAND.test(text.slice(Math.max(0, m.index - 3), m.index));
  let brand = found.find((m) => m.kind === 'brand' && !leftOut(m));
  let category = found.find((m) => m.kind === 'category');
  // 苹果: the brand unless it is plainly the fruit
  if (brand && !category && vocab.categories.includes(brand.name) && FRUIT_CUES.test(text)) {
    category = { ...brand, kind: 'category' };
    brand = undefined;
  }
  return { found, brand: brand?.name, category: category?.name };
}

function readSlots(text: string, context: UnderstandContext, vocab: ShopVocabulary): Slots {
  const price = parsePriceRange(text);
  const reference = findGoodsReference(text, context);
  const spans: Span[] = [price, reference].filter((s): s is PriceRange | GoodsReference => s !== null);
  // names before counts: 三只松鼠 is a brand, not three of something
  const { found, brand, category } = readVocabulary(text, spans, vocab);
  spans.push(...found);
  const count = findCount(text, spans);
  if (count) spans.push(count);
  const sort = SORTS.find(([, pattern]) => pattern.test(text))?.[0];
  for (const pattern of ASKING_PATTERNS)
    for (const m of text.matchAll(pattern)) spans.push({ index: m.index, length: m[0].length });
  const keyword = leftoverKeyword(mask(text, spans));
  return { text, price, reference, count, vocab: found, brand, category, sort, keyword };
}

const clamp = (n: number, max: number) => Math.min(Math.max(1, n), max);

/** The goods one question is about: the one it points at, or the one the session was opened from. */
function singleGoods(slots: Slots, context: UnderstandContext): number | undefined {
  if (slots.reference) return slots.reference.goodsIds[0];
  if (context.goodsId !== undefined) return context.goodsId;
  const shown = context.lastGoodsIds ?? [];
  return shown.length === 1 ? shown[0] : undefined;
}

const namesGoods = (slots: Slots) => Boolean(slots.brand || slots.category || slots.keyword);

function ordersCall(slots: Slots): ToolCall {
  const status = ORDER_STATUS_WORDS.find(([, pattern]) => pattern.test(slots.text))?.[0];
  const latest = LATEST_ORDER.test(slots.text);
  if (slots.count)
    return {
      tool: 'my_orders',
      args: {
        ...(status && status !== 'PENDING_RECEIPT' ? { status } : {}),
        limit: clamp(slots.count.count, LIST_LIMIT_MAX),
      },
    };
  if (latest && (!status || status === 'PENDING_RECEIPT')) return { tool: 'my_orders', args: { limit: 1 } };
  return { tool: 'my_orders', args: status ? { status } : {} };
}

/** 对比前两个, 第一个和第三个; on a goods page 跟第二个比 sets that goods beside the one named. */
function comparedIds(slots: Slots, context: UnderstandContext): number[] {
  const reference = slots.reference;
  if (reference?.arity === 'many') return reference.goodsIds;
  if (reference && context.goodsId !== undefined) return [context.goodsId, ...reference.goodsIds];
  return context.lastGoodsIds ?? [];
}

function searchCall(slots: Slots, context: UnderstandContext): ToolCall {
  const args: Extract<ToolCall, { tool: 'search_goods' }>['args'] = {};
  // 便宜点的, 两千以内的呢 after a search name no goods of their own: they narrow that search
  const last = context.lastSearch;
  if (last && !slots.keyword && !slots.brand && !slots.category && (slots.sort || slots.price)) {
    Object.assign(args, last);
    if (slots.price) {
      delete args.minPriceFen;
      delete args.maxPriceFen;
    }
  }
  // 有没有华为的 after a search for 蓝牙耳机 narrows that search
  const keyword = slots.keyword ?? (slots.category ? null : (context.keyword ?? null));
  if (keyword) args.keyword = keyword;
  if (slots.price?.minFen !== undefined) args.minPriceFen = slots.price.minFen;
  if (slots.price?.maxFen !== undefined) args.maxPriceFen = slots.price.maxFen;
  if (slots.brand) args.brand = slots.brand;
  if (slots.category) args.category = slots.category;
  if (slots.sort) args.sort = slots.sort;
  if (slots.count && slots.count.count >= 2) args.limit = clamp(slots.count.count, SEARCH_LIMIT_MAX);
  return { tool: 'search_goods', args };
}

/** Brand and leftover words as one keyword, for the tools that take no brand. */
function brandAndKeyword(slots: Slots, context: UnderstandContext): string | undefined {
  const words = [slots.brand, slots.keyword].filter(Boolean).join(' ');
  if (words) return words;
  return slots.category ? undefined : context.keyword;
}

function recommendCall(slots: Slots, context: UnderstandContext): ToolCall | null {
  const price = slots.price;
  if (!price || price.kind === 'from') return null;
  const args: Extract<ToolCall, { tool: 'recommend' }>['args'] = { budgetFen: price.amountFen };
  if (price.kind === 'between' || price.kind === 'over') args.budgetFen = price.maxFen!;
  const keyword = brandAndKeyword(slots, context);
  if (keyword) args.keyword = keyword;
  if (slots.category) args.category = slots.category;
  if (slots.count) args.count = clamp(slots.count.count, RECOMMEND_COUNT_MAX);
  return { tool: 'recommend', args };
}

/**
 * The checks run in this order, the first that answers wins: refusals that no other reading may
 * override (injections, others' data, paying, refunding, addresses, the account, the shop's service);
 * what the assistant is; then the member's own things (points, coupons, after-sales, orders); the goods
 * in the conversation (add to cart, compare, detail); the catalogue's shape; topics that are not
 * shopping; recommending and searching; the fallback classifier; and last an honest "not understood".
 */
export function understand(question: string, context: UnderstandContext, vocab: ShopVocabulary): Understanding {
  const text = intentWordsFromPinyin(normalise(question.slice(0, QUESTION_MAX)).replace(/\s+/g, ' ').trim());
  if (!text) return decline(UNCLEAR_REPLY);
  const refused = hardDecline(text);
  if (refused) return refused;
  if (ABOUT_ME.test(text)) return decline(`你好！我是本商城的购物助手。${CAN_DO}`);
  const slots = readSlots(text, context, vocab);

  if (POINTS.test(text)) return { tool: 'points_balance', args: {} };

  if (COUPONS.test(text)) {
    const aboutCart = /购物车|车里/.test(text);
    const goodsId = aboutCart ? undefined : singleGoods(slots, context);
    const args = goodsId === undefined ? {} : { goodsId };
    return CLAIM.test(text) ? { tool: 'claimable_coupons', args } : { tool: 'coupons_for', args };
  }

  if (AFTERSALES.test(text)) {
    return { tool: 'my_aftersales', args: slots.count ? { limit: clamp(slots.count.count, LIST_LIMIT_MAX) } : {} };
  }

  if (
    ORDERS.test(text) &&
    ((!slots.brand && !slots.category) || (ORDERS_ONLY.test(text) && !slots.price && !slots.sort))
  )
    return ordersCall(slots);

  if (
    CART.test(text) ||
    (BUY_SOME.test(text) && !slots.brand && !slots.category && (slots.reference || context.goodsId !== undefined))
  ) {
    const goodsId = singleGoods(slots, context);
    if (goodsId === undefined)
      return decline('想把哪件商品加入购物车？先让我帮你找到它，或在商品卡片上点「加入购物车」。');
    const args: Extract<ToolCall, { tool: 'propose_add_to_cart' }>['args'] = { goodsId };
    if (slots.count) args.quantity = slots.count.count;
    return { tool: 'propose_add_to_cart', args };
  }

  // 第一个跟第四个: two goods of the conversation named together are to be compared
  const namesTwoShown = slots.reference?.arity === 'many' && slots.reference.goodsIds.length > 1;
  if ((COMPARE.test(text) && (slots.reference || !namesGoods(slots))) || namesTwoShown) {
    const ids = comparedIds(slots, context);
    const goodsIds = [...new Set(ids)].slice(0, COMPARE_MAX);
    if (goodsIds.length < 2) return decline('要比较哪几件商品？先让我搜出它们，再说「对比第一个和第二个」。');
    return { tool: 'compare_goods', args: { goodsIds } };
  }
  // 小米和华为哪个好 names goods not yet found; 五百以内的电动牙刷哪个好 asks for a recommendation
  if (COMPARE.test(text) && (slots.vocab.filter((m) => m.kind === 'brand').length > 1 || /和|跟|与|还是/.test(text))) {
    return decline('我需要先找到要比较的商品：先分别搜一下，再说「对比前两个」。');
  }

  // 这个手机支持5G吗 asks about the goods in view, whatever else it names
  if (slots.reference && slots.reference.arity === 'one' && !slots.price && !slots.sort) {
    const goodsId = slots.reference.goodsIds[0];
    if (goodsId === undefined) return decline('你说的是哪件商品？先让我帮你找到它，或从商品页点「问问助手」。');
    return { tool: 'goods_detail', args: { goodsId } };
  }

  if (SHAPE.test(text) && !slots.price) {
    const args: Extract<ToolCall, { tool: 'catalogue_shape' }>['args'] = {};
    if (slots.category) args.category = slots.category;
    const keyword = brandAndKeyword(slots, context);
    if (keyword) args.keyword = keyword;
    return { tool: 'catalogue_shape', args };
  }

  if (!slots.vocab.length) {
    const offTopic = softDecline(text);
    if (offTopic) return offTopic;
  }

  if (RECOMMEND.test(text)) {
    const call = recommendCall(slots, context);
    if (call) return call;
    const search = searchCall(slots, context);
    if (search.tool === 'search_goods' && !search.args.sort) search.args.sort = 'sales';
    return search;
  }

  // 保修多久, 有赠品吗 on a goods page ask about that goods
  if (
    context.goodsId !== undefined &&
    DETAIL.test(text) &&
    !slots.brand &&
    !slots.category &&
    !slots.price &&
    !slots.sort
  ) {
    return { tool: 'goods_detail', args: { goodsId: context.goodsId } };
  }
  const shopping = SHOPPING.test(text);
  if (
    slots.brand ||
    slots.category ||
    slots.price ||
    slots.sort ||
    (slots.keyword && (shopping || slots.keyword === text))
  ) {
    return searchCall(slots, context);
  }
  const guessed = guessIntent(text);
  if (guessed) return { tool: guessed, args: {} };
  return requestDecline(text) ?? decline(UNCLEAR_REPLY);
}
