import { and, desc, eq, sql } from 'drizzle-orm';
import { Code, type DistributionProgramme } from '@mall/shared';
import { distributionAccounts, distributionLedger } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../lib/db.ts';
import { AppError } from '../../lib/errors.ts';
import { applyMove, EMPTY_BALANCES, type BalanceMove, type Balances } from './commission-rules.ts';

/**
 * A member's balances in a programme and the ledger that explains them. Every move locks the
 * account row (made on first use), applies the pure rule of commission-rules.ts and writes the new
 * balances and one ledger row with them, inside the caller's transaction: concurrent moves queue on
 * the row, so none reads a balance another is changing and nothing is overdrawn.
 */

export type LedgerRow = typeof distributionLedger.$inferSelect;

const toBalances = (r: typeof distributionAccounts.$inferSelect): Balances => ({
  frozenFen: r.frozenFen,
  availableFen: r.availableFen,
  withdrawingFen: r.withdrawingFen,
  withdrawnFen: r.withdrawnFen,
  owedFen: r.owedFen,
});

async function lockAccount(tx: DbOrTx, memberId: string, programme: DistributionProgramme): Promise<Balances> {
  await tx.insert(distributionAccounts).values({ memberId, programme }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(distributionAccounts)
    .where(and(eq(distributionAccounts.memberId, memberId), eq(distributionAccounts.programme, programme)))
    .for('update');
  return toBalances(row!);
}

export interface MoveRefs {
  commissionId?: number;
  withdrawalId?: number;
  orderNo?: string;
  note?: string;
}

/** One move of an account with its ledger row; a refusal (in Chinese) changes nothing. */
export async function moveBalance(
  tx: DbOrTx,
  memberId: string,
  programme: DistributionProgramme,
  move: BalanceMove,
  refs: MoveRefs = {},
) {
  const before = await lockAccount(tx, memberId, programme);
  const result = applyMove(before, move);
  if ('refused' in result) throw new AppError(Code.BAD_REQUEST, result.refused);
  const b = result.balances;
  await tx
    .update(distributionAccounts)
    .set({ ...b, updatedAt: new Date() })
    .where(and(eq(distributionAccounts.memberId, memberId), eq(distributionAccounts.programme, programme)));
  const [row] = await tx
    .insert(distributionLedger)
    .values({
      memberId,
      programme,
      kind: move.kind,
      amountFen: move.amountFen,
      owedPaidFen: result.owedPaidFen,
      commissionId: refs.commissionId ?? null,
      withdrawalId: refs.withdrawalId ?? null,
      orderNo: refs.orderNo ?? null,
      note: refs.note ?? '',
      frozenAfter: b.frozenFen,
      availableAfter: b.availableFen,
      withdrawingAfter: b.withdrawingFen,
      withdrawnAfter: b.withdrawnFen,
      owedAfter: b.owedFen,
    })
    .returning();
  return { balances: b, ledger: row! };
}

export async function balancesOf(db: DbOrTx, memberId: string, programme: DistributionProgramme): Promise<Balances> {
  const [row] = await db
    .select()
    .from(distributionAccounts)
    .where(and(eq(distributionAccounts.memberId, memberId), eq(distributionAccounts.programme, programme)));
  return row ? toBalances(row) : EMPTY_BALANCES;
}

export async function ledgerPage(
  db: DbOrTx,
  memberId: string,
  programme: DistributionProgramme,
  pageNum: number,
  pageSize: number,
) {
  const where = and(eq(distributionLedger.memberId, memberId), eq(distributionLedger.programme, programme));
  const list = await db
    .select()
    .from(distributionLedger)
    .where(where)
    .orderBy(desc(distributionLedger.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  const [total] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(distributionLedger)
    .where(where);
  return { list, total: total?.n ?? 0 };
}

/** The ledger rows of one commission: its history (earned, settled, taken back). */
export function ledgerOfCommissions(db: DbOrTx, commissionIds: number[]) {
  if (!commissionIds.length) return Promise.resolve([] as LedgerRow[]);
  return db
    .select()
    .from(distributionLedger)
    .where(
      sql`${distributionLedger.commissionId} IN (${sql.join(
        commissionIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    )
    .orderBy(distributionLedger.id);
}
