import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Table of migration 0071 (活动页面); the CHECKs live in the migration. */
export const activityPages = pgTable(
  'activity_pages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    title: text('title').notNull(),
    shareSubtitle: text('share_subtitle').notNull().default(''),
    status: text('status').notNull().default('DRAFT'),
    sections: jsonb('sections').notNull().default([]),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activity_pages_status_idx').on(t.status, t.id)],
);
