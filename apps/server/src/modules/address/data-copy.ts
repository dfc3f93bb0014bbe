import { asc, eq } from 'drizzle-orm';
import { addresses } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';

/** The member's address book for their own data copy. */
export async function exportFor(ctx: AppContext, memberId: string) {
  const list = await ctx.db.select().from(addresses).where(eq(addresses.memberId, memberId)).orderBy(asc(addresses.createdAt));
  return list.map((a) => ({
    id: a.id,
    receiverName: a.receiverName,
    mobile: a.mobile,
    province: a.provinceName,
    city: a.cityName,
    district: a.districtName,
    detail: a.detail,
    isDefault: a.isDefault,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  }));
}
