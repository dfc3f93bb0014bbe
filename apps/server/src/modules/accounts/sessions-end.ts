import type { DbOrTx } from '../../lib/db.ts';
import { revokeMemberSessions } from './accounts.repo.ts';
import { publishSessionsEnded } from './member-moments.ts';

/**
 * Ends a member's sessions (all, or all but `keepSessionId`) in the caller's transaction and says so to
 * the subscribers: the console sessions of the member's store end with them (flows/subscribers).
 */
export async function endMemberSessions(tx: DbOrTx, memberId: string, keepSessionId?: string): Promise<number> {
  const ended = await revokeMemberSessions(tx, memberId, keepSessionId);
  await publishSessionsEnded(tx, memberId);
  return ended;
}
