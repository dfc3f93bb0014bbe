/**
 * Reply shapes of the catalogue that more than one feature reads (the server's presenters); each
 * feature keeps its own beside it. Money is integer fen; formatFen shows it.
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
