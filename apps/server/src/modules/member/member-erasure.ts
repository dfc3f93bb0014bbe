import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../lib/db.ts';
import { memberConsents, memberDataCopies, memberReauthTickets, memberSecurityCodes } from '../../db/schema/index.ts';

/** 注销账号: the member area's rows of the member (codes, tickets, consent records, data copies), deleted. */
export async function eraseMember(tx: DbOrTx, memberId: string) {
  await tx.delete(memberReauthTickets).where(eq(memberReauthTickets.memberId, memberId));
  await tx.delete(memberSecurityCodes).where(eq(memberSecurityCodes.memberId, memberId));
  await tx.delete(memberConsents).where(eq(memberConsents.memberId, memberId));
  await tx.delete(memberDataCopies).where(eq(memberDataCopies.memberId, memberId));
}
