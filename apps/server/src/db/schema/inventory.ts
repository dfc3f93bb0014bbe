import { bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The stock ledger of migration 0042: one row per change of a SKU's stock. Checks and indexes live in the SQL. */
export const stockLedger = pgTable('stock_ledger', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  skuId: integer('sku_id').notNull(),
  goodsId: integer('goods_id').notNull(),
  change: integer('change').notNull(),
  stockAfter: integer('stock_after').notNull(),
  /** sale | cancel | refund | return | adjustment */
  kind: text('kind').notNull(),
  /** The order number (sale, cancel, refund) or the after-sale number (return). */
  refNo: text('ref_no'),
  /** buyer | system | ops */
  actor: text('actor').notNull(),
  operatorId: uuid('operator_id'),
  operatorName: text('operator_name'),
  reason: text('reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
