import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { members } from './accounts.ts';
import { memberRealNames } from './member-area.ts';

/** Tables of migration 0080 (分销 and 推广: joining); the CHECKs live in the migration. */
export const distributionApplications = pgTable(
  'distribution_applications',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    /** CLASSIC (分销) or PROMOTER (推广). */
    programme: text('programme').notNull(),
    realNameId: uuid('real_name_id')
      .notNull()
      .references(() => memberRealNames.id),
    realName: text('real_name').notNull(),
    idMasked: text('id_masked').notNull(),
    mobile: text('mobile').notNull(),
    channel: text('channel').notNull(),
    reason: text('reason').notNull(),
    inviterId: uuid('inviter_id').references(() => members.id),
    /** PENDING, APPROVED or REJECTED. */
    status: text('status').notNull().default('PENDING'),
    rejectReason: text('reject_reason'),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('distribution_applications_open_idx')
      .on(t.memberId, t.programme)
      .where(sql`status = 'PENDING'`),
    index('distribution_applications_list_idx').on(t.programme, t.status, t.createdAt),
  ],
);

export const distributors = pgTable(
  'distributors',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    programme: text('programme').notNull(),
    shareCode: text('share_code').notNull().unique(),
    inviterId: uuid('inviter_id').references(() => members.id),
    /** ACTIVE or DISABLED. */
    status: text('status').notNull().default('ACTIVE'),
    applicationId: integer('application_id')
      .notNull()
      .references(() => distributionApplications.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.programme] }),
    index('distributors_inviter_idx').on(t.programme, t.inviterId),
  ],
);

/** Tables of migration 0081 (sharing: distribution goods, 推广 levels, bindings, visits). */
export const distributionSkus = pgTable(
  'distribution_skus',
  {
    programme: text('programme').notNull(),
    skuId: integer('sku_id').notNull(),
    goodsId: integer('goods_id').notNull(),
    /** 分销 only: FIXED (amountFen per unit) or RATE (basisPoints of the paid amount). */
    ruleType: text('rule_type'),
    amountFen: integer('amount_fen'),
    basisPoints: integer('basis_points'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.programme, t.skuId] }),
    index('distribution_skus_goods_idx').on(t.programme, t.goodsId),
  ],
);

export const promoterLevels = pgTable('promoter_levels', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull(),
  minSettledSalesFen: bigint('min_settled_sales_fen', { mode: 'number' }).notNull().default(0),
  minTeamSize: integer('min_team_size').notNull().default(0),
  directBasisPoints: integer('direct_basis_points').notNull(),
  indirectBasisPoints: integer('indirect_basis_points').notNull(),
});

export const distributionBindings = pgTable(
  'distribution_bindings',
  {
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => members.id),
    programme: text('programme').notNull(),
    sharerId: uuid('sharer_id')
      .notNull()
      .references(() => members.id),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
    permanent: boolean('permanent').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.buyerId, t.programme] }),
    index('distribution_bindings_sharer_idx').on(t.programme, t.sharerId),
  ],
);

export const distributionVisits = pgTable(
  'distribution_visits',
  {
    visitorId: text('visitor_id').notNull(),
    programme: text('programme').notNull(),
    sharerId: uuid('sharer_id')
      .notNull()
      .references(() => members.id),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.visitorId, t.programme] })],
);

/** Tables of migration 0082 (commissions, balances and their ledger). */
const at = (name: string) => timestamp(name, { withTimezone: true });
const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

export const commissions = pgTable(
  'commissions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    programme: text('programme').notNull(),
    earnerId: uuid('earner_id').notNull(),
    /** DIRECT (the sharer) or INDIRECT (推广: the sharer's inviter). */
    tier: text('tier').notNull(),
    orderId: uuid('order_id').notNull(),
    orderNo: text('order_no').notNull(),
    orderItemId: uuid('order_item_id').notNull(),
    buyerId: uuid('buyer_id').notNull(),
    goodsId: integer('goods_id').notNull(),
    skuId: integer('sku_id').notNull(),
    goodsName: text('goods_name').notNull(),
    specText: text('spec_text').notNull().default(''),
    image: text('image'),
    quantity: integer('quantity').notNull(),
    paidFen: integer('paid_fen').notNull(),
    ruleText: text('rule_text').notNull(),
    commissionFen: integer('commission_fen').notNull(),
    refundedFen: integer('refunded_fen').notNull().default(0),
    reversedFen: integer('reversed_fen').notNull().default(0),
    /** FROZEN, SETTLED or REVERSED. */
    status: text('status').notNull().default('FROZEN'),
    settleAfter: at('settle_after'),
    createdAt: at('created_at').notNull().defaultNow(),
    settledAt: at('settled_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('commissions_programme_order_item_id_tier_key').on(t.programme, t.orderItemId, t.tier),
    index('commissions_earner_idx').on(t.earnerId, t.programme, t.createdAt),
  ],
);

export const distributionAccounts = pgTable(
  'distribution_accounts',
  {
    memberId: uuid('member_id').notNull(),
    programme: text('programme').notNull(),
    frozenFen: money('frozen_fen'),
    availableFen: money('available_fen'),
    withdrawingFen: money('withdrawing_fen'),
    withdrawnFen: money('withdrawn_fen'),
    owedFen: money('owed_fen'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.programme] })],
);

export const distributionLedger = pgTable('distribution_ledger', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  memberId: uuid('member_id').notNull(),
  programme: text('programme').notNull(),
  kind: text('kind').notNull(),
  amountFen: integer('amount_fen').notNull(),
  owedPaidFen: integer('owed_paid_fen').notNull().default(0),
  commissionId: integer('commission_id'),
  withdrawalId: integer('withdrawal_id'),
  orderNo: text('order_no'),
  note: text('note').notNull().default(''),
  frozenAfter: bigint('frozen_after', { mode: 'number' }).notNull(),
  availableAfter: bigint('available_after', { mode: 'number' }).notNull(),
  withdrawingAfter: bigint('withdrawing_after', { mode: 'number' }).notNull(),
  withdrawnAfter: bigint('withdrawn_after', { mode: 'number' }).notNull(),
  owedAfter: bigint('owed_after', { mode: 'number' }).notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});

/** Table of migration 0083 (withdrawals). */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    memberId: uuid('member_id').notNull(),
    programme: text('programme').notNull(),
    amountFen: integer('amount_fen').notNull(),
    /** ALIPAY or BANK. */
    method: text('method').notNull(),
    accountName: text('account_name').notNull(),
    bankName: text('bank_name'),
    accountCipher: text('account_cipher').notNull(),
    accountMasked: text('account_masked').notNull(),
    /** PENDING, PAID or REJECTED. */
    status: text('status').notNull().default('PENDING'),
    payoutRef: text('payout_ref'),
    rejectReason: text('reject_reason'),
    reviewedBy: text('reviewed_by'),
    reviewedAt: at('reviewed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('withdrawals_member_idx').on(t.memberId, t.programme, t.id),
    index('withdrawals_review_idx').on(t.status, t.id),
  ],
);
