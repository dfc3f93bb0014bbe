import { index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { members } from './accounts.ts';

/** Tables of migration 0060 (优惠券): the operators' coupon templates and the coupons members hold. */
export const couponTemplates = pgTable(
  'coupon_templates',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** FULL_REDUCTION (满减) or DISCOUNT (折扣). */
    kind: text('kind').notNull(),
    /** On the in-scope goods amount; 0 = 无门槛. */
    thresholdFen: integer('threshold_fen').notNull().default(0),
    /** 满减's amount off; 0 for 折扣. */
    amountFen: integer('amount_fen').notNull().default(0),
    /** 折扣: share paid in percent (80 = 8折). */
    discountPercent: smallint('discount_percent'),
    /** 折扣: the most it takes off. */
    capFen: integer('cap_fen'),
    /** ALL, CATEGORIES or GOODS; scopeIds are the category or goods ids. */
    scope: text('scope').notNull().default('ALL'),
    scopeIds: integer('scope_ids').array().notNull().default(sql`'{}'`),
    /** RANGE (validFrom–validTo) or DAYS (validDays after claiming). */
    validityType: text('validity_type').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    validDays: integer('valid_days'),
    totalQuantity: integer('total_quantity').notNull(),
    claimedCount: integer('claimed_count').notNull().default(0),
    perMemberLimit: integer('per_member_limit').notNull().default(1),
    /** CENTER, GOODS, NEW_MEMBER or GRANT. */
    channel: text('channel').notNull(),
    /** ACTIVE or STOPPED. */
    status: text('status').notNull().default('ACTIVE'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('coupon_templates_channel_idx').on(t.channel, t.status)],
);

export const memberCoupons = pgTable(
  'member_coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: integer('template_id')
      .notNull()
      .references(() => couponTemplates.id),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    /** UNUSED, HELD (by an unpaid order), USED or EXPIRED (given back after its end). */
    status: text('status').notNull().default('UNUSED'),
    source: text('source').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
    orderId: uuid('order_id'),
    orderNo: text('order_no'),
    discountFen: integer('discount_fen').notNull().default(0),
    orderAmountFen: integer('order_amount_fen').notNull().default(0),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    heldAt: timestamp('held_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    grantedBy: text('granted_by'),
  },
  (t) => [
    index('member_coupons_member_idx').on(t.memberId, t.status, t.validTo),
    index('member_coupons_template_idx').on(t.templateId, t.memberId),
    index('member_coupons_order_idx').on(t.orderId),
  ],
);

export type CouponTemplateRow = typeof couponTemplates.$inferSelect;
export type MemberCouponRow = typeof memberCoupons.$inferSelect;
