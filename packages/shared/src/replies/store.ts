import type { OrderStatus } from '../order-states.ts';
import type { ConsoleOrderAddress, ConsoleOrderLine } from './console-trade.ts';

/**
 * Replies of a store's corner: the store on goods and search cards, per-party parcels on
 * orders, 本店商品 / 本店订单 of the supplier's console and 商品审核 of the operators.
 */

/** The store selling a goods; null for the shop's own goods. */
export interface StoreRef {
  id: string;
  name: string;
}

/** One party's parcel of an order: the shop (storeName null) or a store, with the lines it carries. */
export interface OrderShipment {
  storeName: string | null;
  company: string;
  trackingNo: string;
  shippedAt: string;
  itemIds: string[];
}

export type GoodsReviewStatus = 'PENDING' | 'APPROVED' | 'REJECTED';

/** What /ops/goods/page, /ops/goods/detail and the store's goods replies add to a goods. */
export interface GoodsReviewFields {
  store: StoreRef | null;
  storeName: string | null;
  reviewStatus: GoodsReviewStatus;
  reviewStatusName: string;
  /** Why an operator rejected it (REJECTED only). */
  reviewReason: string | null;
}

/** GET /ops/goods/review/page: one row of 商品审核 (always a store's goods). */
export interface GoodsReviewRow extends GoodsReviewFields {
  id: number;
  name: string;
  image: string | null;
  store: StoreRef;
  storeName: string;
  priceMin: number;
  priceMax: number;
  onShelf: boolean;
  /** When the store last saved it (sent it to review). */
  submittedAt: string;
}

/** A line of an order as its store sees it: the console's line without the order's discounts. */
export type StoreOrderLine = Omit<ConsoleOrderLine, 'discountAmount' | 'activity'>;

/** GET /ops/store/order/page: an order with this store's lines only. */
export interface StoreOrderRow {
  orderNo: string;
  status: OrderStatus;
  statusText: string;
  createdAt: string;
  paidAt: string | null;
  lines: StoreOrderLine[];
  /** This store's lines' share of what the buyer paid, in fen. */
  linesAmount: number;
  /** This store has shipped its lines. */
  shipped: boolean;
  canShip: boolean;
  /** The buyer's account, masked (z***9). */
  buyer: string;
}

/** GET /ops/store/order/detail. */
export interface StoreOrderDetail extends StoreOrderRow {
  remark: string;
  /** Whole once paid: the store ships to it (before that, the region only, the name and number masked). */
  address: ConsoleOrderAddress;
  /** Lines of other parties in the same order: only how many. */
  otherLinesCount: number;
  shipment: { company: string; trackingNo: string; shippedAt: string } | null;
}

/** On /ops/order/detail: who has lines in the order and whether each has shipped. */
export interface ConsoleOrderParty {
  storeName: string | null;
  lines: number;
  shipped: boolean;
}
