/**
 * Reply shapes of the catalogue calls as the web reads them (the server's presenters).
 * Money is integer fen; formatFen shows it.
 */
export interface CategoryNode {
  id: number;
  name: string;
  level: number;
  icon: string | null;
  children?: CategoryNode[];
}

export interface GoodsCard {
  id: number;
  name: string;
  /** The name with matched words in `<em>`, HTML-escaped (search results only). */
  nameHighlight?: string;
  subtitle?: string;
  image: string | null;
  /** Lowest SKU price, fen. */
  price: number;
  marketPrice: number;
  sales: number;
  brandId?: number | null;
  brandName?: string | null;
  categoryId?: number;
  /** The supplier's store selling it; null for the shop's own goods. */
  storeName?: string | null;
}

export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export interface Facet {
  id: number;
  name: string;
  count: number;
}

export type SortKey = 'comprehensive' | 'sales' | 'priceAsc' | 'priceDesc' | 'newest';

export interface SearchQuery {
  keyword?: string;
  categoryId?: number;
  brandIds?: number[];
  /** Fen. */
  minPrice?: number;
  maxPrice?: number;
  sort?: SortKey;
  pageNum: number;
  pageSize: number;
}

export interface SearchResult extends Page<GoodsCard> {
  /** True when more goods matched than were counted (total is then a lower bound). */
  totalCapped?: boolean;
  facets: { categories: Facet[]; brands: Facet[] };
  /** Nearest words that do have goods, when the keyword found nothing (您是不是要找). */
  suggestions: string[];
  /** Set when the results are for a corrected keyword (shouji → 手机). */
  correctedKeyword: string | null;
}

export interface GoodsSku {
  id: number;
  code?: string;
  specs: Record<string, string>;
  price: number;
  marketPrice: number;
  stock: number;
}

export type DetailBlock =
  | { type: 'heading'; text: string }
  | { type: 'text'; text: string }
  | { type: 'image'; src: string; alt?: string }
  | { type: 'list'; items: string[] };

export interface Crumb {
  id: number;
  name: string;
}

export interface GoodsDetail {
  id: number;
  name: string;
  subtitle: string;
  images: string[];
  price: number;
  marketPrice: number;
  sales: number;
  /** Pieces in stock over all SKUs. */
  stock: number;
  brand: { id: number; name: string; alias?: string | null } | null;
  /** The supplier's store selling it (店铺：…); null for the shop's own goods. */
  store?: { id: string; name: string } | null;
  breadcrumbs: Crumb[];
  params: { name: string; value: string }[];
  detail: DetailBlock[];
  skus: GoodsSku[];
  /** Spec dimensions in order with the values the SKUs offer. */
  specs: { name: string; values: string[] }[];
}

export interface Banner {
  image: string;
  title?: string;
  link?: string;
}
