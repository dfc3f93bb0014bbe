import { bigint, integer, jsonb, boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Tables of migration 0011 (payments and after-sales). Constraints and indexes live in the SQL. */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const payments = pgTable('payments', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id').notNull(),
  orderNo: text('order_no').notNull(),
  memberId: uuid('member_id').notNull(),
  provider: text('provider').notNull(),
  amount: integer('amount').notNull(),
  status: text('status').notNull(),
  tradeNo: text('trade_no'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  note: text('note'),
  /** A REFUND_REQUIRED payment refunded by hand outside the shop (migration 0042): when, by whom, how. */
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  refundedById: uuid('refunded_by_id'),
  refundedBy: text('refunded_by'),
  refundNote: text('refund_note'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const paymentNotifications = pgTable('payment_notifications', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  provider: text('provider').notNull(),
  orderNo: text('order_no'),
  tradeNo: text('trade_no'),
  verified: boolean('verified').notNull(),
  outcome: text('outcome').notNull(),
  params: jsonb('params').notNull(),
  createdAt: createdAt(),
});

export const afterSales = pgTable('after_sales', {
  id: uuid('id').primaryKey().defaultRandom(),
  afterSaleNo: text('after_sale_no').notNull().unique(),
  memberId: uuid('member_id').notNull(),
  orderId: uuid('order_id').notNull(),
  orderItemId: uuid('order_item_id').notNull(),
  orderNo: text('order_no').notNull(),
  skuId: integer('sku_id').notNull(),
  goodsName: text('goods_name').notNull(),
  goodsImage: text('goods_image'),
  specText: text('spec_text').notNull().default(''),
  unitPrice: integer('unit_price').notNull(),
  boughtQuantity: integer('bought_quantity').notNull(),
  type: text('type').notNull(),
  status: text('status').notNull(),
  reason: text('reason').notNull(),
  description: text('description').notNull().default(''),
  quantity: integer('quantity').notNull(),
  refundAmount: integer('refund_amount').notNull(),
  rejectReason: text('reject_reason'),
  returnCompany: text('return_company'),
  returnTrackingNo: text('return_tracking_no'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const afterSaleImages = pgTable('after_sale_images', {
  name: text('name').primaryKey(),
  memberId: uuid('member_id').notNull(),
  afterSaleId: uuid('after_sale_id'),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});

export const afterSaleEvents = pgTable('after_sale_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  afterSaleId: uuid('after_sale_id').notNull(),
  action: text('action').notNull(),
  fromStatus: text('from_status'),
  toStatus: text('to_status').notNull(),
  actor: text('actor').notNull(),
  note: text('note'),
  createdAt: createdAt(),
});

export const refunds = pgTable('refunds', {
  id: uuid('id').primaryKey().defaultRandom(),
  refundNo: text('refund_no').notNull().unique(),
  afterSaleId: uuid('after_sale_id').unique(),
  paymentId: uuid('payment_id'),
  orderId: uuid('order_id').notNull(),
  orderNo: text('order_no').notNull(),
  provider: text('provider').notNull(),
  amount: integer('amount').notNull(),
  status: text('status').notNull(),
  providerRef: text('provider_ref'),
  error: text('error'),
  createdAt: createdAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
