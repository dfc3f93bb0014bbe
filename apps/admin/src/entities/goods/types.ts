/**
 * The catalogue as the console reads it (/ops/goods/page, /ops/goods/detail and /ops/category/tree,
 * from apps/server/src/modules/catalog). Money in fen.
 */

export type StockState = 'inStock' | 'low' | 'soldOut';
/** A supplier's goods passes the shop's review before it may go on shelf; the shop's own goods have none. */
export type ReviewStatus = 'PENDING' | 'APPROVED' | 'REJECTED';
export type GoodsSort = 'newest' | 'updated' | 'sales' | 'priceAsc' | 'priceDesc' | 'stockAsc';

export interface GoodsRow {
  id: number;
  name: string;
  image: string | null;
  categoryId: number;
  categoryPath: string[];
  brandId: number | null;
  brandName: string | null;
  priceMin: number;
  priceMax: number;
  stock: number;
  minSkuStock: number;
  stockState: StockState;
  skuCount: number;
  sales: number;
  onShelf: boolean;
  isCrossBorder: boolean;
  createdAt: string;
  updatedAt: string;
  /** The supplier's store selling it; null (or absent) for the shop's own goods. */
  storeName?: string | null;
  reviewStatus?: ReviewStatus | null;
  reviewReason?: string | null;
}

export interface GoodsPage {
  list: GoodsRow[];
  total: number;
  pageNum: number;
  pageSize: number;
  /** A SKU with this many units or fewer counts as 低库存. */
  lowStock: number;
}

export interface GoodsQuery {
  keyword?: string;
  categoryId?: number;
  brandId?: number;
  shelf?: 'on' | 'off';
  stock?: StockState;
  sort?: GoodsSort;
  pageNum: number;
  pageSize: number;
}

export interface GoodsParam {
  name: string;
  value: string;
}

export type DetailBlock =
  | { type: 'heading'; text: string }
  | { type: 'text'; text: string }
  | { type: 'image'; src: string; alt?: string }
  | { type: 'list'; items: string[] };

export interface SpecDef {
  name: string;
  values: string[];
}

export interface SkuView {
  id: number;
  code: string;
  specs: Record<string, string>;
  price: number;
  marketPrice: number;
  stock: number;
}

export interface GoodsDetail {
  id: number;
  name: string;
  subtitle: string;
  categoryId: number;
  categoryPath: { id: number; name: string }[];
  brandId: number | null;
  brandName: string | null;
  images: string[];
  params: GoodsParam[];
  detail: DetailBlock[];
  isCrossBorder: boolean;
  onShelf: boolean;
  sales: number;
  specs: SpecDef[];
  skus: SkuView[];
  stock: number;
  createdAt: string;
  updatedAt: string;
  storeName?: string | null;
  reviewStatus?: ReviewStatus | null;
  reviewReason?: string | null;
}

/** A category with its goods count and its children (the buyer's tree, as the shop arranges it). */
export interface CategoryNode {
  id: number;
  parentId: number | null;
  name: string;
  level: number;
  sortOrder: number;
  icon: string | null;
  goodsCount: number;
  children: CategoryNode[];
}
