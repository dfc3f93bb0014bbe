/** Reply shapes of the goods page as the web reads them (the server's presenters). Money is integer fen. */
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
