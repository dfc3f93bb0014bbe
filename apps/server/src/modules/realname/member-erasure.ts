import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../lib/db.ts';
import { memberRealNames } from '../../db/schema/index.ts';

/** 注销账号: every real-name record (name, sealed ID number) deleted; orders keep no number, only a masked one. */
export async function eraseMember(tx: DbOrTx, memberId: string) {
  await tx.delete(memberRealNames).where(eq(memberRealNames.memberId, memberId));
}
