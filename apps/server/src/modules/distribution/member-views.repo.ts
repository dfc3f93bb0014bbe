import { and, asc, eq, sql } from 'drizzle-orm';
import type { DistributionProgramme } from '@mall/shared';
import { commissions, distributionSkus } from '../../db/schema/index.ts';
import { rows, type DbOrTx } from '../../lib/db.ts';

/**
 * SQL behind the member's 分销商品, 售后 and 团队 screens, over the module's own tables (migrations
 * 0080–0082): a programme's distribution SKUs, the order lines a member earned on, and the 推广 team.
 */

/** Every distribution SKU of a programme with its rule (a programme holds tens to hundreds of goods). */
export function programmeSkus(db: DbOrTx, programme: DistributionProgramme) {
  return db
    .select()
    .from(distributionSkus)
    .where(eq(distributionSkus.programme, programme))
    .orderBy(asc(distributionSkus.goodsId), asc(distributionSkus.skuId));
}

/**
 * The order lines a member earned commission on in a programme, with what each earned and paid: one
 * row per line, as a member holds one tier of a line (the direct earner's inviter is never themselves).
 */
export function earnedLines(db: DbOrTx, earnerId: string, programme: DistributionProgramme) {
  return db
    .select({
      orderItemId: commissions.orderItemId,
      paidFen: commissions.paidFen,
      commissionFen: commissions.commissionFen,
    })
    .from(commissions)
    .where(and(eq(commissions.earnerId, earnerId), eq(commissions.programme, programme)));
}

/* ---- the 推广 team ---- */

/**
 * Who a 推广 member's upline is: the inviter named when they joined as a promoter, else the sharer they
 * are bound to for ever through a shared link. One upline per member, so the team is a tree and nobody
 * appears twice. `uplines` is a SQL expression yielding the upline ids looked for.
 */
function membersUnder(uplines: ReturnType<typeof sql>) {
  return sql`
    SELECT d.member_id, d.created_at AS joined_at FROM distributors d
     WHERE d.programme = 'PROMOTER' AND d.inviter_id IN (${uplines})
    UNION ALL
    SELECT b.buyer_id, b.bound_at FROM distribution_bindings b
     WHERE b.programme = 'PROMOTER' AND b.permanent AND b.sharer_id IN (${uplines})
       AND NOT EXISTS (SELECT 1 FROM distributors i
                        WHERE i.member_id = b.buyer_id AND i.programme = 'PROMOTER' AND i.inviter_id IS NOT NULL)`;
}

function teamCte(memberId: string) {
  return sql`WITH direct AS (${membersUnder(sql`${memberId}::uuid`)}),
    indirect AS (SELECT * FROM (${membersUnder(sql`SELECT member_id FROM direct`)}) x WHERE x.member_id <> ${memberId}::uuid),
    team AS (SELECT member_id, 'DIRECT' AS tier, joined_at FROM direct
             UNION ALL SELECT member_id, 'INDIRECT' AS tier, joined_at FROM indirect)`;
}

export interface TeamRow {
  member_id: string;
  tier: 'DIRECT' | 'INDIRECT';
  joined_at: Date | string;
  /** An active 推广 member themselves (else shown as 会员). */
  active_promoter: boolean;
}

export async function teamCounts(db: DbOrTx, memberId: string) {
  const [row] = await rows<{ direct: number; indirect: number }>(
    db,
    sql`${teamCte(memberId)}
        SELECT count(*) FILTER (WHERE tier = 'DIRECT')::int AS direct,
               count(*) FILTER (WHERE tier = 'INDIRECT')::int AS indirect FROM team`,
  );
  return { direct: row?.direct ?? 0, indirect: row?.indirect ?? 0 };
}

/** A page of a member's team, the latest to join first. */
export function teamPage(
  db: DbOrTx,
  memberId: string,
  tier: 'DIRECT' | 'INDIRECT' | undefined,
  pageNum: number,
  pageSize: number,
) {
  return rows<TeamRow>(
    db,
    sql`${teamCte(memberId)}
        SELECT member_id, tier, joined_at,
               EXISTS (SELECT 1 FROM distributors a WHERE a.member_id = team.member_id
                          AND a.programme = 'PROMOTER' AND a.status = 'ACTIVE') AS active_promoter
          FROM team ${tier ? sql`WHERE tier = ${tier}` : sql``}
        ORDER BY joined_at DESC, member_id LIMIT ${pageSize} OFFSET ${(pageNum - 1) * pageSize}`,
  );
}
