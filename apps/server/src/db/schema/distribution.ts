import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
