import { and, eq, inArray, sql } from 'drizzle-orm';
import { CANCELLED_MARKER, type CancellationBlocker } from '@mall/shared';
import type { DbOrTx } from '../../lib/db.ts';
import { orders } from '../../db/schema/index.ts';
import * as repo from './orders.repo.ts';

/** Orders the member must finish before cancelling the account, by status, with what to do about each. */
const UNFINISHED = {
  PENDING_PAYMENT: { key: 'unpaidOrders', text: (n: number) => `${n} 笔待付款订单（请付款或取消订单）` },
  PENDING_SHIPMENT: { key: 'unshippedOrders', text: (n: number) => `${n} 笔待发货订单（请等待发货并确认收货，或申请退款）` },
  PENDING_RECEIPT: { key: 'unreceivedOrders', text: (n: number) => `${n} 笔待收货订单（请确认收货）` },
} as const;

export async function cancellationBlockers(db: DbOrTx, memberId: string): Promise<CancellationBlocker[]> {
  const counted = await db
    .select({ status: orders.status, count: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.memberId, memberId), inArray(orders.status, Object.keys(UNFINISHED))))
    .groupBy(orders.status);
  const found = new Map(counted.map((r) => [r.status, Number(r.count)]));
  return Object.entries(UNFINISHED).flatMap(([status, b]) => {
    const n = found.get(status) ?? 0;
    return n > 0 ? [{ key: b.key, text: b.text(n), link: '/user/order/myOrder' }] : [];
  });
}

/**
 * 注销账号: orders stay three years (电子商务法) but no longer lead to a person: the receiver's name and
 * address become 已注销, the mobile empty, the district and the real-name snapshot gone, the buyer's
 * remark cleared. Province and city stay (what the shop shipped where, for its accounts).
 */
export async function eraseMember(tx: DbOrTx, memberId: string) {
  await repo.deIdentifyMemberOrders(tx, memberId, CANCELLED_MARKER);
}
