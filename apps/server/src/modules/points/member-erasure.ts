import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../lib/db.ts';
import {
  pointsAccounts,
  pointsLedger,
  pointsMallRedemptions,
  pointsOrderEarnings,
  pointsOrderSpends,
  pointsSignDays,
  pointsTaskCompletions,
} from '../../db/schema/index.ts';

/** 注销账号: the points account, its ledger, sign-ins, tasks and the points tied to orders deleted (unused points are forfeited). */
export async function eraseMember(tx: DbOrTx, memberId: string) {
  await tx.delete(pointsLedger).where(eq(pointsLedger.memberId, memberId));
  await tx.delete(pointsSignDays).where(eq(pointsSignDays.memberId, memberId));
  await tx.delete(pointsTaskCompletions).where(eq(pointsTaskCompletions.memberId, memberId));
  await tx.delete(pointsOrderEarnings).where(eq(pointsOrderEarnings.memberId, memberId));
  await tx.delete(pointsOrderSpends).where(eq(pointsOrderSpends.memberId, memberId));
  await tx.delete(pointsMallRedemptions).where(eq(pointsMallRedemptions.memberId, memberId));
  await tx.delete(pointsAccounts).where(eq(pointsAccounts.memberId, memberId));
}
