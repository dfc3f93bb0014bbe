import { index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { members } from './accounts.ts';
import { activities } from './activities.ts';

/** Table of migration 0072 (秒杀 提醒我); the CHECKs and the SKU's foreign key live in the migration. */
export const activityReminders = pgTable(
  'activity_reminders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id),
    skuId: integer('sku_id').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    status: text('status').notNull().default('PENDING'),
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [unique().on(t.memberId, t.activityId, t.skuId), index('activity_reminders_pending_idx').on(t.activityId)],
);
