import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../lib/db.ts';
import { cartItems } from '../../db/schema/index.ts';

/** 注销账号: the cart emptied. */
export async function eraseMember(tx: DbOrTx, memberId: string) {
  await tx.delete(cartItems).where(eq(cartItems.memberId, memberId));
}
