import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DistributionProgramme } from '@mall/shared';
import { distributionBindings, distributionSkus, distributionVisits, promoterLevels } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../lib/db.ts';

/** SQL of the sharing tables (migration 0081): distribution goods, 推广 levels, bindings and visits. */

export type DistributionSkuRow = typeof distributionSkus.$inferSelect;
export type LevelRow = typeof promoterLevels.$inferSelect;
export type BindingRow = typeof distributionBindings.$inferSelect;

/** A goods' distribution SKUs in a programme replaced by `rows` (none: the goods leaves the programme). */
export async function replaceGoodsSkus(
  tx: DbOrTx,
  programme: DistributionProgramme,
  goodsId: number,
  rows: Omit<typeof distributionSkus.$inferInsert, 'programme' | 'goodsId'>[],
) {
  await tx
    .delete(distributionSkus)
    .where(and(eq(distributionSkus.programme, programme), eq(distributionSkus.goodsId, goodsId)));
  if (rows.length) await tx.insert(distributionSkus).values(rows.map((r) => ({ ...r, programme, goodsId })));
}

export function skusOfGoods(db: DbOrTx, programme: DistributionProgramme, goodsIds: number[]) {
  if (!goodsIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(distributionSkus)
    .where(and(eq(distributionSkus.programme, programme), inArray(distributionSkus.goodsId, goodsIds)))
    .orderBy(asc(distributionSkus.goodsId), asc(distributionSkus.skuId));
}

export function skuRules(db: DbOrTx, programme: DistributionProgramme, skuIds: number[]) {
  if (!skuIds.length) return Promise.resolve([]);
  return db
    .select()
    .from(distributionSkus)
    .where(and(eq(distributionSkus.programme, programme), inArray(distributionSkus.skuId, skuIds)));
}

/** The goods of a programme, latest changed first, a page of their ids. */
export async function goodsIdsPage(db: DbOrTx, programme: DistributionProgramme, pageNum: number, pageSize: number) {
  const list = await db
    .select({ goodsId: distributionSkus.goodsId, changed: sql<Date>`max(${distributionSkus.updatedAt})` })
    .from(distributionSkus)
    .where(eq(distributionSkus.programme, programme))
    .groupBy(distributionSkus.goodsId)
    .orderBy(desc(sql`max(${distributionSkus.updatedAt})`), desc(distributionSkus.goodsId))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  const [total] = await db
    .select({ n: sql<number>`count(DISTINCT ${distributionSkus.goodsId})::int` })
    .from(distributionSkus)
    .where(eq(distributionSkus.programme, programme));
  return { goodsIds: list.map((r) => r.goodsId), total: total?.n ?? 0 };
}

export function levels(db: DbOrTx): Promise<LevelRow[]> {
  return db.select().from(promoterLevels).orderBy(asc(promoterLevels.sort));
}

export async function findBinding(db: DbOrTx, buyerId: string, programme: DistributionProgramme) {
  const [row] = await db
    .select()
    .from(distributionBindings)
    .where(and(eq(distributionBindings.buyerId, buyerId), eq(distributionBindings.programme, programme)));
  return row;
}

/**
 * Binds a buyer to a sharer unless a binding that still lasts is there: one statement, so two
 * shared links opened at once bind to one sharer. Undefined when the buyer kept their binding.
 */
export async function bind(
  db: DbOrTx,
  row: { buyerId: string; programme: DistributionProgramme; sharerId: string; permanent: boolean },
  lastsFrom: Date,
) {
  const [made] = await db
    .insert(distributionBindings)
    .values({ ...row, boundAt: new Date() })
    .onConflictDoUpdate({
      target: [distributionBindings.buyerId, distributionBindings.programme],
      set: { sharerId: row.sharerId, boundAt: new Date(), permanent: row.permanent },
      setWhere: and(eq(distributionBindings.permanent, false), lt(distributionBindings.boundAt, lastsFrom)),
    })
    .returning();
  return made;
}

/** A shared link opened by a visitor: the first one kept while it lasts (visited after `lastsFrom`). */
export async function recordVisit(
  db: DbOrTx,
  visitorId: string,
  programme: DistributionProgramme,
  sharerId: string,
  lastsFrom: Date,
) {
  const [made] = await db
    .insert(distributionVisits)
    .values({ visitorId, programme, sharerId })
    .onConflictDoUpdate({
      target: [distributionVisits.visitorId, distributionVisits.programme],
      set: { sharerId, visitedAt: new Date() },
      setWhere: lt(distributionVisits.visitedAt, lastsFrom),
    })
    .returning();
  return made;
}

export function visitsOf(db: DbOrTx, visitorId: string, since: Date) {
  return db
    .select()
    .from(distributionVisits)
    .where(
      and(
        eq(distributionVisits.visitorId, visitorId),
        sql`${distributionVisits.visitedAt} >= ${since.toISOString()}::timestamptz`,
      ),
    );
}

export async function forgetVisits(db: DbOrTx, visitorId: string) {
  await db.delete(distributionVisits).where(eq(distributionVisits.visitorId, visitorId));
}

/** How many buyers a sharer has bound in a programme (推广: the direct team). */
export async function boundCount(db: DbOrTx, programme: DistributionProgramme, sharerId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(distributionBindings)
    .where(and(eq(distributionBindings.programme, programme), eq(distributionBindings.sharerId, sharerId)));
  return row?.n ?? 0;
}
