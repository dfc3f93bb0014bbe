import { and, asc, desc, eq, gt, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { HOT, keptStatement, rows, type DbOrTx } from '../../lib/db.ts';
import { couponTemplates, memberCoupons, type CouponTemplateRow, type MemberCouponRow } from '../../db/schema/coupons.ts';

/** SQL of the coupon tables; nothing else touches them. */

export type { CouponTemplateRow, MemberCouponRow };
export type NewTemplate = typeof couponTemplates.$inferInsert;

/** Templates of these channels that are 发放中 and not past their date range, newest first. */
export function liveTemplates(db: DbOrTx, channels: string[]): Promise<CouponTemplateRow[]> {
  return db
    .select()
    .from(couponTemplates)
    .where(
      and(
        inArray(couponTemplates.channel, channels),
        eq(couponTemplates.status, 'ACTIVE'),
        sql`(${couponTemplates.validityType} = 'DAYS' OR ${couponTemplates.validTo} > now())`,
      ),
    )
    .orderBy(desc(couponTemplates.createdAt), desc(couponTemplates.id))
    .limit(200);
}

export async function templateById(db: DbOrTx, id: number): Promise<CouponTemplateRow | undefined> {
  const [row] = await db.select().from(couponTemplates).where(eq(couponTemplates.id, id));
  return row;
}

export async function templatesByIds(db: DbOrTx, ids: number[]): Promise<Map<number, CouponTemplateRow>> {
  if (ids.length === 0) return new Map();
  const found = await db.select().from(couponTemplates).where(inArray(couponTemplates.id, [...new Set(ids)]));
  return new Map(found.map((t) => [t.id, t]));
}

/**
 * Takes one coupon of a template: a conditional update that only succeeds while it is 发放中, of an
 * allowed channel, not past its end and not sold out. It locks the template's row until the
 * transaction ends, so racing claims of one template decide in turn.
 */
export async function takeSlot(tx: DbOrTx, id: number, channels: string[]): Promise<CouponTemplateRow | undefined> {
  const [row] = await tx
    .update(couponTemplates)
    .set({ claimedCount: sql`${couponTemplates.claimedCount} + 1` })
    .where(
      and(
        eq(couponTemplates.id, id),
        eq(couponTemplates.status, 'ACTIVE'),
        inArray(couponTemplates.channel, channels),
        sql`${couponTemplates.claimedCount} < ${couponTemplates.totalQuantity}`,
        sql`(${couponTemplates.validityType} = 'DAYS' OR ${couponTemplates.validTo} > now())`,
      ),
    )
    .returning();
  return row;
}

/** How many coupons of a template a member has ever got (any status: the per-member limit counts them all). */
export async function countOfMember(db: DbOrTx, templateId: number, memberId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberCoupons)
    .where(and(eq(memberCoupons.templateId, templateId), eq(memberCoupons.memberId, memberId)));
  return row?.n ?? 0;
}

export async function countsOfMember(db: DbOrTx, memberId: string, templateIds: number[]): Promise<Map<number, number>> {
  if (templateIds.length === 0) return new Map();
  const found = await db
    .select({ templateId: memberCoupons.templateId, n: sql<number>`count(*)::int` })
    .from(memberCoupons)
    .where(and(eq(memberCoupons.memberId, memberId), inArray(memberCoupons.templateId, templateIds)))
    .groupBy(memberCoupons.templateId);
  return new Map(found.map((r) => [r.templateId, r.n]));
}

export async function insertCoupon(tx: DbOrTx, values: typeof memberCoupons.$inferInsert): Promise<MemberCouponRow> {
  const [row] = await tx.insert(memberCoupons).values(values).returning();
  return row!;
}

/** The tabs' conditions: 未使用 holds unused (and held) coupons still valid; 已过期 the unused past their end. */
export function tabCondition(tab: 'UNUSED' | 'USED' | 'EXPIRED'): SQL {
  if (tab === 'USED') return sql`${memberCoupons.status} = 'USED'`;
  if (tab === 'EXPIRED')
    return sql`(${memberCoupons.status} = 'EXPIRED' OR (${memberCoupons.status} = 'UNUSED' AND ${memberCoupons.validTo} <= now()))`;
  return sql`(${memberCoupons.status} = 'HELD' OR (${memberCoupons.status} = 'UNUSED' AND ${memberCoupons.validTo} > now()))`;
}

export async function memberPage(db: DbOrTx, memberId: string, tab: 'UNUSED' | 'USED' | 'EXPIRED', offset: number, limit: number) {
  const where = and(eq(memberCoupons.memberId, memberId), tabCondition(tab));
  const order =
    tab === 'UNUSED'
      ? [asc(memberCoupons.validTo), desc(memberCoupons.claimedAt)]
      : tab === 'USED'
        ? [desc(memberCoupons.usedAt), desc(memberCoupons.claimedAt)]
        : [desc(memberCoupons.validTo)];
  const list = await db
    .select()
    .from(memberCoupons)
    .where(where)
    .orderBy(...order, asc(memberCoupons.id))
    .offset(offset)
    .limit(limit);
  return list;
}

export async function memberCounts(db: DbOrTx, memberId: string, soonDays: number) {
  const [row] = await rows<{ unused: number; used: number; expired: number; soon: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE ${tabCondition('UNUSED')})::int AS unused,
               count(*) FILTER (WHERE ${tabCondition('USED')})::int AS used,
               count(*) FILTER (WHERE ${tabCondition('EXPIRED')})::int AS expired,
               count(*) FILTER (WHERE ${memberCoupons.status} = 'UNUSED' AND ${memberCoupons.validTo} > now()
                                 AND ${memberCoupons.validTo} <= now() + make_interval(days => ${soonDays}))::int AS soon
        FROM ${memberCoupons} WHERE ${memberCoupons.memberId} = ${memberId}`,
  );
  return row ?? { unused: 0, used: 0, expired: 0, soon: 0 };
}

export async function findOfMember(db: DbOrTx, memberId: string, id: string): Promise<MemberCouponRow | undefined> {
  const [row] = await db
    .select()
    .from(memberCoupons)
    .where(and(eq(memberCoupons.id, id), eq(memberCoupons.memberId, memberId)));
  return row;
}

const unusedRead = keptStatement((db) =>
  db
    .select()
    .from(memberCoupons)
    .where(
      and(eq(memberCoupons.memberId, sql.placeholder('memberId')), eq(memberCoupons.status, 'UNUSED'), gt(memberCoupons.validTo, sql`now()`)),
    )
    .orderBy(asc(memberCoupons.validTo), asc(memberCoupons.id))
    .limit(200)
    .prepare(HOT),
);

/** A member's unused coupons not yet past their end (checkout's candidates). */
export function unusedOfMember(db: DbOrTx, memberId: string): Promise<MemberCouponRow[]> {
  return unusedRead(db).execute({ memberId });
}

/** The coupon an order holds or used. */
export async function findByOrder(db: DbOrTx, orderId: string): Promise<MemberCouponRow | undefined> {
  const [row] = await db.select().from(memberCoupons).where(eq(memberCoupons.orderId, orderId));
  return row;
}

/** One move of the state table: only from the status the caller expects (a race moves it once). */
export async function move(
  tx: DbOrTx,
  id: string,
  from: string,
  set: Partial<typeof memberCoupons.$inferInsert>,
  when?: SQL,
): Promise<MemberCouponRow | undefined> {
  const [row] = await tx
    .update(memberCoupons)
    .set(set)
    .where(and(eq(memberCoupons.id, id), eq(memberCoupons.status, from), when))
    .returning();
  return row;
}

/* ---- the console ---- */

export interface TemplateFilter {
  status?: string;
  channel?: string;
  kind?: string;
  keyword?: string;
}

function templateWhere(f: TemplateFilter) {
  return and(
    f.status ? eq(couponTemplates.status, f.status) : undefined,
    f.channel ? eq(couponTemplates.channel, f.channel) : undefined,
    f.kind ? eq(couponTemplates.kind, f.kind) : undefined,
    f.keyword ? ilike(couponTemplates.name, `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  );
}

export async function templatePage(db: DbOrTx, f: TemplateFilter, offset: number, limit: number) {
  const where = templateWhere(f);
  const [list, [count]] = await Promise.all([
    db.select().from(couponTemplates).where(where).orderBy(desc(couponTemplates.id)).offset(offset).limit(limit),
    db.select({ n: sql<number>`count(*)::int` }).from(couponTemplates).where(where),
  ]);
  return { list, total: count?.n ?? 0 };
}

export interface FigureRow {
  template_id: number;
  unused: number;
  held: number;
  used: number;
  expired: number;
  discount_fen: number;
  order_amount_fen: number;
}

export async function figures(db: DbOrTx, templateIds: number[]): Promise<Map<number, FigureRow>> {
  if (templateIds.length === 0) return new Map();
  const found = await rows<FigureRow>(
    db,
    sql`SELECT template_id,
               count(*) FILTER (WHERE status = 'UNUSED' AND valid_to > now())::int AS unused,
               count(*) FILTER (WHERE status = 'HELD')::int AS held,
               count(*) FILTER (WHERE status = 'USED')::int AS used,
               count(*) FILTER (WHERE status = 'EXPIRED' OR (status = 'UNUSED' AND valid_to <= now()))::int AS expired,
               coalesce(sum(discount_fen) FILTER (WHERE status = 'USED'), 0)::bigint AS discount_fen,
               coalesce(sum(order_amount_fen) FILTER (WHERE status = 'USED'), 0)::bigint AS order_amount_fen
        FROM member_coupons
        WHERE template_id IN (${sql.join(
          templateIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        GROUP BY template_id`,
  );
  return new Map(found.map((r) => [r.template_id, { ...r, discount_fen: Number(r.discount_fen), order_amount_fen: Number(r.order_amount_fen) }]));
}

export async function insertTemplate(db: DbOrTx, values: NewTemplate): Promise<CouponTemplateRow> {
  const [row] = await db.insert(couponTemplates).values(values).returning();
  return row!;
}

/** Updates a template; `when` guards fields that may change only while nobody has claimed it. */
export async function updateTemplate(
  db: DbOrTx,
  id: number,
  values: Partial<NewTemplate>,
  when?: SQL,
): Promise<CouponTemplateRow | undefined> {
  const [row] = await db
    .update(couponTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(couponTemplates.id, id), when))
    .returning();
  return row;
}

export { couponTemplates, memberCoupons };
