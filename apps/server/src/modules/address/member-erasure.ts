import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../lib/db.ts';
import { addresses } from '../../db/schema/index.ts';

/** 注销账号: the address book deleted (orders keep their own snapshot, de-identified by the orders module). */
export async function eraseMember(tx: DbOrTx, memberId: string) {
  await tx.delete(addresses).where(eq(addresses.memberId, memberId));
}
