// Catalogue and search scenarios. The goods they read are found through the shop's own
// API, so they work on any catalogue size (3,000 demo goods by default, BENCH_GOODS for more).

/**
 * The fixed mix of 50 queries a buyer types (most from the relevance set,
 * apps/server/src/modules/search/relevance.cases.ts): brand + category, plain categories, brands,
 * spec words, pinyin and initials, typos, and mixed Chinese/Latin.
 */
export const SEARCH_QUERIES = [
  // brand + category
  '华为手机',
  '小米手机',
  '苹果手机',
  'vivo手机',
  '联想笔记本电脑',
  '华为笔记本',
  '李宁跑步鞋',
  '李宁篮球鞋',
  '美的空调',
  '海尔冰箱',
  '三只松鼠坚果',
  '科沃斯吸尘器',
  '兰蔻面霜',
  // brand, category
  '茅台',
  '耐克',
  'nike',
  '手机壳',
  '跑步鞋',
  '连衣裙',
  '空气炸锅',
  '猫粮',
  '行李箱',
  '口红',
  '纸尿裤',
  '保温杯',
  '积木',
  '手机',
  '电视',
  '冰箱',
  '耳机',
  // spec words
  '256G',
  '16G+512G',
  '65W充电器',
  '55英寸电视',
  '笔记本电脑 i7',
  // pinyin and initials
  'shouji',
  'sj',
  'huawei',
  'kongtiao',
  'lianyiqun',
  'huaweishouji',
  // typos
  '华为手鸡',
  'iphnoe',
  '连衣群',
  '空汽炸锅',
  // mixed Chinese and Latin
  'iPhone15 手机壳',
  'Mate60',
  '小米14 Ultra',
  'MacBook Air',
  'redmi手机',
];
if (SEARCH_QUERIES.length !== 50) throw new Error(`SEARCH_QUERIES must hold 50 queries, has ${SEARCH_QUERIES.length}`);

const searchRequest = (keyword, extra = {}) => ({
  method: 'POST',
  path: '/member/search/goods/search',
  json: { keyword, pageNum: 1, pageSize: 10, ...extra },
});

// Every query of the mix finds goods (typos and pinyin through the server's corrections): a search
// that answers "nothing" fast must not pass for a fast search.
const foundGoods = (reply) =>
  (reply.json?.code === 0 && reply.json.data?.total > 0 && reply.json.data.list?.length > 0) ||
  `expected goods, got ${reply.text.slice(0, 200)}`;

/**
 * Variants per query for search/uncached: 50 × 25 = 1,250 distinct requests, cycled in order, so
 * that no result cache of up to 1,000 entries (or one keyed on the whole request) can answer any.
 * The variant is a price ceiling above every price (¥20,000,000): the same goods, a new request.
 */
const UNCACHED_VARIANTS = 25;
const PRICE_CEILING = 2_000_000_000;

/** On-shelf goods ids spread over the catalogue (the search mix's results), found once per server. */
export async function goodsIds(ctx) {
  if (ctx.shared.goodsIds) return ctx.shared.goodsIds;
  const ids = new Set();
  for (const keyword of ['', ...SEARCH_QUERIES]) {
    for (const sort of keyword ? ['comprehensive'] : ['sales', 'newest', 'priceAsc', 'priceDesc']) {
      const reply = await ctx.api.request(searchRequest(keyword, { pageSize: 50, sort }));
      for (const g of reply.json?.data?.list ?? []) ids.add(g.id);
    }
  }
  if (ids.size < 50) throw new Error(`only ${ids.size} goods found through search`);
  return (ctx.shared.goodsIds = [...ids].slice(0, 1000));
}

export const catalogueScenarios = [
  {
    name: 'category/tree',
    description: '分类树 GET /member/goods/category/tree (public, the whole three-level tree)',
    shareInTurns: true,
    setup: () => ({ path: '/member/goods/category/tree' }),
    check: (reply) =>
      (reply.json?.code === 0 && reply.json.data?.length >= 15) ||
      `expected ≥ 15 top categories, got ${reply.text.slice(0, 200)}`,
  },
  {
    name: 'sales list',
    description: '热销 GET /member/goods/getGoodsSalesList/6 (the six best sellers on shelf)',
    shareInTurns: true,
    setup: () => ({ path: '/member/goods/getGoodsSalesList/6' }),
    check: (reply) =>
      (reply.json?.code === 0 && reply.json.data?.length === 6) || `expected 6 goods, got ${reply.text.slice(0, 200)}`,
  },
  {
    name: 'goods detail',
    description: '商品详情 GET /member/goods/goods/detail/:id, cycling over up to 1,000 on-shelf goods',
    shareInTurns: true,
    setup: async (ctx) => (await goodsIds(ctx)).map((id) => ({ path: `/member/goods/goods/detail/${id}` })),
    checkLimit: 100,
    check: (reply, req) =>
      (reply.json?.code === 0 && req.path.endsWith(`/${reply.json.data?.id}`) && reply.json.data.skus?.length > 0) ||
      `expected the goods with its SKUs, got ${reply.text.slice(0, 200)}`,
  },
  {
    name: 'search',
    description:
      '搜索 POST /member/search/goods/search, the 50-query mix as buyers repeat it (a result cache may answer)',
    setup: () => SEARCH_QUERIES.map((q) => searchRequest(q)),
    check: foundGoods,
    compareTo: 'search/ILIKE',
  },
  {
    name: 'search/uncached',
    description:
      'the same 50 queries, 1,250 distinct requests (price ceiling above every price) so that each one is searched',
    setup: () =>
      Array.from({ length: UNCACHED_VARIANTS }, (_, v) =>
        SEARCH_QUERIES.map((q) => searchRequest(q, { maxPrice: PRICE_CEILING - v })),
      ).flat(),
    checkLimit: 50,
    check: foundGoods,
    compareTo: 'search/ILIKE',
  },
  {
    name: 'search/ILIKE',
    description:
      "baseline: the same 50 keywords as `name ILIKE '%…%'` (first page + count), scripts/bench/ilike-server.mjs",
    target: 'ilike',
    setup: () => SEARCH_QUERIES.map((keyword) => ({ method: 'POST', path: '/ilike', json: { keyword } })),
    check: (reply) =>
      (reply.json?.code === 0 && Array.isArray(reply.json.data?.list)) ||
      `HTTP ${reply.status}: ${reply.text.slice(0, 200)}`,
  },
];
