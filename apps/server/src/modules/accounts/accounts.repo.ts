import { and, desc, eq, gt, gte, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import { HOT, keptStatement, type DbOrTx } from '../../lib/db.ts';
import { isUuid } from '../../lib/ids.ts';
import { loginFailures, memberSessions, members, smsCodes } from '../../db/schema/index.ts';
import type { SmsPurpose } from '../../db/schema/accounts.ts';

export type MemberRow = typeof members.$inferSelect;
export type SessionRow = typeof memberSessions.$inferSelect;

export async function findMemberById(db: DbOrTx, id: string): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(eq(members.id, id));
  return row;
}

export async function findMemberByMobile(db: DbOrTx, mobile: string): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(eq(members.mobile, mobile));
  return row;
}

export async function findMemberByUsername(db: DbOrTx, username: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(members)
    .where(sql`lower(${members.username}) = lower(${username})`);
  return row;
}

/** Which of `names` are held by a member already, compared as sign-in compares them (letter case ignored); lower-cased. */
export async function takenUsernames(db: DbOrTx, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const lowered = names.map((n) => n.toLowerCase());
  const found = await db
    .select({ username: members.username })
    .from(members)
    .where(sql`lower(${members.username}) IN (${sql.join(lowered.map((n) => sql`${n}`), sql`, `)})`);
  return new Set(found.map((r) => (r.username ?? '').toLowerCase()));
}

export async function insertMember(db: DbOrTx, values: typeof members.$inferInsert): Promise<MemberRow> {
  const [row] = await db.insert(members).values(values).returning();
  return row!;
}

export async function updateMember(db: DbOrTx, id: string, values: Partial<typeof members.$inferInsert>) {
  const [row] = await db
    .update(members)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(members.id, id))
    .returning();
  return row!;
}

/** Completes a member who has no roles yet; undefined when it already has some. */
export async function completeMember(db: DbOrTx, id: string, values: Partial<typeof members.$inferInsert>) {
  const [row] = await db
    .update(members)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(members.id, id), sql`cardinality(${members.roles}) = 0`))
    .returning();
  return row;
}

/** Adds a role the member does not hold yet; false when it already did (nothing changed). */
export async function addRole(db: DbOrTx, id: string, role: string): Promise<boolean> {
  const changed = await db
    .update(members)
    .set({ roles: sql`array_append(${members.roles}, ${role}::text)`, updatedAt: new Date() })
    .where(and(eq(members.id, id), sql`NOT (${role}::text = ANY(${members.roles}))`))
    .returning({ id: members.id });
  return changed.length > 0;
}

/** The names a list shows beside a member: nickname, username and mobile, by id. */
export async function memberNames(db: DbOrTx, ids: string[]) {
  const wanted = [...new Set(ids.filter(isUuid))];
  if (!wanted.length) return [];
  return db
    .select({ id: members.id, nickname: members.nickname, username: members.username, mobile: members.mobile, status: members.status })
    .from(members)
    .where(sql`${members.id} IN (${sql.join(wanted.map((id) => sql`${id}::uuid`), sql`, `)})`);
}

export async function insertSession(db: DbOrTx, values: typeof memberSessions.$inferInsert): Promise<SessionRow> {
  const [row] = await db.insert(memberSessions).values(values).returning();
  return row!;
}

export async function findSessionByRefreshHash(db: DbOrTx, refreshHash: string) {
  const [row] = await db.select().from(memberSessions).where(eq(memberSessions.refreshHash, refreshHash));
  return row;
}

const sessionWithMember = keptStatement((db) =>
  db
    .select({ session: memberSessions, status: members.status, roles: members.roles })
    .from(memberSessions)
    .innerJoin(members, eq(members.id, memberSessions.memberId))
    .where(eq(memberSessions.id, sql.placeholder('sessionId')))
    .prepare(HOT),
);

/** The session named by an access token, with its member's status, in one read. */
export async function findSessionWithMember(db: DbOrTx, sessionId: string) {
  const [row] = await sessionWithMember(db).execute({ sessionId });
  return row;
}

export async function touchSession(db: DbOrTx, sessionId: string) {
  await db
    .update(memberSessions)
    .set({ lastActiveAt: new Date() })
    .where(and(eq(memberSessions.id, sessionId), sql`${memberSessions.lastActiveAt} < now() - interval '60 seconds'`));
}

export async function revokeSession(db: DbOrTx, sessionId: string) {
  await db
    .update(memberSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(memberSessions.id, sessionId), isNull(memberSessions.revokedAt)));
}

/** Revokes every live (unexpired) session of a member, except `keepSessionId` when given; answers how many. */
export async function revokeMemberSessions(db: DbOrTx, memberId: string, keepSessionId?: string): Promise<number> {
  const revoked = await db
    .update(memberSessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(memberSessions.memberId, memberId),
        isNull(memberSessions.revokedAt),
        gt(memberSessions.expiresAt, new Date()),
        keepSessionId ? ne(memberSessions.id, keepSessionId) : undefined,
      ),
    )
    .returning({ id: memberSessions.id });
  return revoked.length;
}

export async function listLiveSessions(db: DbOrTx, memberId: string) {
  return db
    .select()
    .from(memberSessions)
    .where(
      and(
        eq(memberSessions.memberId, memberId),
        isNull(memberSessions.revokedAt),
        gt(memberSessions.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(memberSessions.lastActiveAt));
}

// ---- SMS codes ----

export async function lockMobile(db: DbOrTx, mobile: string) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${'sms:' + mobile}))`);
}

/** Sends of the last 24 hours counted against a number, visitor and IP; `recent`: within the resend interval. */
export async function smsSendCounts(
  db: DbOrTx,
  q: { mobile: string; visitorId: string | null; ip: string | null; resendSeconds: number },
) {
  const { mobile, visitorId, ip } = q;
  const [row] = await db
    .select({
      recent: sql<number>`count(*) FILTER (WHERE ${smsCodes.mobile} = ${mobile} AND ${smsCodes.createdAt} > now() - make_interval(secs => ${q.resendSeconds}))`,
      mobileDay: sql<number>`count(*) FILTER (WHERE ${smsCodes.mobile} = ${mobile})`,
      visitorDay: sql<number>`count(*) FILTER (WHERE ${smsCodes.visitorId} = ${visitorId})`,
      ipDay: sql<number>`count(*) FILTER (WHERE ${smsCodes.ip} = ${ip})`,
      lastSentAt: sql<string | null>`max(${smsCodes.createdAt}) FILTER (WHERE ${smsCodes.mobile} = ${mobile})`,
    })
    .from(smsCodes)
    .where(sql`${smsCodes.createdAt} > now() - interval '24 hours'`);
  return {
    recent: Number(row?.recent ?? 0),
    mobileDay: Number(row?.mobileDay ?? 0),
    visitorDay: Number(row?.visitorDay ?? 0),
    ipDay: Number(row?.ipDay ?? 0),
    lastSentAt: row?.lastSentAt ? new Date(row.lastSentAt) : null,
  };
}

/** A new code of its purpose; the number's earlier unused code of that purpose stops working. */
export async function insertSmsCode(db: DbOrTx, values: typeof smsCodes.$inferInsert & { purpose: SmsPurpose }) {
  await db
    .update(smsCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(smsCodes.mobile, values.mobile), eq(smsCodes.purpose, values.purpose), isNull(smsCodes.usedAt)));
  const [row] = await db.insert(smsCodes).values(values).returning({ id: smsCodes.id });
  return row!.id;
}

export async function latestSmsCode(db: DbOrTx, mobile: string, purpose: SmsPurpose) {
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, purpose)))
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  return row;
}

export async function deleteSmsCode(db: DbOrTx, id: string) {
  await db.delete(smsCodes).where(eq(smsCodes.id, id));
}

export async function updateSmsCode(db: DbOrTx, id: string, values: { attempts?: number; usedAt?: Date }) {
  await db.update(smsCodes).set(values).where(eq(smsCodes.id, id));
}

// ---- password failures ----

/** Serialises password tries of one login key until the transaction ends. */
export async function lockLoginKey(db: DbOrTx, loginKey: string) {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${'login:' + loginKey}))`);
}

export async function recentLoginFailures(db: DbOrTx, loginKey: string): Promise<Date[]> {
  const found = await db
    .select({ at: loginFailures.createdAt })
    .from(loginFailures)
    .where(and(eq(loginFailures.loginKey, loginKey), sql`${loginFailures.createdAt} > now() - interval '30 minutes'`))
    .orderBy(desc(loginFailures.createdAt))
    .limit(5);
  return found.map((f) => f.at);
}

export async function recordLoginFailure(db: DbOrTx, loginKey: string) {
  await db.insert(loginFailures).values({ loginKey });
}

export async function clearLoginFailures(db: DbOrTx, loginKey: string) {
  await db.delete(loginFailures).where(eq(loginFailures.loginKey, loginKey));
}

// ---- operator reads (the console's 会员) ----

export interface MemberFilter {
  /** A member id, a full mobile, the last 4 digits of one, or part of a username or nickname. */
  keyword?: string;
  status?: 'active' | 'disabled' | 'cancelling' | 'cancelled';
  registeredFrom?: Date;
  registeredTo?: Date;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function memberWhere(f: MemberFilter): SQL | undefined {
  const parts: SQL[] = [];
  const k = f.keyword;
  if (k) {
    const contains = `%${likeEscape(k)}%`;
    const byName = sql`(${members.username} ILIKE ${contains} OR ${members.nickname} ILIKE ${contains})`;
    if (isUuid(k)) parts.push(eq(members.id, k.toLowerCase()));
    else if (/^\d{11}$/.test(k)) parts.push(sql`(${members.mobile} = ${k} OR ${byName})`);
    else if (/^\d{4}$/.test(k)) parts.push(sql`(${members.mobile} LIKE ${`%${k}`} OR ${byName})`);
    else parts.push(byName);
  }
  if (f.status) parts.push(eq(members.status, f.status));
  if (f.registeredFrom) parts.push(gte(members.createdAt, f.registeredFrom));
  if (f.registeredTo) parts.push(lt(members.createdAt, f.registeredTo));
  return parts.length ? and(...parts) : undefined;
}

/** The columns an operator's member list shows (never a hash), with the latest session activity. */
const memberListColumns = {
  id: members.id,
  username: members.username,
  nickname: members.nickname,
  avatar: members.avatar,
  mobile: members.mobile,
  roles: members.roles,
  status: members.status,
  createdAt: members.createdAt,
  lastActiveAt: sql<string | Date | null>`(SELECT max(s.last_active_at) FROM member_sessions s WHERE s.member_id = "members"."id")`,
};
export type MemberListRow = Pick<MemberRow, 'id' | 'username' | 'nickname' | 'avatar' | 'mobile' | 'roles' | 'status' | 'createdAt'> & {
  /** A timestamp from a subquery: a Date or text depending on the driver. */
  lastActiveAt: string | Date | null;
};

export async function pageMembers(db: DbOrTx, f: MemberFilter, pageNum: number, pageSize: number) {
  const where = memberWhere(f);
  const [{ total }] = (await db.select({ total: sql<number>`count(*)::int` }).from(members).where(where)) as [
    { total: number },
  ];
  const list = (await db
    .select(memberListColumns)
    .from(members)
    .where(where)
    .orderBy(desc(members.createdAt), desc(members.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)) as MemberListRow[];
  return { list, total: Number(total) };
}

/** Moves a member from one status to another; undefined when it was not in `from` (a race, a double click). */
export async function switchMemberStatus(db: DbOrTx, id: string, from: string, to: string) {
  const [row] = await db
    .update(members)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(members.id, id), eq(members.status, from)))
    .returning({ id: members.id });
  return row;
}
