import type { DetailBlock, GoodsParam } from '../../db/schema/catalog.ts';
import { BRANDS, type BrandDef } from './brands.ts';
import { PHONE_MODELS, TOPS_1 } from './categories-1.ts';
import { TOPS_2 } from './categories-2.ts';
import { TOPS_3 } from './categories-3.ts';
import type { LeafDef, Shape, TopDef } from './taxonomy.ts';

/**
 * The deterministic demo catalogue: the same seed and goods id always give the same goods,
 * so a shop seeded in batches, a test catalogue of 800 goods and a benchmark of 100,000 agree.
 */
export const TOPS: TopDef[] = [...TOPS_1, ...TOPS_2, ...TOPS_3];
export const DEFAULT_SEED = 20240611;

export interface CategorySeed {
  id: number;
  parentId: number | null;
  name: string;
  level: 1 | 2 | 3;
  sortOrder: number;
  icon: string;
  /** top/mid/leaf names, how a catalogue already in the database is matched. */
  path: string;
}

export interface LeafRef {
  categoryId: number;
  path: string[];
  def: LeafDef;
  top: TopDef;
}

export interface Taxonomy {
  categories: CategorySeed[];
  leaves: LeafRef[];
  brands: (BrandDef & { id: number })[];
}

export function buildTaxonomy(): Taxonomy {
  const categories: CategorySeed[] = [];
  const leaves: LeafRef[] = [];
  let id = 0;
  const icon = (shape: Shape) => `/static/goods/icon-${shape}.svg`;
  TOPS.forEach((top, ti) => {
    const topId = ++id;
    categories.push({ id: topId, parentId: null, name: top.name, level: 1, sortOrder: ti + 1, icon: icon(top.shape), path: top.name });
    top.mids.forEach((mid, mi) => {
      const midId = ++id;
      const midPath = `${top.name}/${mid.name}`;
      categories.push({ id: midId, parentId: topId, name: mid.name, level: 2, sortOrder: mi + 1, icon: icon(mid.leaves[0]!.shape), path: midPath });
      mid.leaves.forEach((def, li) => {
        const leafId = ++id;
        categories.push({ id: leafId, parentId: midId, name: def.name, level: 3, sortOrder: li + 1, icon: icon(def.shape), path: `${midPath}/${def.name}` });
        leaves.push({ categoryId: leafId, path: [top.name, mid.name, def.name], def, top });
      });
    });
  });
  const brands = BRANDS.map((b, i) => ({ ...b, id: i + 1 }));
  const known = new Set(brands.map((b) => b.name));
  for (const l of leaves) {
    for (const name of l.def.brands) if (!known.has(name)) throw new Error(`brand ${name} of ${l.def.name} is not in BRANDS`);
  }
  return { categories, leaves, brands };
}

/** Words the segmenter should know as one: brands, aliases, categories, product nouns. */
export function dictionaryWords(tax: Taxonomy): string[] {
  const words = new Set<string>();
  for (const b of tax.brands) words.add(b.name);
  for (const c of tax.categories) words.add(c.name);
  for (const l of tax.leaves) for (const n of l.def.nouns) words.add(n);
  return [...words];
}

export interface SkuSeed {
  code: string;
  specs: Record<string, string>;
  priceFen: number;
  marketPriceFen: number;
  stock: number;
  sortOrder: number;
}

export interface GoodsSeed {
  id: number;
  name: string;
  subtitle: string;
  categoryId: number;
  categoryPath: string[];
  brandId: number;
  brand: { name: string; alias: string | null };
  images: string[];
  params: GoodsParam[];
  detail: DetailBlock[];
  onShelf: boolean;
  sales: number;
  isCrossBorder: boolean;
  createdAt: Date;
  skus: SkuSeed[];
}

/** mulberry32: small, fast and good enough for believable data. */
function rngFor(seed: number, id: number) {
  let a = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(id, 0xc2b2ae35)) >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next();
  return next;
}

const CROSS_BORDER_TOPS = new Set(['美妆个护', '母婴玩具', '医药保健', '食品饮料']);
/** Tops whose goods may carry a generic series name (Pro, 2024款) when no real series is listed. */
const SERIES_TOPS = new Set(['手机数码', '电脑办公', '家用电器', '运动户外']);
const GENERIC_SERIES = ['经典款', 'Pro', 'Plus', '2024款', '旗舰款', 'Max', 'Lite', 'Air'];
const BASE_TIME = Date.UTC(2025, 0, 1);

/** A price in yuan that looks like a shop's: 1299, 89, 2999. */
function shopPrice(yuan: number): number {
  if (yuan < 20) return Math.max(1, Math.round(yuan)) - 0.1;
  if (yuan < 200) return Math.round(yuan / 10) * 10 - 1;
  return Math.round(yuan / 100) * 100 - 1;
}

export const brandDisplay = (name: string, alias: string | null | undefined) => (name === '苹果' && alias ? alias : name);

export function makeGoods(tax: Taxonomy, id: number, seed = DEFAULT_SEED): GoodsSeed {
  const rnd = rngFor(seed, id);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const leafRef = pickLeaf(tax, rnd());
  const { def, top } = leafRef;
  const brandName = pick(def.brands);
  const brand = brandByName(tax, brandName);
  const display = brandDisplay(brand.name, brand.alias);

  const series = def.models?.[brandName];
  const generic = rnd() < 0.35 && SERIES_TOPS.has(top.name) ? pick(GENERIC_SERIES) : '';
  const model = series ? pick(series) : generic;
  let fits = '';
  if (def.fitsPhones) {
    const phoneBrand = pick(Object.keys(PHONE_MODELS));
    const phoneAlias = brandByName(tax, phoneBrand).alias;
    fits = `适用${brandDisplay(phoneBrand, phoneAlias)} ${pick(PHONE_MODELS[phoneBrand]!)}`;
  }

  // SKUs: a subset of each spec dimension; the second dimension (capacity, size...) raises the price.
  const dims = Object.entries(def.specs).slice(0, 2);
  const chosen = dims.map(([name, values], i) => {
    const want = Math.min(values.length, 1 + Math.floor(rnd() * (i === 0 ? 3 : 3)));
    const start = Math.floor(rnd() * (values.length - want + 1));
    return [name, i === 0 ? shuffle(values, rnd).slice(0, want) : values.slice(start, start + want)] as const;
  });
  const base = shopPrice(def.price[0] + Math.pow(rnd(), 1.6) * (def.price[1] - def.price[0]));
  const markup = 1.1 + rnd() * 0.4;
  const soldOutDraw = rnd();
  const skus: SkuSeed[] = [];
  const combos = cartesian(chosen.map(([, vs]) => vs));
  combos.slice(0, 9).forEach((combo, n) => {
    const specs: Record<string, string> = {};
    combo.forEach((v, i) => (specs[chosen[i]![0]] = v));
    const step = chosen.length > 1 ? chosen[1]![1].indexOf(combo[1]!) : 0;
    const yuan = shopPrice(base * (1 + 0.18 * step));
    skus.push({
      code: `SP${String(id).padStart(7, '0')}-${n + 1}`,
      specs,
      priceFen: Math.round(yuan * 100),
      marketPriceFen: Math.round(shopPrice(yuan * markup) * 100),
      stock: skuStock(soldOutDraw, rnd, id * 16 + n),
      sortOrder: n,
    });
  });

  const adjective = pick(def.adjectives ?? top.adjectives);
  const noun = pick(def.nouns);
  const hintDim = chosen[1] ?? chosen[0];
  const hint = hintDim && rnd() < 0.7 ? hintDim[1][0] : '';
  const name = [display, fits, model, `${adjective}${noun}`, hint].filter(Boolean).join(' ');
  const images = [1, 2, 3, 4].map((n) => `/static/goods/${id}-${n}.svg`);
  const highlights = shuffle(top.highlights, rnd);
  const params: GoodsParam[] = [
    { name: '品牌', value: brand.name },
    { name: '商品名称', value: noun },
    { name: '商品编号', value: String(100000000 + id) },
    ...Object.entries({ ...top.params, ...def.params }).map(([k, vs]) => ({ name: k, value: pick(vs) })),
    { name: '上市时间', value: `${2023 + Math.floor(rnd() * 2)}年${1 + Math.floor(rnd() * 12)}月` },
  ];
  const detail: DetailBlock[] = [
    { type: 'heading', text: '商品亮点' },
    { type: 'list', items: highlights },
    { type: 'image', src: images[1]!, alt: name },
    { type: 'text', text: `${display}${model ? ` ${model}` : ''}${noun}，${highlights[0]}。${pick(top.subtitles)}。` },
    { type: 'image', src: images[2]!, alt: name },
    { type: 'heading', text: '温馨提示' },
    { type: 'text', text: '商品图片仅供参考，请以实物为准；如有疑问请联系在线客服。' },
  ];
  const sales = salesOf(rnd(), def.weight ?? 1);
  return {
    id,
    name,
    subtitle: `${pick(top.subtitles)} ${highlights[0]}`,
    categoryId: leafRef.categoryId,
    categoryPath: leafRef.path,
    brandId: brand.id,
    brand: { name: brand.name, alias: brand.alias ?? null },
    images,
    params,
    detail,
    onShelf: rnd() >= 0.03,
    sales,
    isCrossBorder: !!brand.overseas && CROSS_BORDER_TOPS.has(top.name) && rnd() < 0.5,
    createdAt: new Date(BASE_TIME + Math.floor(rnd() * 365 * 86400_000)),
    skus,
  };
}

/**
 * What a young shop has sold of a goods: most a few dozen, the best sellers under 200. The demo has no
 * review history, so big figures (3.5万+ beside 评价(0)) would look made up; see `DEMO_SALES_CAP`.
 * Monotone in the draw, so the ranking by sales is what it always was.
 */
export const DEMO_SALES_CAP = 200;
function salesOf(draw: number, weight: number): number {
  return Math.floor(Math.pow(10, draw * 2.2)) + weight * 3;
}

/**
 * A SKU's stock: mostly 11–800, so the console's 低库存 list (≤ 10 units) holds a believable handful.
 * About 1 goods in 2,000 is sold out, 1 SKU in 3,000 more is sold out and 1 in 1,700 runs low. The draws
 * are taken exactly as they always were (the goods' sold-out draw, then per SKU a sold-out draw and,
 * when not sold out, an amount), so everything generated after them stays the same.
 */
function skuStock(soldOutDraw: number, rnd: () => number, spread: number): number {
  const fallback = 11 + (Math.imul(spread, 0x9e3779b1) >>> 0) % 390;
  if (soldOutDraw < 0.02) return soldOutDraw < 0.0005 ? 0 : fallback;
  const zeroDraw = rnd();
  if (zeroDraw < 0.06) return zeroDraw < 0.0003 ? 0 : fallback;
  const amount = rnd();
  if (amount < 0.0006) return 1 + Math.floor((amount / 0.0006) * 10);
  return 11 + Math.floor(amount * 790);
}

const brandMaps = new WeakMap<Taxonomy, Map<string, Taxonomy['brands'][number]>>();
function brandByName(tax: Taxonomy, name: string) {
  let map = brandMaps.get(tax);
  if (!map) brandMaps.set(tax, (map = new Map(tax.brands.map((b) => [b.name, b]))));
  return map.get(name)!;
}

let cumulative: { tax: Taxonomy; sums: number[] } | undefined;
function pickLeaf(tax: Taxonomy, r: number): LeafRef {
  if (cumulative?.tax !== tax) {
    let total = 0;
    cumulative = { tax, sums: tax.leaves.map((l) => (total += l.def.weight ?? 1)) };
  }
  const sums = cumulative.sums;
  const target = r * sums[sums.length - 1]!;
  let lo = 0;
  let hi = sums.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sums[mid]! > target) hi = mid;
    else lo = mid + 1;
  }
  return tax.leaves[lo]!;
}

function shuffle<T>(xs: readonly T[], rnd: () => number): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function cartesian(lists: readonly (readonly string[])[]): string[][] {
  return lists.reduce<string[][]>((acc, list) => acc.flatMap((combo) => list.map((v) => [...combo, v])), [[]]);
}
