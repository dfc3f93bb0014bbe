import { and, eq, or, sql } from 'drizzle-orm';
import { CANCELLED_MARKER, formatFen, type CancellationBlocker } from '@mall/shared';
import type { DbOrTx } from '../../lib/db.ts';
import {
  distributionAccounts,
  distributionApplications,
  distributionBindings,
  distributionLedger,
  distributionVisits,
  distributors,
  withdrawals,
} from '../../db/schema/index.ts';

/** Money still coming to the member (frozen or available) and withdrawals not yet paid or refused. */
export async function cancellationBlockers(db: DbOrTx, memberId: string): Promise<CancellationBlocker[]> {
  const [money] = await db
    .select({ fen: sql<number>`coalesce(sum(${distributionAccounts.frozenFen} + ${distributionAccounts.availableFen}), 0)::bigint` })
    .from(distributionAccounts)
    .where(eq(distributionAccounts.memberId, memberId));
  const [pending] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(withdrawals)
    .where(and(eq(withdrawals.memberId, memberId), eq(withdrawals.status, 'PENDING')));
  const fen = Number(money?.fen ?? 0);
  const n = Number(pending?.n ?? 0);
  const blockers: CancellationBlocker[] = [];
  if (fen > 0) {
    blockers.push({
      key: 'distributionBalance',
      text: `分销/推广收入 ${formatFen(fen)} 尚未提现（待结算的请等待结算后提现）`,
      link: '/user/distribution/distributionIncome',
    });
  }
  if (n > 0) blockers.push({ key: 'withdrawals', text: `${n} 笔提现审核中（请等待到账）`, link: '/user/distribution/distributionIncome' });
  return blockers;
}

/**
 * 注销账号: the member leaves both programmes: membership, applications (name, masked ID, mobile), the
 * buyers bound to them and their own binding, share-link visits, the balance ledger (all zero by now)
 * deleted. Commissions and paid withdrawals stay for the shop's accounts, the payee's name and account
 * replaced by 已注销.
 */
export async function eraseMember(tx: DbOrTx, memberId: string) {
  await tx.delete(distributors).where(eq(distributors.memberId, memberId));
  await tx.delete(distributionApplications).where(eq(distributionApplications.memberId, memberId));
  await tx
    .delete(distributionBindings)
    .where(or(eq(distributionBindings.buyerId, memberId), eq(distributionBindings.sharerId, memberId)));
  await tx.delete(distributionVisits).where(eq(distributionVisits.sharerId, memberId));
  await tx.delete(distributionLedger).where(eq(distributionLedger.memberId, memberId));
  await tx.delete(distributionAccounts).where(eq(distributionAccounts.memberId, memberId));
  await tx
    .update(withdrawals)
    .set({ accountName: CANCELLED_MARKER, bankName: null, accountCipher: '', accountMasked: CANCELLED_MARKER })
    .where(eq(withdrawals.memberId, memberId));
}
