import type { OrderStatus } from '@mall/shared';
import { normalise } from '../../../lib/tokenize.ts';
import { parsePriceRange, type PriceRange } from './budget.ts';
import { CAN_DO, hardDecline, softDecline, UNCLEAR_REPLY } from './declines.ts';
import { guessIntent } from './fallback-classifier.ts';
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

const SORTS: [GoodsSort, RegExp][] = [
  ['priceAsc', /最便宜|便宜(?:点|些|一点|一些|的)|价格最低|价格从低到高|从便宜到贵|从低到高|低价|最实惠|实惠(?:点|些|一点)|最划算/u],
  ['priceDesc', /最贵|贵(?:点|些|一点)的|价格最高|价格从高到低|从贵到便宜|从高到低|最高端|高端(?:点|一点)?的?/u],
  ['sales', /销量|卖得(?:最|比较)?好|卖的(?:最|比较)?好|卖得最多|卖的最多|畅销|最火|热销|爆款|受欢迎|人气|买的人最多|大家都买/u],
  ['newest', /最新|新品|新款|新上架|刚上市|刚出的|新出的|上新/u],
];

const ORDER_STATUS_WORDS: [OrderStatus, RegExp][] = [
  ['PENDING_PAYMENT', /待付款|待支付|未付款|没付款|还没付|未支付|没支付/u],
  ['PENDING_SHIPMENT', /待发货|未发货|没发货|还没发|没发出|什么时候发货|何时发货|还不发货|啥时候发货/u],
  ['COMPLETED', /已完成|完成了?的|已收货|已签收/u],
  ['CANCELLED', /已取消|取消了?的|被取消/u],
  ['CLOSED', /已关闭|关闭了?的/u],
  ['PENDING_RECEIPT', /待收货|已发货|运输中|在路上|配送中|派送中|物流|快递|到哪|包裹|运单|单号|送到哪/u],
];
const LATEST_ORDER = /最近|上一单|上一个订单|上一笔|最新|刚(?:才|刚)?(?:买|下|拍)|最后一单|前几天买/u;

const POINTS = /积分|积点|攒的分|多少分(?!钟)|分够/u;
const COUPONS = /福利|新人券|新人礼|能(?:不能)?便宜|便宜(?:点|些|一点)?(?:吗|不)|有优惠吗|券|优惠码|红包|满减|有什么优惠|有啥优惠|优惠活动|能优惠|便宜多少|折扣/u;
const CLAIM = /福利|新人|领|抢|可以拿|免费拿/u;
const AFTERSALES = /退回来|钱.{0,6}退|退.{0,2}(?:钱|款)|售后|退款|退货|换货|维修|返修|退钱/u;
const ORDERS = /(?:啥|什么)时候(?:能|才能)?(?:到|送到|送来)|多久(?:能|才能)?(?:到|送到)|还没(?:到|送来|送到)|没送来|没到货|寄出|寄了|发出来|到了没|收到了?吗|待付款|待支付|待发货|待收货|已发货|未发货|没发货|订单|物流|快递|包裹|到哪|发货|发出|签收|运单|单号|派送|配送|收到货|买过|我买的|已购|这单|那单|送到哪|到货/u;
/** Words that mean the buyer's orders even when goods are named (我买的手机到哪了). */
const ORDERS_ONLY = /(?:啥|什么)时候(?:能|才能)?(?:到|送到|送来)|多久(?:能|才能)?(?:到|送到)|还没(?:到|送来|送到)|没送来|没到货|寄出|寄了|订单|物流|快递|包裹|到哪|发货|签收|运单|单号|到货|我买的|买过的/u;
const CART = /购物车|加购|加车|加入车|放进车|放到车/u;
const BUY_SOME = /(?:买|要|来|拿|下单)\s*(?:\d{1,2}|[一二两俩三四五六七八九十])\s*(?:个|件|台|部|只|份|条|双|瓶|箱|盒|本|支|套)|(?:就|我)(?:买|要)(?:这|它|了)/u;
const COMPARE = /对比|比较一?下|比一比|比比|比一下|哪个(?:更)?(?:好|强|值|划算|便宜|贵|耐用|实用)|哪款(?:更)?(?:好|强|值|划算)|选哪个|买哪个|区别|有什么不同|有啥不同|差别|差异|\bvs\b|\bpk\b/u;
const SHAPE =
  /(?:有|共|一共|总共)(?:多少|几)(?:款|种|个|件)|多少款|多少种|多少个商品|多少件商品|多少商品|价格区间|价格范围|价位|价钱范围|一般多少钱|大概多少钱|都多少钱|什么价|哪些品牌|什么品牌|哪些牌子|什么牌子|有哪些牌|哪个牌子|哪个品牌|(?:最贵|最便宜)的?.{0,10}(?:是什么|是哪|多少钱|什么价|啥)/u;
const RECOMMEND = /推荐|介绍几款|帮我选|帮我挑|选一款|挑一款|挑几款|买什么好|买哪款|值得买|性价比|给点建议/u;
const SHOPPING = /多少钱|什么价|怎么卖|几块钱|贵不贵|有没有|有没|有无|有卖|卖不卖|想买|要买|我要|找|搜|买|看看|来个|来点|来一|给我|推荐|需要/u;
const DETAIL = /详情|介绍|参数|配置|规格|颜色|尺码|尺寸|有货|库存|还有吗|多少钱|价格|怎么样|好不好|什么|材质|重量|保修|发什么快递|评价/u;
/** Ways of asking that are never goods words. */
const ASKING_PATTERNS = [...SORTS.map(([, p]) => p), SHAPE, RECOMMEND, COMPARE, /怎么卖|怎么样|多少钱|价格区间|区间|还有吗|有吗|一(?:罐|箱|斤|盒|瓶|袋|包|件|台|个|只|双|套)(?![\p{Script=Han}])/u].map(
  (p) => new RegExp(p.source, 'gu'),
);
/** A greeting or a question about the assistant itself. */
const ABOUT_ME = /^(?:你好|您好|hi|hello|嗨|在吗|在不在)[呀啊吗!！。.~]*$|你是谁|你能做什么|你会什么|你能干什么|能帮我(?:做)?什么|怎么用你/u;
const NOT_THIS_BRAND = /(?:不要|除了|不是|别|不想要|不买)$/u;
/** 苹果 is a brand and a fruit: these words mean the fruit. */
const FRUIT_CUES = /水果|斤|吃|新鲜|红富士|脆甜|果园|烟台|阿克苏|一箱/u;

/** The asking words buyers type as pinyin (jifen, youhuiquan); goods words are read by findVocabulary. */
const INTENT_PINYIN: Record<string, string> = {
  jifen: '积分', youhuiquan: '优惠券', lingquan: '领券', hongbao: '红包', dingdan: '订单', kuaidi: '快递', wuliu: '物流',
  gouwuche: '购物车', tuikuan: '退款', shouhou: '售后', tuijian: '推荐', pianyi: '便宜', zuipianyi: '最便宜', duibi: '对比',
};

function intentWordsFromPinyin(text: string): string {
  return text.replace(/[a-z]+/g, (word) => INTENT_PINYIN[word] ?? word);
}

function decline(reply: string): Understanding {
  return { decline: 'unclear', reply };
}

function readVocabulary(text: string, spans: Span[], vocab: ShopVocabulary) {
  // 不要华为的, 除了苹果: a brand named to be left out is no brand to search
  const found = findVocabulary(mask(text, spans), vocab);
  const leftOut = (m: VocabMatch) => m.kind === 'brand' && NOT_THIS_BRAND.test(text.slice(Math.max(0, m.index - 3), m.index));
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
  const count = findCount(text, spans);
  if (count) spans.push(count);
  const { found, brand, category } = readVocabulary(text, spans, vocab);
  spans.push(...found);
  const sort = SORTS.find(([, pattern]) => pattern.test(text))?.[0];
  for (const pattern of ASKING_PATTERNS) for (const m of text.matchAll(pattern)) spans.push({ index: m.index, length: m[0].length });
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
  if (slots.count) return { tool: 'my_orders', args: { ...(status && status !== 'PENDING_RECEIPT' ? { status } : {}), limit: clamp(slots.count.count, LIST_LIMIT_MAX) } };
  if (latest && (!status || status === 'PENDING_RECEIPT')) return { tool: 'my_orders', args: { limit: 1 } };
  return { tool: 'my_orders', args: status ? { status } : {} };
}

function searchCall(slots: Slots, context: UnderstandContext): ToolCall {
  const args: Extract<ToolCall, { tool: 'search_goods' }>['args'] = {};
  const keyword = slots.keyword ?? (namesGoods(slots) ? null : context.keyword ?? null);
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

  if (ORDERS.test(text) && ((!slots.brand && !slots.category) || (ORDERS_ONLY.test(text) && !slots.price && !slots.sort))) return ordersCall(slots);

  if (CART.test(text) || (BUY_SOME.test(text) && !slots.brand && !slots.category && (slots.reference || context.goodsId !== undefined))) {
    const goodsId = singleGoods(slots, context);
    if (goodsId === undefined) return decline('想把哪件商品加入购物车？先让我帮你找到它，或在商品卡片上点「加入购物车」。');
    const args: Extract<ToolCall, { tool: 'propose_add_to_cart' }>['args'] = { goodsId };
    if (slots.count) args.quantity = slots.count.count;
    return { tool: 'propose_add_to_cart', args };
  }

  if (COMPARE.test(text) && (slots.reference || !namesGoods(slots))) {
    const ids = slots.reference?.arity === 'many' ? slots.reference.goodsIds : (context.lastGoodsIds ?? []);
    const goodsIds = [...new Set(ids)].slice(0, COMPARE_MAX);
    if (goodsIds.length < 2) return decline('要比较哪几件商品？先让我搜出它们，再说「对比第一个和第二个」。');
    return { tool: 'compare_goods', args: { goodsIds } };
  }
  if (COMPARE.test(text)) return decline('我需要先找到要比较的商品：先分别搜一下，再说「对比前两个」。');

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

  const shopping = SHOPPING.test(text);
  if (slots.brand || slots.category || slots.price || slots.sort || (slots.keyword && (shopping || slots.keyword === text))) {
    return searchCall(slots, context);
  }
  if (context.goodsId !== undefined && DETAIL.test(text)) return { tool: 'goods_detail', args: { goodsId: context.goodsId } };
  const guessed = guessIntent(text);
  if (guessed) return { tool: guessed, args: {} };
  return decline(UNCLEAR_REPLY);
}
