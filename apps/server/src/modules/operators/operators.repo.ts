import { and, asc, desc, eq, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { operators, opsAuditLog, opsLoginFailures, opsRoles, opsSessions } from '../../db/schema/index.ts';
import { rows, type DbOrTx } from '../../lib/db.ts';

export type OperatorRow = typeof operators.$inferSelect;
export type OpsRoleRow = typeof opsRoles.$inferSelect;
export type OpsSessionRow = typeof opsSessions.$inferSelect;
export type AuditRow = typeof opsAuditLog.$inferSelect;

/* ---- roles ---- */

/** Built-in roles, in one statement; a role already there is kept as it is. */
export async function insertRolesIfMissing(db: DbOrTx, roles: { key: string; name: string; permissions: string[] }[]) {
  await db
    .insert(opsRoles)
    .values(roles.map((role) => ({ ...role, builtin: true })))
    .onConflictDoNothing();
}

export const listRoles = (db: DbOrTx) =>
  db.select().from(opsRoles).orderBy(desc(opsRoles.builtin), asc(opsRoles.createdAt));

export async function findRole(db: DbOrTx, key: string): Promise<OpsRoleRow | undefined> {
  const [row] = await db.select().from(opsRoles).where(eq(opsRoles.key, key));
  return row;
}

export async function upsertRole(db: DbOrTx, role: { key: string; name: string; permissions: string[] }) {
  const [row] = await db
    .insert(opsRoles)
    .values(role)
    .onConflictDoUpdate({
      target: opsRoles.key,
      set: { name: role.name, permissions: role.permissions, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

/* ---- operators ---- */

export async function findById(db: DbOrTx, id: string): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id));
  return row;
}

export async function findByUsername(db: DbOrTx, username: string): Promise<OperatorRow | undefined> {
  const [row] = await db
    .select()
    .from(operators)
    .where(sql`lower(${operators.username}) = lower(${username})`);
  return row;
}

export async function findSystem(db: DbOrTx): Promise<OperatorRow | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.isSystem, true));
  return row;
}

/** The new operator, or undefined when the username is taken (case-insensitively). */
export async function insertOperator(db: DbOrTx, values: typeof operators.$inferInsert) {
  const [row] = await db.insert(operators).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateOperator(db: DbOrTx, id: string, values: Partial<typeof operators.$inferInsert>) {
  const [row] = await db
    .update(operators)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(operators.id, id))
    .returning();
  return row;
}

/** Records a TOTP step as used, only if it is newer than the last one (no code works twice). */
export async function useTotpStep(db: DbOrTx, id: string, step: number): Promise<boolean> {
  const [row] = await db
    .update(operators)
    .set({ totpLastStep: step })
    .where(and(eq(operators.id, id), or(isNull(operators.totpLastStep), sql`${operators.totpLastStep} < ${step}`)))
    .returning({ id: operators.id });
  return Boolean(row);
}

export async function pageOperators(db: DbOrTx, q: { keyword?: string; pageNum: number; pageSize: number }) {
  const parts: SQL[] = [eq(operators.isSystem, false), sql`${operators.roleKey} <> 'supplier'`];
  if (q.keyword) {
    const pattern = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(or(ilike(operators.username, pattern), ilike(operators.displayName, pattern))!);
  }
  const where = and(...parts);
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)::int` })
    .from(operators)
    .where(where)) as [{ total: number }];
  const list = await db
    .select()
    .from(operators)
    .where(where)
    .orderBy(asc(operators.createdAt))
    .limit(q.pageSize)
    .offset((q.pageNum - 1) * q.pageSize);
  return { list, total };
}

/* ---- sessions ---- */

export async function insertSession(db: DbOrTx, values: typeof opsSessions.$inferInsert) {
  const [row] = await db.insert(opsSessions).values(values).returning();
  return row!;
}

/** A console session with its operator and the operator's role, in one query (every console call reads it). */
export async function findSessionWithOperator(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ session: opsSessions, operator: operators, role: opsRoles })
    .from(opsSessions)
    .innerJoin(operators, eq(operators.id, opsSessions.operatorId))
    .leftJoin(opsRoles, eq(opsRoles.key, operators.roleKey))
    .where(eq(opsSessions.tokenHash, tokenHash));
  return row;
}

/** The system operator of X-Ops-Token with its role, in one query. */
export async function findSystemWithRole(db: DbOrTx) {
  const [row] = await db
    .select({ operator: operators, role: opsRoles })
    .from(operators)
    .leftJoin(opsRoles, eq(opsRoles.key, operators.roleKey))
    .where(eq(operators.isSystem, true));
  return row;
}

export async function touchSession(db: DbOrTx, id: string) {
  await db.update(opsSessions).set({ lastActiveAt: new Date() }).where(eq(opsSessions.id, id));
}

export async function liveSessionsOf(db: DbOrTx, operatorId: string) {
  return db
    .select()
    .from(opsSessions)
    .where(
      and(eq(opsSessions.operatorId, operatorId), isNull(opsSessions.revokedAt), gt(opsSessions.expiresAt, new Date())),
    )
    .orderBy(desc(opsSessions.lastActiveAt));
}

/** Revokes one session of an operator (or all but `except`); returns how many were live. */
export async function revokeSessions(db: DbOrTx, operatorId: string, opts: { id?: string; except?: string } = {}) {
  const parts: SQL[] = [eq(opsSessions.operatorId, operatorId), isNull(opsSessions.revokedAt)];
  if (opts.id) parts.push(eq(opsSessions.id, opts.id));
  if (opts.except) parts.push(sql`${opsSessions.id} <> ${opts.except}`);
  const rows = await db
    .update(opsSessions)
    .set({ revokedAt: new Date() })
    .where(and(...parts))
    .returning({ id: opsSessions.id });
  return rows.length;
}

/* ---- sign-in failures (the lockout) ---- */

export async function lockLoginKey(tx: DbOrTx, key: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${'ops-login:' + key}))`);
}

export async function recentFailures(db: DbOrTx, key: string): Promise<Date[]> {
  const found = await db
    .select({ at: opsLoginFailures.createdAt })
    .from(opsLoginFailures)
    .where(and(eq(opsLoginFailures.loginKey, key), sql`${opsLoginFailures.createdAt} > now() - interval '30 minutes'`))
    .orderBy(desc(opsLoginFailures.createdAt))
    .limit(5);
  return found.map((f) => f.at);
}

export async function recordFailure(db: DbOrTx, key: string) {
  await db.insert(opsLoginFailures).values({ loginKey: key });
}

export async function clearFailures(db: DbOrTx, key: string) {
  await db.delete(opsLoginFailures).where(eq(opsLoginFailures.loginKey, key));
}

/* ---- audit log (append-only: the table refuses UPDATE and DELETE) ---- */

export async function insertAudit(db: DbOrTx, values: typeof opsAuditLog.$inferInsert) {
  await db.insert(opsAuditLog).values(values);
}

export interface AuditFilter {
  operator?: string;
  action?: string;
  objectType?: string;
  objectId?: string;
  from?: Date;
  to?: Date;
}

export async function pageAudit(db: DbOrTx, f: AuditFilter, pageNum: number, pageSize: number) {
  const parts: SQL[] = [];
  if (f.operator) parts.push(eq(opsAuditLog.operatorName, f.operator));
  if (f.action) parts.push(eq(opsAuditLog.action, f.action));
  if (f.objectType) parts.push(eq(opsAuditLog.objectType, f.objectType));
  if (f.objectId) parts.push(eq(opsAuditLog.objectId, f.objectId));
  if (f.from) parts.push(sql`${opsAuditLog.createdAt} >= ${f.from}`);
  if (f.to) parts.push(sql`${opsAuditLog.createdAt} < ${f.to}`);
  const where = parts.length ? and(...parts) : undefined;
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)::int` })
    .from(opsAuditLog)
    .where(where)) as [{ total: number }];
  const list = await db
    .select()
    .from(opsAuditLog)
    .where(where)
    .orderBy(desc(opsAuditLog.createdAt), desc(opsAuditLog.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  return { list, total };
}

/* ---- store accounts ---- */

export interface StoreOfAccount {
  id: string;
  name: string;
  status: string;
  operatorId: string;
  memberActive: boolean;
}

/*
 * The store behind a console account or a member. The suppliers table is the supplier module's; a
 * store's console account is this module's, and these two reads (one per console call of a store
 * account) are the only place the two meet, so they are plain SQL on the columns migration 0090 fixes.
 */
async function storeWhere(db: DbOrTx, where: SQL): Promise<StoreOfAccount | undefined> {
  const found = await rows<{ id: string; name: string; status: string; operator_id: string; member_status: string }>(
    db,
    sql`SELECT s.id, s.store_name AS name, s.status, s.operator_id, m.status AS member_status
          FROM suppliers s JOIN members m ON m.id = s.member_id WHERE ${where}`,
  );
  const r = found[0];
  return r
    ? { id: r.id, name: r.name, status: r.status, operatorId: r.operator_id, memberActive: r.member_status === 'active' }
    : undefined;
}

export const storeOfOperator = (db: DbOrTx, operatorId: string) => storeWhere(db, sql`s.operator_id = ${operatorId}`);
export const storeOfMember = (db: DbOrTx, memberId: string) => storeWhere(db, sql`s.member_id = ${memberId}`);
