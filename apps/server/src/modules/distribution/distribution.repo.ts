import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { ApplicationStatus, DistributionProgramme } from '@mall/shared';
import { distributionApplications, distributors } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../lib/db.ts';

/** SQL of the distribution tables (migration 0080); nothing else reads or writes them. */

export type ApplicationRow = typeof distributionApplications.$inferSelect;
export type DistributorRow = typeof distributors.$inferSelect;

export async function insertApplication(db: DbOrTx, values: typeof distributionApplications.$inferInsert) {
  const [row] = await db.insert(distributionApplications).values(values).onConflictDoNothing().returning();
  return row;
}

export async function latestApplication(db: DbOrTx, memberId: string, programme: DistributionProgramme) {
  const [row] = await db
    .select()
    .from(distributionApplications)
    .where(and(eq(distributionApplications.memberId, memberId), eq(distributionApplications.programme, programme)))
    .orderBy(desc(distributionApplications.id))
    .limit(1);
  return row;
}

export async function findApplication(db: DbOrTx, id: number) {
  const [row] = await db.select().from(distributionApplications).where(eq(distributionApplications.id, id));
  return row;
}

/** PENDING → APPROVED or REJECTED, only from PENDING: a second click or a race changes nothing twice. */
export async function decideApplication(
  db: DbOrTx,
  id: number,
  to: Exclude<ApplicationStatus, 'PENDING'>,
  by: string,
  rejectReason: string | null,
) {
  const [row] = await db
    .update(distributionApplications)
    .set({ status: to, rejectReason, reviewedBy: by, reviewedAt: new Date() })
    .where(and(eq(distributionApplications.id, id), eq(distributionApplications.status, 'PENDING')))
    .returning();
  return row;
}

export interface ApplicationFilter {
  programme?: DistributionProgramme;
  status?: ApplicationStatus;
  /** The applicant's real name or mobile. */
  keyword?: string;
}

function where(f: ApplicationFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.programme) parts.push(eq(distributionApplications.programme, f.programme));
  if (f.status) parts.push(eq(distributionApplications.status, f.status));
  if (f.keyword) {
    const like = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(or(ilike(distributionApplications.realName, like), ilike(distributionApplications.mobile, like))!);
  }
  return parts.length ? and(...parts) : undefined;
}

export async function pageApplications(db: DbOrTx, f: ApplicationFilter, pageNum: number, pageSize: number) {
  const list = await db
    .select()
    .from(distributionApplications)
    .where(where(f))
    .orderBy(desc(distributionApplications.createdAt), desc(distributionApplications.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(distributionApplications).where(where(f));
  return { list, total: total?.n ?? 0 };
}

/** Applications by state under a programme and keyword (not a state): the console's tab counts. */
export async function countApplicationsByStatus(db: DbOrTx, f: Omit<ApplicationFilter, 'status'>) {
  const found = await db
    .select({ status: distributionApplications.status, n: count() })
    .from(distributionApplications)
    .where(where(f))
    .groupBy(distributionApplications.status);
  return found.map((r) => ({ status: r.status, n: Number(r.n) }));
}

export async function findDistributor(db: DbOrTx, memberId: string, programme: DistributionProgramme) {
  const [row] = await db
    .select()
    .from(distributors)
    .where(and(eq(distributors.memberId, memberId), eq(distributors.programme, programme)));
  return row;
}

export async function findByShareCode(db: DbOrTx, shareCode: string) {
  const [row] = await db.select().from(distributors).where(eq(distributors.shareCode, shareCode));
  return row;
}

/** A new distributor; undefined when the share code was taken (the caller tries another). */
export async function insertDistributor(db: DbOrTx, values: typeof distributors.$inferInsert) {
  const [row] = await db
    .insert(distributors)
    .values(values)
    .onConflictDoNothing({ target: distributors.shareCode })
    .returning();
  return row;
}
