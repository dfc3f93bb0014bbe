import { bigint, date, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';

/**
 * Tables of migration 0044 (the console's 工作台). The indexes it adds to orders and order_items
 * for the dashboard's queries (orders_paid_at_idx, order_items_refunded_idx) live in the SQL.
 */

/** Who opened a goods page: one row per visitor (a hash) per Asia/Shanghai day. */
export const goodsVisitors = pgTable(
  'goods_visitors',
  {
    viewDate: date('view_date', { mode: 'string' }).notNull(),
    /** 64 bits of a hash of the visitor (never the visitor id itself). */
    visitor: bigint('visitor', { mode: 'bigint' }).notNull(),
    /** The visitor's first goods page that day. */
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    views: integer('views').notNull().default(1),
    /** The visitor's previous day with a goods page (null: the first). */
    prevDate: date('prev_date', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.viewDate, t.visitor] }),
    index('goods_visitors_first_at_idx').on(t.firstAt),
    index('goods_visitors_visitor_idx').on(t.visitor, t.viewDate),
  ],
);
