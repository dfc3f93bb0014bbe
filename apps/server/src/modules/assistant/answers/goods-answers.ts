import type { GoodsActivity, GoodsCardItem } from '../cards.ts';
import { goodsLine, nameOf, priceText, stockText, yuan } from './answer-text.ts';

/** The offline answers about goods, from the data the goods tools returned. */

export interface Answer {
  /** Said before the cards (the first thing the buyer reads). */
  lead: string;
  /** Said after the cards: details and the next step. */
  rest: string[];
}

interface SearchData {
  total: number;
  correctedKeyword: string | null;
  goods: GoodsCardItem[];
}

export function searchAnswer(data: SearchData): Answer {
  if (!data.goods.length) return { lead: '没有找到符合条件的商品。', rest: ['可以换个说法，或放宽价格范围再试试。'] };
  const corrected = data.correctedKeyword ? `（按「${nameOf(data.correctedKeyword, 20)}」搜索）` : '';
  const shown = data.goods.length < data.total ? `，先看这 ${data.goods.length} 件` : '';
  return {
    lead: `为你找到 ${data.total} 件商品${corrected}${shown}：`,
    rest: [...data.goods.map((g, i) => goodsLine({ ...g, name: nameOf(g.name) }, i + 1)), '想详细了解哪一款，可以说「第一个详细说说」，或「对比一下前两个」。'],
  };
}

interface DetailData {
  goods: GoodsCardItem;
  brand: string | null;
  category: string;
  skus: { skuId: number; specText: string; priceFen: number; activityPriceFen?: number; activity?: GoodsActivity; stock: number }[];
}

export function detailAnswer(data: DetailData): Answer {
  const g = data.goods;
  const brand = data.brand ? `（${nameOf(data.brand, 20)}）` : '';
  const market = g.marketPriceFen > g.priceFen ? `，原价 ${yuan(g.marketPriceFen)}` : '';
  const skus = data.skus.slice(0, 8).map((s) => `- ${nameOf(s.specText || '默认规格', 30)}：${priceText(s)}，${stockText(s.stock)}`);
  const more = data.skus.length > 8 ? [`……共 ${data.skus.length} 个规格，其余请在商品页查看。`] : [];
  return {
    lead: `${nameOf(g.name)}${brand}现价 ${priceText(g)}${market}，共 ${data.skus.length} 个规格，总${stockText(g.stock)}，已售 ${g.sales} 件。`,
    rest: [...skus, ...more, ...flashSaleNote(data.skus), g.stock > 0 ? '需要的话，告诉我想要的规格和数量，我帮你准备加入购物车。' : '这件商品暂时售罄了。'],
  };
}

/** A 秒杀's price is not the cart's: where it is bought. */
const flashSaleNote = (skus: DetailData['skus']) =>
  skus.some((s) => s.activity?.kind === 'FLASH_SALE') ? ['秒杀价需在商品页的秒杀入口「立即抢购」，加入购物车按购物车价格结算。'] : [];

interface CompareData {
  goods: GoodsCardItem[];
  missing: number;
}

export function compareAnswer(data: CompareData): Answer {
  const goods = data.goods;
  const cheapest = goods.reduce((a, b) => (b.priceFen < a.priceFen ? b : a));
  const bestSeller = goods.reduce((a, b) => (b.sales > a.sales ? b : a));
  const lines = goods.map((g, i) => `${i + 1}. ${nameOf(g.name)}：${priceText(g)}，已售 ${g.sales} 件，${stockText(g.stock)}`);
  const summary = `价格最低的是「${nameOf(cheapest.name)}」（${yuan(cheapest.priceFen)}），销量最高的是「${nameOf(bestSeller.name)}」（已售 ${bestSeller.sales} 件）。`;
  const missing = data.missing > 0 ? [`另有 ${data.missing} 件商品不存在或已下架，没有列入对比。`] : [];
  return { lead: `这 ${goods.length} 件商品的对比如下：`, rest: [...lines, summary, ...missing] };
}

interface RecommendData {
  budgetFen: number;
  goods: GoodsCardItem[];
  reasons: { goodsId: number; reason: string }[];
}

export function recommendAnswer(data: RecommendData): Answer {
  if (!data.goods.length) return { lead: `${yuan(data.budgetFen)} 以内没有找到有货的合适商品。`, rest: ['可以放宽预算，或换个品类再试试。'] };
  const reasonOf = new Map(data.reasons.map((r) => [r.goodsId, r.reason]));
  return {
    lead: `预算 ${yuan(data.budgetFen)} 以内，推荐这 ${data.goods.length} 款：`,
    rest: data.goods.map((g, i) => `${i + 1}. ${nameOf(g.name)}，${priceText(g)}：${reasonOf.get(g.goodsId) ?? ''}`),
  };
}

interface ShapeData {
  total: number;
  totalCapped: boolean;
  lowest: GoodsCardItem | null;
  highest: GoodsCardItem | null;
  brands: { name: string; count: number }[];
}

export function shapeAnswer(data: ShapeData): Answer {
  if (!data.total || !data.lowest || !data.highest) return { lead: '没有找到符合条件的商品。', rest: [] };
  const count = data.totalCapped ? `超过 ${data.total}` : `${data.total}`;
  const range =
    data.lowest.goodsId === data.highest.goodsId
      ? `价格 ${yuan(data.lowest.priceFen)}（${nameOf(data.lowest.name)}）。`
      : `价格从 ${yuan(data.lowest.priceFen)}（${nameOf(data.lowest.name)}）到 ${yuan(data.highest.priceFen)}（${nameOf(data.highest.name)}）。`;
  const brands = data.brands.length ? [`主要品牌：${data.brands.slice(0, 6).map((b) => `${nameOf(b.name, 20)}（${b.count} 件）`).join('、')}。`] : [];
  return { lead: `共有 ${count} 件商品，${range}`, rest: brands };
}
