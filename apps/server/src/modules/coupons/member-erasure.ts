import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../lib/db.ts';
import { memberCoupons } from '../../db/schema/index.ts';

/** 注销账号: every coupon of the member deleted, used or not (an order keeps its discount amount). */
export async function eraseMember(tx: DbOrTx, memberId: string) {
  await tx.delete(memberCoupons).where(eq(memberCoupons.memberId, memberId));
}
