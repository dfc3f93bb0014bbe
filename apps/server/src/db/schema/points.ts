import { bigint, boolean, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { members } from './accounts.ts';
import { goods, skus } from './catalog.ts';

/** Tables of migration 0061 (积分与积分商城); the CHECKs live in the migration. */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A member's balance: the ledger's sum, never below zero; credited − debited = balance. */
export const pointsAccounts = pgTable('points_accounts', {
  memberId: uuid('member_id')
    .primaryKey()
    .references(() => members.id),
  balance: integer('balance').notNull().default(0),
  credited: integer('credited').notNull().default(0),
  debited: integer('debited').notNull().default(0),
  updatedAt: updatedAt(),
});

/** Every change of a balance, with the balance after it. */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    orderNo: text('order_no'),
    taskKey: text('task_key'),
    /** Asia/Shanghai year of a credit (null on debits): when it expires. */
    earnedYear: smallint('earned_year'),
    note: text('note').notNull().default(''),
    operator: text('operator'),
    createdAt: createdAt(),
  },
  (t) => [
    index('points_ledger_member_idx').on(t.memberId, t.createdAt, t.id),
    index('points_ledger_credit_year_idx')
      .on(t.earnedYear, t.memberId)
      .where(sql`amount > 0`),
  ],
);

export const pointsSignDays = pgTable(
  'points_sign_days',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    day: date('day', { mode: 'string' }).notNull(),
    streak: integer('streak').notNull(),
    points: integer('points').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.day] })],
);

export const pointsTaskCompletions = pgTable(
  'points_task_completions',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    taskKey: text('task_key').notNull(),
    points: integer('points').notNull(),
    /** 首单: the order whose completion earned it (a whole refund of it takes the reward back). */
    orderNo: text('order_no'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.taskKey] })],
);

export const pointsOrderEarnings = pgTable('points_order_earnings', {
  orderNo: text('order_no').primaryKey(),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id),
  baseFen: integer('base_fen').notNull(),
  earned: integer('earned').notNull(),
  refundedFen: integer('refunded_fen').notNull().default(0),
  clawedBack: integer('clawed_back').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const pointsMallGoods = pgTable(
  'points_mall_goods',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    skuId: integer('sku_id')
      .notNull()
      .unique()
      .references(() => skus.id),
    category: text('category').notNull(),
    pointsPrice: integer('points_price').notNull(),
    cashFen: integer('cash_fen').notNull().default(0),
    stock: integer('stock').notNull(),
    redeemed: integer('redeemed').notNull().default(0),
    perMemberLimit: integer('per_member_limit').notNull().default(0),
    onShelf: boolean('on_shelf').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('points_mall_goods_shelf_idx').on(t.onShelf, t.category, t.sort, t.id)],
);

export const pointsMallRedemptions = pgTable(
  'points_mall_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mallGoodsId: integer('mall_goods_id')
      .notNull()
      .references(() => pointsMallGoods.id),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    orderNo: text('order_no').notNull(),
    quantity: integer('quantity').notNull(),
    points: integer('points').notNull(),
    cashFen: integer('cash_fen').notNull(),
    status: text('status').notNull().default('HELD'),
    createdAt: createdAt(),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (t) => [index('points_mall_redemptions_member_idx').on(t.memberId, t.mallGoodsId)],
);

/** Migration 0062: points spent on an order at checkout, held until the order is cancelled or fully refunded. */
export const pointsOrderSpends = pgTable('points_order_spends', {
  orderNo: text('order_no').primaryKey(),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id),
  points: integer('points').notNull(),
  valueFen: integer('value_fen').notNull(),
  status: text('status').notNull().default('HELD'),
  createdAt: createdAt(),
  returnedAt: timestamp('returned_at', { withTimezone: true }),
});
