/** Replies of /member/trade/checkout/quote and /submit (flows/checkout.ts). Money is integer fen. */
import type { OrderStatus } from '../order-states.ts';
import type { Address } from './address.ts';

export interface CheckoutQuoteItem {
  /** null for 立即购买. */
  cartItemId: string | null;
  skuId: number;
  goodsId: number;
  goodsName: string;
  image: string | null;
  specText: string;
  unitPrice: number;
  quantity: number;
  goodsAmount: number;
  discountAmount: number;
  payable: number;
  isCrossBorder: boolean;
}

/** Every amount is the server's. */
export interface CheckoutQuote {
  items: CheckoutQuoteItem[];
  goodsAmount: number;
  activityDiscount: number;
  couponDiscount: number;
  pointsDiscount: number;
  freight: number;
  payableAmount: number;
  totalQuantity: number;
  freightRule: { freeFromFen: number; feeFen: number };
  /** The chosen address, else the default one, else null. */
  address: Address | null;
  needsRealName: boolean;
  realNameHint: string | null;
  payMinutes: number;
}

export interface CheckoutSubmitted {
  orderNo: string;
  status: OrderStatus;
  payableAmount: number;
  payDeadline: string;
  /** false when this idempotency key had already made the order (a double click or a retry). */
  created: boolean;
}
