import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { members } from './accounts.ts';

/**
 * Trade tables: addresses, cart, orders and their items and events.
 * goods/SKU ids are the catalogue's integer ids; order items keep a snapshot, so they hold no
 * foreign key to the catalogue (a SKU may later change or go away, the order must not).
 */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const fen = (name: string) => integer(name).notNull().default(0);

export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    receiverName: text('receiver_name').notNull(),
    mobile: text('mobile').notNull(),
    provinceCode: text('province_code').notNull(),
    provinceName: text('province_name').notNull(),
    cityCode: text('city_code').notNull(),
    cityName: text('city_name').notNull(),
    districtCode: text('district_code'),
    districtName: text('district_name'),
    detail: text('detail').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('addresses_member_idx').on(t.memberId, t.createdAt),
    uniqueIndex('addresses_one_default_idx')
      .on(t.memberId)
      .where(sql`is_default`),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    goodsId: integer('goods_id').notNull(),
    skuId: integer('sku_id').notNull(),
    quantity: integer('quantity').notNull(),
    selected: boolean('selected').notNull().default(true),
    /** The SKU's price when the line was added, so the cart can show 降价/涨价. */
    priceAtAdd: integer('price_at_add').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('cart_items_member_sku_idx').on(t.memberId, t.skuId)],
);

/** What an order's address snapshot holds. */
export interface AddressSnapshot {
  receiverName: string;
  mobile: string;
  provinceName: string;
  cityName: string;
  districtName: string | null;
  detail: string;
  provinceCode: string;
  cityCode: string;
  districtCode: string | null;
}

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNo: text('order_no').notNull().unique(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    status: text('status').notNull(),
    goodsAmount: fen('goods_amount'),
    activityDiscount: fen('activity_discount'),
    couponDiscount: fen('coupon_discount'),
    pointsDiscount: fen('points_discount'),
    freight: fen('freight'),
    payableAmount: fen('payable_amount'),
    paidAmount: fen('paid_amount'),
    address: jsonb('address').$type<AddressSnapshot>().notNull(),
    realNameId: uuid('real_name_id'),
    /** Snapshot of the chosen real-name record: { name, idNumberMasked } (never the number itself). */
    realName: jsonb('real_name').$type<{ name: string; idNumberMasked: string }>(),
    remark: text('remark').notNull().default(''),
    idempotencyKey: text('idempotency_key').notNull(),
    payDeadline: timestamp('pay_deadline', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** When the last unit was refunded before shipment (status CLOSED). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    logisticsCompany: text('logistics_company'),
    trackingNo: text('tracking_no'),
    paymentMethod: text('payment_method'),
    deletedByBuyer: boolean('deleted_by_buyer').notNull().default(false),
    /** The operators' own note on the order (never shown to the buyer), who wrote it last and when. */
    opsRemark: text('ops_remark').notNull().default(''),
    opsRemarkBy: text('ops_remark_by'),
    opsRemarkAt: timestamp('ops_remark_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_member_idempotency_idx').on(t.memberId, t.idempotencyKey),
    index('orders_member_created_idx').on(t.memberId, t.createdAt),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    goodsId: integer('goods_id').notNull(),
    skuId: integer('sku_id').notNull(),
    name: text('name').notNull(),
    image: text('image'),
    specText: text('spec_text').notNull().default(''),
    unitPrice: fen('unit_price'),
    quantity: integer('quantity').notNull(),
    goodsAmount: fen('goods_amount'),
    discountAmount: fen('discount_amount'),
    /** The order's payable (freight included) allocated to this line: its refundable cap. */
    paidShare: fen('paid_share'),
    isCrossBorder: boolean('is_cross_border').notNull().default(false),
    /** The activity whose price the line was bought at (FLASH_SALE | TIME_DISCOUNT), and what it took off. */
    activityId: integer('activity_id'),
    activityKind: text('activity_kind'),
    activityDiscount: fen('activity_discount'),
    /** Units and money given back by completed after-sales. */
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    /** After-sale requests on this line still being handled (the order cannot be deleted meanwhile). */
    openAfterSales: integer('open_after_sales').notNull().default(0),
    /** The line's latest after-sale request, for 查看进度. */
    lastAfterSaleId: uuid('last_after_sale_id'),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

export const orderEvents = pgTable(
  'order_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    type: text('type').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    /** buyer | system | ops | payment */
    actor: text('actor').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);
