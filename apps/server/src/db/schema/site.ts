import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Site configuration as key → JSON value (siteName, buyerIcon, banners, pinned hot words, freight...). */
export const siteConfig = pgTable('site_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
