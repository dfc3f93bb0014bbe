import type { Page } from '@mall/shared';
import type { GoodsCard } from '../../lib/catalogTypes.ts';

/** Reply shapes of search as the web reads them (the server's presenters). Money is integer fen. */
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
