import { and, count, desc, eq, ilike, inArray, isNull, lte, gte, or, sql, type SQL } from 'drizzle-orm';
import { REVIEW_LEVELS, type ReviewFilter } from '@mall/shared';
import { goodsReviews, reviewImages } from '../../db/schema/index.ts';
import { rows, type DbOrTx } from '../../lib/db.ts';

export type ReviewRow = typeof goodsReviews.$inferSelect;
export type NewReviewRow = typeof goodsReviews.$inferInsert;

const levelWhere = (level: keyof typeof REVIEW_LEVELS) =>
  and(gte(goodsReviews.rating, REVIEW_LEVELS[level].min), lte(goodsReviews.rating, REVIEW_LEVELS[level].max));

const hasImages = sql`cardinality(${goodsReviews.images}) + cardinality(${goodsReviews.followUpImages}) > 0`;

function filterWhere(filter: ReviewFilter): SQL | undefined {
  if (filter === 'ALL') return undefined;
  if (filter === 'IMAGE') return hasImages;
  return levelWhere(filter);
}

/* ---- the goods page ---- */

/** Counts of a goods' shown reviews per filter, in one pass over its index. */
export async function goodsCounts(db: DbOrTx, goodsId: number) {
  const [row] = await rows<Record<'all' | 'image' | 'good' | 'medium' | 'bad', number>>(
    db,
    sql`SELECT count(*)::int AS all,
          count(*) FILTER (WHERE ${hasImages})::int AS image,
          count(*) FILTER (WHERE rating >= 4)::int AS good,
          count(*) FILTER (WHERE rating = 3)::int AS medium,
          count(*) FILTER (WHERE rating <= 2)::int AS bad
        FROM goods_reviews WHERE goods_id = ${goodsId} AND NOT hidden`,
  );
  return { ALL: row!.all, IMAGE: row!.image, GOOD: row!.good, MEDIUM: row!.medium, BAD: row!.bad };
}

export async function goodsPage(db: DbOrTx, goodsId: number, filter: ReviewFilter, pageNum: number, pageSize: number) {
  return db
    .select()
    .from(goodsReviews)
    .where(and(eq(goodsReviews.goodsId, goodsId), eq(goodsReviews.hidden, false), filterWhere(filter)))
    .orderBy(desc(goodsReviews.createdAt), desc(goodsReviews.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
}

/* ---- the buyer's own ---- */

export async function findByOrderItem(db: DbOrTx, orderItemId: string): Promise<ReviewRow | undefined> {
  const [row] = await db.select().from(goodsReviews).where(eq(goodsReviews.orderItemId, orderItemId));
  return row;
}

export async function byOrderItems(db: DbOrTx, orderItemIds: string[]): Promise<Map<string, ReviewRow>> {
  if (!orderItemIds.length) return new Map();
  const found = await db.select().from(goodsReviews).where(inArray(goodsReviews.orderItemId, orderItemIds));
  return new Map(found.map((r) => [r.orderItemId, r]));
}

/** Inserts the line's review unless it has one: undefined when another submit got there first. */
export async function insertOnce(tx: DbOrTx, values: NewReviewRow): Promise<ReviewRow | undefined> {
  const [row] = await tx
    .insert(goodsReviews)
    .values(values)
    .onConflictDoNothing({ target: goodsReviews.orderItemId })
    .returning();
  return row;
}

/** Adds the 追评 while there is none: undefined when one was already added. */
export async function addFollowUp(tx: DbOrTx, id: string, content: string, images: string[]) {
  const [row] = await tx
    .update(goodsReviews)
    .set({ followUpContent: content, followUpImages: images, followUpAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(goodsReviews.id, id), isNull(goodsReviews.followUpAt)))
    .returning();
  return row;
}

/* ---- photos ---- */

export async function insertImage(db: DbOrTx, values: typeof reviewImages.$inferInsert) {
  await db.insert(reviewImages).values(values);
}

export async function unattachedCount(db: DbOrTx, memberId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(reviewImages)
    .where(and(eq(reviewImages.memberId, memberId), isNull(reviewImages.reviewId)));
  return row?.n ?? 0;
}

/** Attaches the member's own unused uploads to a review; false when any name is not one of those. */
export async function attachImages(tx: DbOrTx, memberId: string, reviewId: string, names: string[]): Promise<boolean> {
  if (!names.length) return true;
  const done = await tx
    .update(reviewImages)
    .set({ reviewId })
    .where(and(inArray(reviewImages.name, names), eq(reviewImages.memberId, memberId), isNull(reviewImages.reviewId)))
    .returning({ name: reviewImages.name });
  return done.length === names.length;
}

/* ---- the console ---- */

export type ConsoleStatus = 'ALL' | 'SHOWN' | 'HIDDEN' | 'UNREPLIED';
export interface ConsoleFilter {
  status: ConsoleStatus;
  level: 'ALL' | keyof typeof REVIEW_LEVELS;
  keyword?: string;
  goodsId?: number;
}

function consoleWhere(f: ConsoleFilter, withStatus = true): SQL | undefined {
  const like = f.keyword ? `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    withStatus && f.status === 'SHOWN' ? eq(goodsReviews.hidden, false) : undefined,
    withStatus && f.status === 'HIDDEN' ? eq(goodsReviews.hidden, true) : undefined,
    withStatus && f.status === 'UNREPLIED' ? isNull(goodsReviews.replyAt) : undefined,
    f.level !== 'ALL' ? levelWhere(f.level) : undefined,
    f.goodsId ? eq(goodsReviews.goodsId, f.goodsId) : undefined,
    like
      ? or(ilike(goodsReviews.goodsName, like), ilike(goodsReviews.content, like), eq(goodsReviews.orderNo, f.keyword!))
      : undefined,
  );
}

export async function consolePage(db: DbOrTx, f: ConsoleFilter, pageNum: number, pageSize: number) {
  const where = consoleWhere(f);
  const [list, [total]] = await Promise.all([
    db
      .select()
      .from(goodsReviews)
      .where(where)
      .orderBy(desc(goodsReviews.createdAt), desc(goodsReviews.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db.select({ n: count() }).from(goodsReviews).where(where),
  ]);
  return { list, total: total?.n ?? 0 };
}

/** The console's tab counts under the filter (its status aside). */
export async function consoleCounts(db: DbOrTx, f: ConsoleFilter) {
  const [row] = await db
    .select({
      all: count(),
      hidden: sql<number>`count(*) FILTER (WHERE ${goodsReviews.hidden})::int`,
      unreplied: sql<number>`count(*) FILTER (WHERE ${goodsReviews.replyAt} IS NULL)::int`,
    })
    .from(goodsReviews)
    .where(consoleWhere(f, false));
  const all = row?.all ?? 0;
  const hidden = row?.hidden ?? 0;
  return { ALL: all, SHOWN: all - hidden, HIDDEN: hidden, UNREPLIED: row?.unreplied ?? 0 };
}

export async function findById(db: DbOrTx, id: string): Promise<ReviewRow | undefined> {
  const [row] = await db.select().from(goodsReviews).where(eq(goodsReviews.id, id));
  return row;
}

/** Hides or shows a review, only from the other state: undefined when it already was. */
export async function setHidden(tx: DbOrTx, id: string, hide: { reason: string; by: string } | null) {
  const [row] = await tx
    .update(goodsReviews)
    .set(
      hide
        ? { hidden: true, hiddenReason: hide.reason, hiddenBy: hide.by, hiddenAt: sql`now()`, updatedAt: sql`now()` }
        : { hidden: false, hiddenReason: null, hiddenBy: null, hiddenAt: null, updatedAt: sql`now()` },
    )
    .where(and(eq(goodsReviews.id, id), eq(goodsReviews.hidden, !hide)))
    .returning();
  return row;
}

export async function setReply(tx: DbOrTx, id: string, content: string, by: string) {
  const [row] = await tx
    .update(goodsReviews)
    .set({ replyContent: content, replyBy: by, replyAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(goodsReviews.id, id))
    .returning();
  return row;
}

/** Whether the shop has any review (the demo data writes its own only into a shop without). */
export async function hasAnyReview(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ id: goodsReviews.id }).from(goodsReviews).limit(1);
  return Boolean(row);
}
