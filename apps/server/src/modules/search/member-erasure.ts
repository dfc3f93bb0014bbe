import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../lib/db.ts';
import { searchKeywords } from '../../db/schema/index.ts';

/** 注销账号: the member's searches deleted (the hot words of the last 7 days lose them too). */
export async function eraseMember(tx: DbOrTx, memberId: string) {
  await tx.delete(searchKeywords).where(eq(searchKeywords.memberId, memberId));
}
