import {
  formatFen,
  maskName,
  type DistributionAfterSale,
  type DistributionPage,
  type DistributionProgramme,
} from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import { memberDisplayNames } from '../accounts/accounts.service.ts';
import { afterSalesOfItems, type ItemAfterSale } from '../aftersale/aftersale.service.ts';
import { reversalFor } from './commission-rules.ts';
import { requireActive } from './income.ts';
import * as views from './member-views.repo.ts';

/**
 * The member's 售后 screen: the buyers' after-sale requests on the order lines that earned this member
 * commission in a programme, newest first, the buyer masked, each with what it did to the commission.
 * The requests are read through the after-sale module; only lines of this member's own commissions are
 * asked for, so nobody reads another's.
 */

/**
 * What each completed refund of a line took back, replayed as reverseForRefund took it: on the running
 * refunded total in the order the refunds completed, so the parts add up to the line's reversal.
 */
export function reversalsOfLine(
  line: { commissionFen: number; paidFen: number },
  completed: { afterSaleNo: string; refundFen: number; at: Date }[],
): Map<string, number> {
  const out = new Map<string, number>();
  let refunded = 0;
  let reversed = 0;
  for (const r of [...completed].sort(
    (a, b) => a.at.getTime() - b.at.getTime() || a.afterSaleNo.localeCompare(b.afterSaleNo),
  )) {
    refunded += r.refundFen;
    const back = reversalFor(line.commissionFen, line.paidFen, refunded, reversed);
    reversed += back;
    out.set(r.afterSaleNo, back);
  }
  return out;
}

/** How a request reads against the commission: taken back, to be taken back, or none of it. */
export function effectText(a: { status: string; open: boolean }, reversedFen: number): string {
  if (a.status === 'COMPLETED')
    return reversedFen > 0 ? `佣金已扣回 ${formatFen(reversedFen)}` : '退款金额较小，佣金未扣回';
  if (a.open) return '退款完成后将扣回相应佣金';
  return '未退款，不影响佣金';
}

export async function memberAfterSales(
  ctx: AppContext,
  memberId: string,
  q: { programme: DistributionProgramme; pageNum: number; pageSize: number },
): Promise<DistributionPage<DistributionAfterSale>> {
  await requireActive(ctx.db, memberId, q.programme);
  const lines = new Map((await views.earnedLines(ctx.db, memberId, q.programme)).map((l) => [l.orderItemId, l]));
  const empty = { list: [], total: 0, pageNum: q.pageNum, pageSize: q.pageSize };
  if (!lines.size) return empty;
  const { list, total } = await afterSalesOfItems(ctx.db, [...lines.keys()], q);
  if (!list.length) return { ...empty, total };

  // A line refunded more than once: its other requests tell what this one took back.
  const refundedItems = [...new Set(list.filter((a) => a.status === 'COMPLETED').map((a) => a.orderItemId))];
  const completed = refundedItems.length
    ? (await afterSalesOfItems(ctx.db, refundedItems)).list.filter((a) => a.status === 'COMPLETED')
    : [];
  const reversed = new Map<string, number>();
  for (const itemId of refundedItems) {
    const mine = completed.filter((a) => a.orderItemId === itemId);
    const parts = reversalsOfLine(
      lines.get(itemId)!,
      mine.map((a) => ({ afterSaleNo: a.afterSaleNo, refundFen: a.refundFen, at: a.updatedAt })),
    );
    for (const [no, fen] of parts) reversed.set(no, fen);
  }
  const names = await memberDisplayNames(
    ctx.db,
    list.map((a) => a.buyerId),
  );
  return {
    list: list.map((a) => present(a, lines.get(a.orderItemId)!.commissionFen, reversed.get(a.afterSaleNo) ?? 0, names)),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

function present(
  a: ItemAfterSale,
  commissionFen: number,
  reversedFen: number,
  names: Map<string, { name: string }>,
): DistributionAfterSale {
  return {
    afterSaleNo: a.afterSaleNo,
    orderNo: a.orderNo,
    buyerName: maskName(names.get(a.buyerId)?.name ?? '会员'),
    goodsName: a.goodsName,
    specText: a.specText,
    image: a.image,
    status: a.status,
    statusText: a.statusText,
    refundFen: a.refundFen,
    createdAt: a.createdAt.toISOString(),
    commissionFen,
    reversedFen,
    effectText: effectText(a, reversedFen),
  };
}
