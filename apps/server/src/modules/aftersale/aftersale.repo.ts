import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../lib/db.ts';
import { afterSaleEvents, afterSaleImages, afterSales } from '../../db/schema/index.ts';
import type { AfterSaleStatus } from '@mall/shared';
import { OPEN_OR_DONE } from './aftersale-states.ts';

export type AfterSaleRow = typeof afterSales.$inferSelect;
export type AfterSaleEventRow = typeof afterSaleEvents.$inferSelect;

export async function heldForItem(tx: DbOrTx, orderItemId: string, exceptId?: string) {
  const [row] = await rows<{ quantity: number; amount: number }>(
    tx,
    sql`SELECT coalesce(sum(quantity), 0)::int AS quantity, coalesce(sum(refund_amount), 0)::int AS amount
        FROM after_sales
        WHERE order_item_id = ${orderItemId} AND status IN ${OPEN_OR_DONE}
          ${exceptId ? sql`AND id <> ${exceptId}` : sql``}`,
  );
  return { quantity: row?.quantity ?? 0, amount: row?.amount ?? 0 };
}

export async function insertAfterSale(tx: DbOrTx, values: typeof afterSales.$inferInsert): Promise<AfterSaleRow> {
  const [row] = await tx.insert(afterSales).values(values).returning();
  return row!;
}

/** Attaches the member's own, not yet used uploads; false when any name is not one of those. */
export async function attachImages(
  tx: DbOrTx,
  memberId: string,
  afterSaleId: string,
  names: string[],
): Promise<boolean> {
  for (const [i, name] of names.entries()) {
    const done = await tx
      .update(afterSaleImages)
      .set({ afterSaleId, sortOrder: i })
      .where(
        and(
          eq(afterSaleImages.name, name),
          eq(afterSaleImages.memberId, memberId),
          isNull(afterSaleImages.afterSaleId),
        ),
      )
      .returning({ name: afterSaleImages.name });
    if (!done.length) return false;
  }
  return true;
}

export async function insertImage(db: DbOrTx, values: typeof afterSaleImages.$inferInsert) {
  await db.insert(afterSaleImages).values(values);
}

export async function imagesOf(db: DbOrTx, afterSaleId: string): Promise<string[]> {
  const found = await db
    .select({ name: afterSaleImages.name })
    .from(afterSaleImages)
    .where(eq(afterSaleImages.afterSaleId, afterSaleId))
    .orderBy(asc(afterSaleImages.sortOrder));
  return found.map((r) => r.name);
}

export async function imageExists(db: DbOrTx, name: string): Promise<boolean> {
  const [row] = await db
    .select({ name: afterSaleImages.name })
    .from(afterSaleImages)
    .where(eq(afterSaleImages.name, name));
  return Boolean(row);
}

export async function addEvent(tx: DbOrTx, values: typeof afterSaleEvents.$inferInsert) {
  await tx.insert(afterSaleEvents).values(values);
}

export async function eventsOf(db: DbOrTx, afterSaleId: string): Promise<AfterSaleEventRow[]> {
  return db
    .select()
    .from(afterSaleEvents)
    .where(eq(afterSaleEvents.afterSaleId, afterSaleId))
    .orderBy(asc(afterSaleEvents.id));
}

/** The one conditional update of a transition: only a call that still finds `from` changes the row. */
export async function updateStatus(
  tx: DbOrTx,
  id: string,
  from: string,
  to: AfterSaleStatus,
  set: Partial<typeof afterSales.$inferInsert> = {},
): Promise<AfterSaleRow | undefined> {
  const [row] = await tx
    .update(afterSales)
    .set({ ...set, status: to, updatedAt: new Date() })
    .where(and(eq(afterSales.id, id), eq(afterSales.status, from)))
    .returning();
  return row;
}

export async function findById(db: DbOrTx, id: string): Promise<AfterSaleRow | undefined> {
  const [row] = await db.select().from(afterSales).where(eq(afterSales.id, id));
  return row;
}

export async function findByNo(db: DbOrTx, afterSaleNo: string): Promise<AfterSaleRow | undefined> {
  const [row] = await db.select().from(afterSales).where(eq(afterSales.afterSaleNo, afterSaleNo));
  return row;
}

export async function page(
  db: DbOrTx,
  filter: { memberId?: string; status?: string },
  pageNum: number,
  pageSize: number,
): Promise<{ list: AfterSaleRow[]; total: number }> {
  const where = and(
    filter.memberId ? eq(afterSales.memberId, filter.memberId) : undefined,
    filter.status && filter.status !== 'ALL' ? eq(afterSales.status, filter.status) : undefined,
  );
  const [list, [total]] = await Promise.all([
    db
      .select()
      .from(afterSales)
      .where(where)
      .orderBy(desc(afterSales.createdAt), desc(afterSales.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db.select({ n: count() }).from(afterSales).where(where),
  ]);
  return { list, total: Number(total?.n ?? 0) };
}

export async function imagesOfMany(db: DbOrTx, ids: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (!ids.length) return map;
  const found = await db
    .select({ id: afterSaleImages.afterSaleId, name: afterSaleImages.name })
    .from(afterSaleImages)
    .where(inArray(afterSaleImages.afterSaleId, ids))
    .orderBy(asc(afterSaleImages.sortOrder));
  for (const r of found) map.set(r.id!, [...(map.get(r.id!) ?? []), r.name]);
  return map;
}

/** Uploads of a member in the last day not attached to any request (a cap against filling the disk). */
export async function unattachedCount(db: DbOrTx, memberId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(afterSaleImages)
    .where(
      and(
        eq(afterSaleImages.memberId, memberId),
        isNull(afterSaleImages.afterSaleId),
        sql`${afterSaleImages.createdAt} > now() - interval '1 day'`,
      ),
    );
  return Number(row?.n ?? 0);
}

/* ---- The console's review queue (/ops/afterSale/page) ---- */

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** An after-sale or order number exactly, or part of the goods' name. */
function keywordWhere(keyword?: string) {
  if (!keyword) return undefined;
  return sql`(${afterSales.afterSaleNo} = ${keyword} OR ${afterSales.orderNo} = ${keyword} OR ${afterSales.goodsName} ILIKE ${`%${likeEscape(keyword)}%`})`;
}

/**
 * A page of the operators' queue. Requests still waiting for the shop are worked oldest first
 * (the longest-waiting buyer is served first); finished ones and 全部 show the newest first.
 */
export async function opsPage(
  db: DbOrTx,
  f: { status?: string; keyword?: string; oldestFirst: boolean },
  pageNum: number,
  pageSize: number,
): Promise<{ list: AfterSaleRow[]; total: number }> {
  const where = and(f.status ? eq(afterSales.status, f.status) : undefined, keywordWhere(f.keyword));
  const order = f.oldestFirst
    ? [asc(afterSales.createdAt), asc(afterSales.id)]
    : [desc(afterSales.createdAt), desc(afterSales.id)];
  const [list, [total]] = await Promise.all([
    db
      .select()
      .from(afterSales)
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db.select({ n: count() }).from(afterSales).where(where),
  ]);
  return { list, total: Number(total?.n ?? 0) };
}

/** Requests per status (under the keyword), for the queue's tabs. */
export async function countByStatus(db: DbOrTx, keyword?: string): Promise<{ status: string; n: number }[]> {
  const found = await db
    .select({ status: afterSales.status, n: count() })
    .from(afterSales)
    .where(keywordWhere(keyword))
    .groupBy(afterSales.status);
  return found.map((r) => ({ status: r.status, n: Number(r.n) }));
}

/** Every request of an order, newest first (the console's order detail). */
export async function ofOrder(db: DbOrTx, orderId: string): Promise<AfterSaleRow[]> {
  return db
    .select()
    .from(afterSales)
    .where(eq(afterSales.orderId, orderId))
    .orderBy(desc(afterSales.createdAt), desc(afterSales.id));
}

/**
 * Requests on any of these order lines, newest first: a page of them, or all of them without one.
 * The ids travel as one array parameter, however many lines a distributor earned on.
 */
export async function ofItems(
  db: DbOrTx,
  orderItemIds: string[],
  page?: { pageNum: number; pageSize: number },
): Promise<{ list: AfterSaleRow[]; total: number }> {
  if (!orderItemIds.length) return { list: [], total: 0 };
  const where = sql`${afterSales.orderItemId} = ANY(${`{${orderItemIds.join(',')}}`}::uuid[])`;
  const query = db.select().from(afterSales).where(where).orderBy(desc(afterSales.createdAt), desc(afterSales.id));
  if (!page) {
    const list = await query;
    return { list, total: list.length };
  }
  const [list, [total]] = await Promise.all([
    query.limit(page.pageSize).offset((page.pageNum - 1) * page.pageSize),
    db.select({ n: count() }).from(afterSales).where(where),
  ]);
  return { list, total: Number(total?.n ?? 0) };
}
