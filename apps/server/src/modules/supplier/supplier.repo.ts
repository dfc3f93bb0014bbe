import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { SupplierApplicationStatus } from '@mall/shared';
import type { DbOrTx } from '../../lib/db.ts';
import { rows } from '../../lib/db.ts';
import { supplierApplicationEvents, supplierApplications, suppliers } from '../../db/schema/index.ts';

/** SQL of the supplier tables (applications, their events, stores); nothing else touches them. */
export type ApplicationRow = typeof supplierApplications.$inferSelect;
export type SupplierRow = typeof suppliers.$inferSelect;
export type ApplicationValues = Partial<Omit<typeof supplierApplications.$inferInsert, 'id' | 'memberId' | 'createdAt'>>;

export async function findByMember(db: DbOrTx, memberId: string): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(supplierApplications).where(eq(supplierApplications.memberId, memberId));
  return row;
}

export async function findById(db: DbOrTx, id: string): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(supplierApplications).where(eq(supplierApplications.id, id));
  return row;
}

/** The member's one application, made as an empty draft the first time a step is saved. */
export async function ensureDraft(db: DbOrTx, memberId: string): Promise<ApplicationRow> {
  await db.insert(supplierApplications).values({ memberId }).onConflictDoNothing();
  return (await findByMember(db, memberId))!;
}

/**
 * The one way an application changes: a conditional update from the states the transition table
 * allows (and, for a step, from the step before it), so a race or a double click changes nothing twice.
 */
export async function moveApplication(
  db: DbOrTx,
  where: { id?: string; memberId?: string; from: SupplierApplicationStatus[]; minStep?: number },
  values: ApplicationValues,
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .update(supplierApplications)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        where.id ? eq(supplierApplications.id, where.id) : undefined,
        where.memberId ? eq(supplierApplications.memberId, where.memberId) : undefined,
        inArray(supplierApplications.status, where.from),
        where.minStep !== undefined ? sql`${supplierApplications.step} >= ${where.minStep}` : undefined,
      ),
    )
    .returning();
  return row;
}

/** Serialises every check-then-write of one store name (any case) until the transaction ends. */
export async function lockStoreName(db: DbOrTx, storeName: string) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${'store-name:' + storeName.toLowerCase()}))`);
}

/** Whether a store, or another member's application under review, already has this name (any case). */
export async function storeNameTaken(db: DbOrTx, storeName: string, memberId: string): Promise<boolean> {
  const [row] = await rows<{ taken: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM suppliers WHERE lower(store_name) = lower(${storeName}) AND member_id <> ${memberId})
            OR EXISTS (SELECT 1 FROM supplier_applications WHERE status = 'PENDING'
                         AND lower(store_name) = lower(${storeName}) AND member_id <> ${memberId}) AS taken`,
  );
  return Boolean(row?.taken);
}

export async function insertSupplier(db: DbOrTx, values: typeof suppliers.$inferInsert): Promise<SupplierRow> {
  const [row] = await db.insert(suppliers).values(values).returning();
  return row!;
}

export async function supplierOfMember(db: DbOrTx, memberId: string): Promise<SupplierRow | undefined> {
  const [row] = await db.select().from(suppliers).where(eq(suppliers.memberId, memberId));
  return row;
}

export async function insertEvent(db: DbOrTx, values: typeof supplierApplicationEvents.$inferInsert) {
  await db.insert(supplierApplicationEvents).values(values);
}

export async function eventsOf(db: DbOrTx, applicationId: string) {
  return db
    .select()
    .from(supplierApplicationEvents)
    .where(eq(supplierApplicationEvents.applicationId, applicationId))
    .orderBy(asc(supplierApplicationEvents.id));
}

export interface ApplicationFilter {
  status?: 'PENDING' | 'APPROVED' | 'REJECTED';
  keyword?: string;
}

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

/** Submitted applications (drafts are the member's own), those under review first, newest first. */
export async function pageApplications(db: DbOrTx, f: ApplicationFilter, pageNum: number, pageSize: number) {
  const a = supplierApplications;
  const conditions: (SQL | undefined)[] = [
    f.status ? eq(a.status, f.status) : ne(a.status, 'DRAFT'),
    f.keyword
      ? sql`(${a.companyName} ILIKE ${like(f.keyword)} OR ${a.storeName} ILIKE ${like(f.keyword)}
             OR ${a.contactName} ILIKE ${like(f.keyword)} OR ${a.contactMobile} = ${f.keyword}
             OR ${a.creditCode} = ${f.keyword.toUpperCase()})`
      : undefined,
  ];
  const where = and(...conditions);
  const [list, [total]] = await Promise.all([
    db
      .select()
      .from(a)
      .where(where)
      .orderBy(sql`(${a.status} = 'PENDING') DESC`, desc(a.submittedAt), desc(a.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db.select({ n: count() }).from(a).where(where),
  ]);
  return { list, total: Number(total?.n ?? 0) };
}

export interface StoreFilter {
  status?: 'ACTIVE' | 'DISABLED';
  keyword?: string;
}

/** Stores with how many goods each has (any review state), newest first. */
export async function pageSuppliers(db: DbOrTx, f: StoreFilter, pageNum: number, pageSize: number) {
  const s = suppliers;
  const where = and(
    f.status ? eq(s.status, f.status) : undefined,
    f.keyword ? sql`(${s.storeName} ILIKE ${like(f.keyword)} OR ${s.companyName} ILIKE ${like(f.keyword)})` : undefined,
  );
  const [list, [total]] = await Promise.all([
    db
      .select({
        supplier: s,
        goodsCount: sql<number>`(SELECT count(*) FROM goods g WHERE g.supplier_id = "suppliers"."id")`.mapWith(Number),
      })
      .from(s)
      .where(where)
      .orderBy(desc(s.createdAt), desc(s.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize),
    db.select({ n: count() }).from(s).where(where),
  ]);
  return { list, total: Number(total?.n ?? 0) };
}
