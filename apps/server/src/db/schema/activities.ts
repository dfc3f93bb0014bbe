import { index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from './accounts.ts';
import { goods, skus } from './catalog.ts';

/** Tables of migration 0070 (秒杀与限时折扣); the CHECKs live in the migration. */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const activities = pgTable(
  'activities',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    perMemberLimit: integer('per_member_limit').notNull().default(0),
    status: text('status').notNull().default('DRAFT'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activities_window_idx').on(t.status, t.startsAt, t.endsAt)],
);

export const activitySkus = pgTable(
  'activity_skus',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    priceFen: integer('price_fen'),
    percent: smallint('percent'),
    stock: integer('stock').notNull().default(0),
    sold: integer('sold').notNull().default(0),
    returned: integer('returned').notNull().default(0),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.skuId] }), index('activity_skus_sku_idx').on(t.skuId)],
);

export const activityHolds = pgTable(
  'activity_holds',
  {
    orderNo: text('order_no').notNull(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id),
    skuId: integer('sku_id').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    quantity: integer('quantity').notNull(),
    status: text('status').notNull().default('HELD'),
    createdAt: createdAt(),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.orderNo, t.activityId, t.skuId] })],
);
