import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../lib/db.ts';
import { paymentNotifications, payments } from '../../db/schema/index.ts';

export type PaymentRow = typeof payments.$inferSelect;

export async function insertAttempt(
  db: DbOrTx,
  v: { orderId: string; orderNo: string; memberId: string; provider: string; amount: number },
): Promise<PaymentRow> {
  const [row] = await db
    .insert(payments)
    .values({ ...v, status: 'CREATED' })
    .returning();
  return row!;
}

/**
 * Settles the latest open attempt of this order with the provider's trade number, or records the
 * payment when the buyer paid through a link with no attempt left open. The unique index on
 * (order_id) WHERE status = 'SUCCESS' is the database's own guard against a second payment.
 */
export async function settleAttempt(
  tx: DbOrTx,
  v: { orderId: string; orderNo: string; memberId: string; provider: string; amount: number; tradeNo: string },
): Promise<void> {
  const updated = await rows<{ id: string }>(
    tx,
    sql`UPDATE payments SET status = 'SUCCESS', trade_no = ${v.tradeNo}, amount = ${v.amount}, paid_at = now(), updated_at = now()
        WHERE id = (SELECT id FROM payments WHERE order_id = ${v.orderId} AND provider = ${v.provider} AND status = 'CREATED'
                    ORDER BY created_at DESC LIMIT 1)
        RETURNING id`,
  );
  if (updated.length) return;
  await tx.insert(payments).values({ ...v, status: 'SUCCESS', paidAt: new Date() });
}

/**
 * Money arrived that the order cannot take (cancelled, or already paid by another trade):
 * recorded once per trade number and left for an operator to refund.
 */
export async function recordRefundRequired(
  tx: DbOrTx,
  v: {
    orderId: string;
    orderNo: string;
    memberId: string;
    provider: string;
    amount: number;
    tradeNo: string;
    note: string;
  },
): Promise<boolean> {
  const inserted = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO payments (order_id, order_no, member_id, provider, amount, status, trade_no, paid_at, note)
        VALUES (${v.orderId}, ${v.orderNo}, ${v.memberId}, ${v.provider}, ${v.amount}, 'REFUND_REQUIRED', ${v.tradeNo}, now(), ${v.note})
        ON CONFLICT (provider, trade_no) WHERE trade_no IS NOT NULL DO NOTHING
        RETURNING id`,
  );
  return inserted.length > 0;
}

/**
 * The open attempts, at these providers, of unpaid orders past their pay deadline: what the sweeper
 * asks the providers about before it cancels them. One row per order and provider.
 */
export async function openAttemptsOfDueOrders(
  db: DbOrTx,
  providers: string[],
  limit: number,
): Promise<{ orderNo: string; provider: string }[]> {
  return rows<{ orderNo: string; provider: string }>(
    db,
    sql`SELECT DISTINCT p.order_no AS "orderNo", p.provider
        FROM payments p JOIN orders o ON o.id = p.order_id
        WHERE o.status = 'PENDING_PAYMENT' AND o.pay_deadline <= now() AND p.status = 'CREATED'
          AND p.provider IN (${sql.join(
            providers.map((p) => sql`${p}`),
            sql`, `,
          )})
        ORDER BY p.order_no LIMIT ${limit}`,
  );
}

export async function findByTradeNo(db: DbOrTx, provider: string, tradeNo: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.tradeNo, tradeNo)));
  return row;
}

export async function successfulPayment(db: DbOrTx, orderId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'SUCCESS')));
  return row;
}

export async function listRefundRequired(db: DbOrTx): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.status, 'REFUND_REQUIRED'))
    .orderBy(desc(payments.createdAt))
    .limit(200);
}

export async function logNotification(
  db: DbOrTx,
  v: {
    provider: string;
    orderNo?: string;
    tradeNo?: string;
    verified: boolean;
    outcome: string;
    params: Record<string, string>;
  },
) {
  await db.insert(paymentNotifications).values({
    provider: v.provider.slice(0, 32),
    orderNo: v.orderNo?.slice(0, 64) ?? null,
    tradeNo: v.tradeNo?.slice(0, 64) ?? null,
    verified: v.verified,
    outcome: v.outcome,
    params: v.verified ? v.params : refusedParams(v.params),
  });
}

/** The Alipay keys worth keeping of a refused notification, most telling first. */
const REFUSED_KEYS = [
  'out_trade_no',
  'trade_no',
  'trade_status',
  'total_amount',
  'notify_id',
  'notify_type',
  'notify_time',
  'app_id',
  'seller_id',
  'sign_type',
  'charset',
  'version',
];
const REFUSED_VALUE_MAX = 64;
export const REFUSED_PARAMS_MAX_BYTES = 512;

/**
 * What is kept of a notification that was refused before its signature was trusted: anyone can
 * post one, as big as the body limit, so only the known keys are kept, each cut to 64 characters,
 * at most 512 bytes in all, with a note of how much arrived. A verified one keeps its parameters.
 */
export function refusedParams(params: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  let bytes = 0;
  for (const key of REFUSED_KEYS) {
    const value = params[key];
    if (typeof value !== 'string') continue;
    const cut = [...value].slice(0, REFUSED_VALUE_MAX).join('');
    const size = Buffer.byteLength(key) + Buffer.byteLength(cut);
    if (bytes + size > REFUSED_PARAMS_MAX_BYTES - 64) break; // room left for the note below
    kept[key] = cut;
    bytes += size;
  }
  const received = Object.entries(params);
  const receivedBytes = received.reduce((n, [k, val]) => n + Buffer.byteLength(k) + Buffer.byteLength(val), 0);
  kept._received = `${received.length} keys, ${receivedBytes} bytes`;
  return kept;
}

/* ---- The console: payments of an order, and refunds made by hand ---- */

export async function paymentsOfOrder(db: DbOrTx, orderId: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.createdAt));
}

export async function findPayment(db: DbOrTx, id: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/** Payments that need (REFUND_REQUIRED) or had (REFUNDED) a refund by hand; oldest waiting first, latest refunded first. */
export async function pageManualRefunds(
  db: DbOrTx,
  status: 'REFUND_REQUIRED' | 'REFUNDED',
  pageNum: number,
  pageSize: number,
): Promise<{ list: PaymentRow[]; total: number }> {
  const where = eq(payments.status, status);
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(payments)
    .where(where);
  const list = await db
    .select()
    .from(payments)
    .where(where)
    .orderBy(status === 'REFUND_REQUIRED' ? asc(payments.createdAt) : desc(payments.refundedAt), asc(payments.id))
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize);
  return { list, total: count?.total ?? 0 };
}

/** REFUND_REQUIRED → REFUNDED with who, when and how; only the first call finds it waiting. */
export async function markRefundedByHand(
  db: DbOrTx,
  id: string,
  v: { byId: string | null; by: string; note: string },
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({
      status: 'REFUNDED',
      refundedAt: new Date(),
      refundedById: v.byId,
      refundedBy: v.by,
      refundNote: v.note,
      updatedAt: new Date(),
    })
    .where(and(eq(payments.id, id), eq(payments.status, 'REFUND_REQUIRED')))
    .returning();
  return row;
}

/** How many payments are in each state (for /metrics). */
export function countByStatus(db: DbOrTx): Promise<{ status: string; count: number }[]> {
  return rows<{ status: string; count: number }>(
    db,
    sql`SELECT status, count(*)::int AS count FROM ${payments} GROUP BY status ORDER BY status`,
  );
}
