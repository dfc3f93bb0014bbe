/** Reply shapes of history and favourites: the goods as it is now, or null when it no longer exists. */
export interface GoodsSummary {
  id: number;
  name: string;
  subtitle?: string;
  image: string | null;
  /** Lowest SKU price now, fen. */
  price: number;
  marketPrice: number;
  onShelf: boolean;
  stock: number;
  soldOut: boolean;
}

export interface HistoryEntry {
  id: number;
  goodsId: number;
  /** The buyer's calendar day in Asia/Shanghai, YYYY-MM-DD. */
  viewDate: string;
  viewedAt: string;
  goods: GoodsSummary | null;
}

export interface FavoriteEntry {
  goodsId: number;
  favoritedAt: string;
  goods: GoodsSummary | null;
}

export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}
