import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { members } from './accounts.ts';

/** Search index column; written only through the goods writer (modules/catalog/goods-writer.ts). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export interface GoodsParam {
  name: string;
  value: string;
}

/** One spec dimension with its values, in the order buyers see them. */
export interface SpecDef {
  name: string;
  values: string[];
}

/** The detail body as structured blocks: the web renders them, no HTML travels. */
export type DetailBlock =
  | { type: 'heading'; text: string }
  | { type: 'text'; text: string }
  | { type: 'image'; src: string; alt?: string }
  | { type: 'list'; items: string[] };

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    level: smallint('level').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    icon: text('icon'),
  },
  (t) => [index('categories_parent_idx').on(t.parentId, t.sortOrder)],
);

export const brands = pgTable('brands', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull().unique(),
  /** Latin name or alias (苹果 → Apple), indexed for search as well. */
  alias: text('alias'),
  logo: text('logo'),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const goods = pgTable('goods', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  subtitle: text('subtitle').notNull().default(''),
  categoryId: integer('category_id')
    .notNull()
    .references(() => categories.id),
  brandId: integer('brand_id').references(() => brands.id),
  images: jsonb('images').$type<string[]>().notNull(),
  params: jsonb('params').$type<GoodsParam[]>().notNull(),
  detail: jsonb('detail').$type<DetailBlock[]>().notNull(),
  onShelf: boolean('on_shelf').notNull().default(true),
  sales: integer('sales').notNull().default(0),
  /** Lowest SKU price, kept by the goods writer so search can filter and sort without a join. */
  priceFen: integer('price_fen').notNull(),
  marketPriceFen: integer('market_price_fen').notNull(),
  isCrossBorder: boolean('is_cross_border').notNull().default(false),
  /** Spec dimensions in the operator's order (migration 0041); empty: read from the SKUs. */
  specDefs: jsonb('spec_defs').$type<SpecDef[]>().notNull().default([]),
  supplierId: uuid('supplier_id'),
  /** A store's goods go on shelf only once approved (migration 0090); the shop's own are APPROVED. */
  reviewStatus: text('review_status').notNull().default('APPROVED'),
  reviewReason: text('review_reason'),
  searchVector: tsvector('search_vector').notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Units sold (negative: taken back) not yet counted into goods.sales: written in the order's
 * transaction, folded into the goods by timed work (migration 0101).
 */
export const goodsSalesTally = pgTable('goods_sales_tally', {
  goodsId: integer('goods_id').notNull(),
  quantity: integer('quantity').notNull(),
});

export const skus = pgTable(
  'skus',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    code: text('code').notNull().unique(),
    /** e.g. {"颜色":"黑色","容量":"256G"} */
    specs: jsonb('specs').$type<Record<string, string>>().notNull(),
    priceFen: integer('price_fen').notNull(),
    marketPriceFen: integer('market_price_fen').notNull(),
    stock: integer('stock').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('skus_goods_idx').on(t.goodsId)],
);

/** Every search with a keyword, for the hot words of the last 7 days. */
export const searchKeywords = pgTable(
  'search_keywords',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    keyword: text('keyword').notNull(),
    memberId: uuid('member_id'),
    createdAt: createdAt(),
  },
  (t) => [index('search_keywords_created_idx').on(t.createdAt)],
);

/** Words that have goods, with their pinyin, for completions and did-you-mean. */
export const searchTerms = pgTable('search_terms', {
  term: text('term').primaryKey(),
  pinyin: text('pinyin').notNull(),
  initials: text('initials').notNull(),
  goodsCount: integer('goods_count').notNull(),
});

export const goodsFavorites = pgTable(
  'goods_favorites',
  {
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.goodsId] }), index('goods_favorites_member_idx').on(t.memberId, t.createdAt)],
);

/** One row per goods per member per day (Asia/Shanghai), refreshed on each view. */
export const goodsHistory = pgTable(
  'goods_history',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    viewDate: date('view_date', { mode: 'string' }).notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('goods_history_member_goods_day_idx').on(t.memberId, t.goodsId, t.viewDate),
    index('goods_history_member_viewed_idx').on(t.memberId, t.viewedAt),
  ],
);
