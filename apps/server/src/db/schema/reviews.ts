import { boolean, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { members } from './accounts.ts';
import { orderItems } from './trade.ts';

/** Tables of migration 0050 (商品评价): one review per received order line, and the uploaded photos. */
export const goodsReviews = pgTable(
  'goods_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderItemId: uuid('order_item_id')
      .notNull()
      .unique()
      .references(() => orderItems.id),
    orderNo: text('order_no').notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    goodsId: integer('goods_id').notNull(),
    skuId: integer('sku_id').notNull(),
    goodsName: text('goods_name').notNull(),
    goodsImage: text('goods_image'),
    specText: text('spec_text').notNull().default(''),
    /** The nickname when the review was written; the goods page masks it when anonymous. */
    authorName: text('author_name').notNull(),
    authorAvatar: text('author_avatar'),
    anonymous: boolean('anonymous').notNull().default(false),
    rating: smallint('rating').notNull(),
    content: text('content').notNull(),
    /** Stored image names (review_images), at most 9. */
    images: text('images').array().notNull().default(sql`'{}'`),
    followUpContent: text('follow_up_content'),
    followUpImages: text('follow_up_images').array().notNull().default(sql`'{}'`),
    followUpAt: timestamp('follow_up_at', { withTimezone: true }),
    replyContent: text('reply_content'),
    replyBy: text('reply_by'),
    replyAt: timestamp('reply_at', { withTimezone: true }),
    hidden: boolean('hidden').notNull().default(false),
    hiddenReason: text('hidden_reason'),
    hiddenBy: text('hidden_by'),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('goods_reviews_goods_idx').on(t.goodsId, t.createdAt),
    index('goods_reviews_member_idx').on(t.memberId, t.createdAt),
    index('goods_reviews_created_idx').on(t.createdAt),
  ],
);

/** A photo a buyer uploaded; `reviewId` is set once it is attached to a review or its 追评. */
export const reviewImages = pgTable('review_images', {
  name: text('name').primaryKey(),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id),
  reviewId: uuid('review_id').references(() => goodsReviews.id),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
