/**
 * Reply shapes of /ops/store/order/* (apps/server/src/modules/orders/order-parties.ts), as the
 * shared package's replies/store.ts names them. Money in fen.
 */
export interface StoreOrderLine {
  id: string;
  goodsId: number;
  skuId: number;
  name: string;
  image: string | null;
  specText: string;
  unitPrice: number;
  quantity: number;
  goodsAmount: number;
  /** What the buyer paid for the line after discounts. */
  paidShare: number;
  refundedQuantity: number;
  refundedAmount: number;
  /** After-sales open on the line. */
  openAfterSales: number;
}

/** An order with this store's lines only. */
export interface StoreOrderRow {
  orderNo: string;
  status: string;
  statusText: string;
  createdAt: string;
  paidAt: string | null;
  lines: StoreOrderLine[];
  /** This store's lines' share of what the buyer paid. */
  linesAmount: number;
  /** This store has shipped its lines. */
  shipped: boolean;
  canShip: boolean;
  /** The buyer's account, masked (z***9). */
  buyer: string;
}

export interface StoreOrderDetail extends StoreOrderRow {
  remark: string | null;
  /** Whole: the store ships to it. */
  address: {
    receiverName: string;
    mobile: string;
    provinceName: string;
    cityName: string;
    districtName: string | null;
    detail: string;
    fullAddress: string;
  };
  /** Lines of other parties in the same order: only how many. */
  otherLinesCount: number;
  shipment: { company: string; trackingNo: string; shippedAt: string } | null;
}
