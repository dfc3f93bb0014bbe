import { z } from 'zod';
import { formatFen } from '@mall/shared';
import type { AppContext } from '../../../lib/context.ts';
import { brandIdsNamed, categoryIdNamed } from '../../catalog/catalog.service.ts';
import { searchGoods, type SearchInput } from '../../search/search.service.ts';
import { defineTool, limitArg, okResult } from './tool.ts';
import { goodsItems } from './goods-items.ts';

/** Searching the catalogue as the buyer's search box does, with the filters a question names. */

const SORT_OF = { default: 'comprehensive', priceAsc: 'priceAsc', priceDesc: 'priceDesc', sales: 'sales', newest: 'newest' } as const;
const fenArg = z.coerce.number().int().min(0).max(2_147_483_647).optional();
const wordArg = z.string().trim().max(50).optional();
/** The assistant's searches stay out of 热搜: a planted question must not move the shop's hot words. */
const NOT_RECORDED = { record: false } as const;

export interface GoodsQuery {
  keyword?: string;
  minPriceFen?: number;
  maxPriceFen?: number;
  brand?: string;
  category?: string;
  sort?: keyof typeof SORT_OF;
}

/**
 * A brand or category the shop knows becomes a filter; one it does not know joins the keyword, so
 * 华为 still finds 华为 goods by name when it is not a brand of this shop.
 */
export async function searchInputOf(ctx: AppContext, q: GoodsQuery, pageSize: number): Promise<SearchInput> {
  const words = [q.keyword ?? ''];
  const brandIds = q.brand ? await brandIdsNamed(ctx, q.brand) : [];
  if (q.brand && !brandIds.length) words.push(q.brand);
  const categoryId = q.category ? await categoryIdNamed(ctx, q.category) : null;
  if (q.category && categoryId === null) words.push(q.category);
  return {
    keyword: words.filter(Boolean).join(' ').trim(),
    categoryId,
    brandIds: brandIds.length ? brandIds : null,
    minPrice: q.minPriceFen ?? null,
    maxPrice: q.maxPriceFen ?? null,
    sort: SORT_OF[q.sort ?? 'default'],
    pageNum: 1,
    pageSize,
  };
}

export const searchGoodsTool = defineTool({
  name: 'search_goods',
  description: '搜索商品（关键词、价格区间、品牌、分类、排序）。Search the shop’s goods by keyword, price range in fen, brand, category and sort.',
  kind: 'read',
  parameters: z.object({
    keyword: wordArg,
    minPriceFen: fenArg,
    maxPriceFen: fenArg,
    brand: wordArg,
    category: wordArg,
    sort: z.enum(['default', 'priceAsc', 'priceDesc', 'sales', 'newest']).optional(),
    limit: limitArg(10, 5),
  }),
  async run(ctx, _member, args) {
    const found = await searchGoods(ctx, await searchInputOf(ctx, args, args.limit ?? 5), null, NOT_RECORDED);
    const goods = await goodsItems(ctx, found.list.map((g) => g.id));
    const summary = goods.length ? `找到 ${found.total} 件商品` : '没有找到符合条件的商品';
    const { keyword, brand, category, minPriceFen, maxPriceFen } = args;
    const query = Object.fromEntries(
      Object.entries({ keyword, brand, category, minPriceFen, maxPriceFen }).filter(([, v]) => v !== undefined && v !== ''),
    );
    return okResult(
      { total: found.total, correctedKeyword: found.correctedKeyword, goods },
      summary,
      goods.length ? [{ kind: 'goods', goods, query }] : [],
    );
  },
});

export const recommendTool = defineTool({
  name: 'recommend',
  description: '在预算内推荐商品，每件附理由。Recommend goods within a budget (fen), each with a reason from the data.',
  kind: 'read',
  parameters: z.object({
    budgetFen: z.coerce.number().int().min(1).max(2_147_483_647),
    keyword: wordArg,
    category: wordArg,
    count: limitArg(5, 3),
  }),
  async run(ctx, _member, args) {
    const count = args.count ?? 3;
    const input = await searchInputOf(ctx, { keyword: args.keyword, category: args.category, maxPriceFen: args.budgetFen, sort: 'sales' }, count * 3);
    const found = await searchGoods(ctx, input, null, NOT_RECORDED);
    const inStock = (await goodsItems(ctx, found.list.map((g) => g.id))).filter((g) => g.stock > 0);
    const picks = inStock.slice(0, count);
    const cheapest = Math.min(...picks.map((g) => g.priceFen));
    const reasons = picks.map((g, i) => {
      const why = [i === 0 ? `预算内销量最高（已售 ${g.sales} 件）` : `已售 ${g.sales} 件`];
      if (g.priceFen === cheapest && picks.length > 1) why.push('这几款里价格最低');
      if (g.marketPriceFen > g.priceFen) why.push(`原价 ${formatFen(g.marketPriceFen)}`);
      if (g.stock <= 10) why.push(`仅剩 ${g.stock} 件`);
      return { goodsId: g.goodsId, reason: why.join('，') };
    });
    return okResult(
      { budgetFen: args.budgetFen, goods: picks, reasons },
      picks.length ? `推荐 ${picks.length} 件商品` : '预算内没有找到合适的商品',
      picks.length ? [{ kind: 'goods', goods: picks }] : [],
    );
  },
});

export const catalogueShapeTool = defineTool({
  name: 'catalogue_shape',
  description: '商品的数量、最低价与最高价、主要品牌。How many goods match, their lowest and highest price, and the main brands.',
  kind: 'read',
  parameters: z.object({ category: wordArg, keyword: wordArg }),
  async run(ctx, _member, args) {
    const query = { keyword: args.keyword, category: args.category };
    const [cheapest, dearest] = await Promise.all([
      searchGoods(ctx, await searchInputOf(ctx, { ...query, sort: 'priceAsc' }, 1), null, NOT_RECORDED),
      searchGoods(ctx, await searchInputOf(ctx, { ...query, sort: 'priceDesc' }, 1), null, NOT_RECORDED),
    ]);
    const endIds = [cheapest.list[0]?.id, dearest.list[0]?.id].filter((id): id is number => id !== undefined);
    const ends = await goodsItems(ctx, [...new Set(endIds)]);
    const lowest = ends[0];
    const highest = ends.at(-1);
    const data = {
      total: cheapest.total,
      totalCapped: cheapest.totalCapped,
      lowest: lowest ?? null,
      highest: highest ?? null,
      brands: cheapest.facets.brands.slice(0, 8).map((b) => ({ name: b.name, count: b.count })),
      categories: cheapest.facets.categories.slice(0, 8).map((c) => ({ name: c.name, count: c.count })),
    };
    const cards = ends.length ? [{ kind: 'goods' as const, goods: ends }] : [];
    return okResult(data, cheapest.total ? `共 ${cheapest.total} 件商品` : '没有符合条件的商品', cards);
  },
});
