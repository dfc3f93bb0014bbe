import { asc, eq } from 'drizzle-orm';
import { couponTemplates, memberCoupons } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The member's coupons for their own data copy: which coupon, how it came, its use (amounts in fen). */
export async function exportFor(ctx: AppContext, memberId: string) {
  const list = await ctx.db
    .select({ c: memberCoupons, name: couponTemplates.name })
    .from(memberCoupons)
    .innerJoin(couponTemplates, eq(couponTemplates.id, memberCoupons.templateId))
    .where(eq(memberCoupons.memberId, memberId))
    .orderBy(asc(memberCoupons.claimedAt));
  return list.map(({ c, name }) => ({
    id: c.id,
    name,
    status: c.status,
    source: c.source,
    validFrom: iso(c.validFrom),
    validTo: iso(c.validTo),
    orderNo: c.orderNo,
    discountFen: c.discountFen,
    claimedAt: iso(c.claimedAt),
    usedAt: iso(c.usedAt),
  }));
}
