import { and, eq, inArray, sql } from 'drizzle-orm';
import { OPEN_AFTERSALE_STATUSES, type CancellationBlocker } from '@mall/shared';
import type { DbOrTx } from '../../lib/db.ts';
import { afterSaleImages, afterSales } from '../../db/schema/index.ts';

export async function cancellationBlockers(db: DbOrTx, memberId: string): Promise<CancellationBlocker[]> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(afterSales)
    .where(and(eq(afterSales.memberId, memberId), inArray(afterSales.status, [...OPEN_AFTERSALE_STATUSES])));
  const n = Number(row?.n ?? 0);
  return n > 0
    ? [
        {
          key: 'openAfterSales',
          text: `${n} 笔售后处理中（请等待处理完成或撤销申请）`,
          link: '/user/order/afterSaleOrder',
        },
      ]
    : [];
}

/**
 * 注销账号: after-sales stay with their orders (three years), without the buyer's own words (the
 * description) and evidence pictures' records; the reason is one of the shop's choices and stays.
 * Answers the pictures' stored names, for the caller to remove once the erasure has committed.
 */
export async function eraseMember(tx: DbOrTx, memberId: string): Promise<string[]> {
  await tx.update(afterSales).set({ description: '', updatedAt: new Date() }).where(eq(afterSales.memberId, memberId));
  const pictures = await tx
    .delete(afterSaleImages)
    .where(eq(afterSaleImages.memberId, memberId))
    .returning({ name: afterSaleImages.name });
  return pictures.map((p) => p.name);
}
