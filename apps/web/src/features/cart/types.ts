/** A cart line as /member/trade/cart/list answers it (today's price and stock). */
export interface CartLine {
  id: string;
  skuId: number;
  goodsId: number;
  goodsName: string;
  image: string | null;
  specText: string;
  quantity: number;
  selected: boolean;
  /** Today's unit price, fen: a running 限时折扣's price when the SKU is in one. */
  price: number;
  /** The SKU's own price today (above `price` while a 限时折扣 runs). */
  usualPrice: number;
  /** The running 限时折扣 that prices the line. */
  activity: { id: number; title: string; kindText: string } | null;
  priceAtAdd: number;
  priceChange: 'DOWN' | 'UP' | null;
  priceChangeText: string | null;
  priceDiff: number;
  stock: number;
  maxQuantity: number;
  isCrossBorder: boolean;
  state: 'NORMAL' | 'OFF_SHELF' | 'SOLD_OUT' | 'LOW_STOCK' | 'PRICE_CHANGED';
  stateText: string;
  purchasable: boolean;
  lineAmount: number;
}

export interface CartSummary {
  lineCount: number;
  totalQuantity: number;
  selectedLineCount: number;
  selectedQuantity: number;
  selectedAmount: number;
  allSelected: boolean;
  invalidCount: number;
}

export interface Cart {
  lines: CartLine[];
  summary: CartSummary;
}

/** Lines that cannot be bought at all and sit in their own greyed section. */
export const isInvalid = (l: CartLine) => l.state === 'OFF_SHELF' || l.state === 'SOLD_OUT';
