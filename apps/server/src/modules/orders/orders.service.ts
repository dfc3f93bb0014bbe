import { and, eq, inArray, sql } from 'drizzle-orm';
import { Code, PAYMENT_METHOD_NAMES } from '@mall/shared';
import { orderItems, orders } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTx } from '../../lib/db.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { addMany } from '../cart/cart.service.ts';
import { returnStock } from '../inventory/inventory.service.ts';
import { getSetting } from '../site/site.service.ts';
import { ORDER_STATUS, nextStatus, type OrderStatus } from './order-states.ts';
import { presentOpsOrder, presentOrderDetail, presentOrderSummary, type ActionContext } from './orders.presenter.ts';
import * as repo from './orders.repo.ts';
import { recordEvent, type OrderActor } from './orders.repo.ts';

/* ---- The door the payments/after-sales domain uses (trade contract). ---- */

export interface OrderForPayment {
  id: string;
  orderNo: string;
  memberId: string;
  status: string;
  payableAmount: number;
  payDeadline: Date;
}

export async function findOrderForPayment(db: DbOrTx, orderNo: string): Promise<OrderForPayment | undefined> {
  const [row] = await db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      memberId: orders.memberId,
      status: orders.status,
      payableAmount: orders.payableAmount,
      payDeadline: orders.payDeadline,
    })
    .from(orders)
    .where(eq(orders.orderNo, orderNo));
  return row;
}

/**
 * Marks an unpaid order paid. One conditional UPDATE: only the call that finds the order still
 * 待付款 with exactly this payable amount changes it, so duplicate or concurrent notifications
 * mark it paid once. Returns true only for that call.
 */
export async function markOrderPaid(
  tx: DbOrTx,
  p: { orderId: string; amountFen: number; paymentMethod: string },
): Promise<boolean> {
  const to = nextStatus('pay', 'PENDING_PAYMENT');
  const now = new Date();
  const [row] = await tx
    .update(orders)
    .set({ status: to, paidAmount: p.amountFen, paidAt: now, paymentMethod: p.paymentMethod, updatedAt: now })
    .where(and(eq(orders.id, p.orderId), eq(orders.status, 'PENDING_PAYMENT'), eq(orders.payableAmount, p.amountFen)))
    .returning({ id: orders.id });
  if (!row) return false;
  await recordEvent(tx, {
    orderId: row.id,
    type: 'pay',
    fromStatus: 'PENDING_PAYMENT',
    toStatus: to,
    actor: 'payment',
    note: PAYMENT_METHOD_NAMES[p.paymentMethod] ?? p.paymentMethod,
  });
  return true;
}

export interface OrderItemForAfterSale {
  id: string;
  orderId: string;
  orderNo: string;
  memberId: string;
  goodsId: number;
  skuId: number;
  name: string;
  image: string | null;
  specText: string;
  unitPrice: number;
  quantity: number;
  goodsAmount: number;
  discountAmount: number;
  /** The refundable cap of this line (its share of what was paid, freight included). */
  paidShare: number;
  orderStatus: string;
  paidAt: Date | null;
  completedAt: Date | null;
}

/** An order line of this member with its order's state; another member's line → undefined. */
export async function findOrderItemForAfterSale(
  db: DbOrTx,
  memberId: string,
  orderItemId: string,
): Promise<OrderItemForAfterSale | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(orderItemId)) return undefined;
  const [row] = await db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      orderNo: orders.orderNo,
      memberId: orders.memberId,
      goodsId: orderItems.goodsId,
      skuId: orderItems.skuId,
      name: orderItems.name,
      image: orderItems.image,
      specText: orderItems.specText,
      unitPrice: orderItems.unitPrice,
      quantity: orderItems.quantity,
      goodsAmount: orderItems.goodsAmount,
      discountAmount: orderItems.discountAmount,
      paidShare: orderItems.paidShare,
      orderStatus: orders.status,
      paidAt: orders.paidAt,
      completedAt: orders.completedAt,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, orderItemId), eq(orders.memberId, memberId)));
  return row;
}

/* ---- Buyer side ---- */

async function actionContext(ctx: AppContext): Promise<ActionContext> {
  const days = await getSetting<number>(ctx, 'afterSaleDays', 7);
  return { now: new Date(), afterSaleDays: Number.isInteger(days) && days >= 0 ? days : 7 };
}

export async function listOrders(
  ctx: AppContext,
  memberId: string,
  q: { status?: string; keyword?: string; pageNum: number; pageSize: number },
) {
  const status = q.status && q.status !== 'ALL' ? q.status : undefined;
  const { list, total } = await repo.pageOrders(
    ctx.db,
    { memberId, status, keyword: q.keyword || undefined },
    q.pageNum,
    q.pageSize,
  );
  const items = await repo.itemsOf(
    ctx.db,
    list.map((o) => o.id),
  );
  const at = await actionContext(ctx);
  return {
    list: list.map((o) => presentOrderSummary(o, items.get(o.id) ?? [], at)),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    counts: await repo.countByStatus(ctx.db, memberId),
  };
}

export async function orderCounts(ctx: AppContext, memberId: string) {
  const counts = await repo.countByStatus(ctx.db, memberId);
  return {
    counts,
    tabs: [
      { status: 'ALL', name: '全部订单', count: counts.ALL ?? 0 },
      ...Object.entries(ORDER_STATUS).map(([status, name]) => ({ status, name, count: counts[status] ?? 0 })),
    ],
  };
}

/** The member's own order (not one they deleted); anything else answers 订单不存在. */
async function ownOrder(db: DbOrTx, memberId: string, orderNo: string) {
  const order = await repo.findByOrderNo(db, orderNo, memberId);
  if (!order || order.deletedByBuyer) throw notFound('订单不存在');
  return order;
}

export async function orderDetail(ctx: AppContext, memberId: string, orderNo: string) {
  const order = await ownOrder(ctx.db, memberId, orderNo);
  const items = await repo.itemsOf(ctx.db, [order.id]);
  const events = await repo.eventsOf(ctx.db, order.id);
  return {
    ...presentOrderDetail(order, items.get(order.id) ?? [], events, await actionContext(ctx)),
    realName: order.realName ?? null,
  };
}

/**
 * Cancels an unpaid order and gives its stock back, in the caller's transaction. The conditional
 * UPDATE makes it happen once however many buyers' clicks, sweepers or servers race for it, and
 * it excludes a payment arriving at the same moment (that one also needs 待付款).
 */
export async function cancelUnpaid(tx: DbOrTx, orderId: string, actor: OrderActor, reason: string): Promise<boolean> {
  const to = nextStatus('cancel', 'PENDING_PAYMENT');
  const now = new Date();
  const [row] = await tx
    .update(orders)
    .set({ status: to, cancelledAt: now, cancelReason: reason, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'PENDING_PAYMENT')))
    .returning({ id: orders.id });
  if (!row) return false;
  const items = await tx
    .select({ skuId: orderItems.skuId, goodsId: orderItems.goodsId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  await returnStock(tx, items);
  await recordEvent(tx, { orderId, type: 'cancel', fromStatus: 'PENDING_PAYMENT', toStatus: to, actor, note: reason });
  return true;
}

/** Moves a shipped order to 已完成 (buyer's confirmation or the automatic one), once. */
export async function completeReceipt(tx: DbOrTx, orderId: string, actor: OrderActor, note: string): Promise<boolean> {
  const to = nextStatus('confirmReceipt', 'PENDING_RECEIPT');
  const now = new Date();
  const [row] = await tx
    .update(orders)
    .set({ status: to, completedAt: now, updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'PENDING_RECEIPT')))
    .returning({ id: orders.id });
  if (!row) return false;
  await recordEvent(tx, { orderId, type: 'confirmReceipt', fromStatus: 'PENDING_RECEIPT', toStatus: to, actor, note });
  return true;
}

/** Refuses with the state table's Chinese message when the order changed under the buyer. */
async function refuseStale(db: DbOrTx, orderId: string, action: 'cancel' | 'confirmReceipt' | 'ship') {
  const [now] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  nextStatus(action, now?.status ?? 'UNKNOWN');
}

export async function cancelByBuyer(ctx: AppContext, memberId: string, orderNo: string, reason?: string) {
  const order = await ownOrder(ctx.db, memberId, orderNo);
  nextStatus('cancel', order.status);
  const done = await ctx.db.transaction((tx) =>
    cancelUnpaid(tx, order.id, 'buyer', reason ? `买家取消：${reason}` : '买家取消订单'),
  );
  if (!done) await refuseStale(ctx.db, order.id, 'cancel');
  return orderDetail(ctx, memberId, orderNo);
}

export async function confirmByBuyer(ctx: AppContext, memberId: string, orderNo: string) {
  const order = await ownOrder(ctx.db, memberId, orderNo);
  nextStatus('confirmReceipt', order.status);
  const done = await ctx.db.transaction((tx) => completeReceipt(tx, order.id, 'buyer', '买家确认收货'));
  if (!done) await refuseStale(ctx.db, order.id, 'confirmReceipt');
  return orderDetail(ctx, memberId, orderNo);
}

const DELETABLE: OrderStatus[] = ['COMPLETED', 'CANCELLED'];

/** Hides a finished or cancelled order from the buyer's list (the record stays for the shop). */
export async function deleteByBuyer(ctx: AppContext, memberId: string, orderNo: string) {
  const order = await ownOrder(ctx.db, memberId, orderNo);
  const refuse = () =>
    new AppError(
      Code.ORDER_STATE,
      `订单${ORDER_STATUS[order.status as OrderStatus] ?? ''}，只有已完成或已取消的订单可以删除`,
    );
  if (!DELETABLE.includes(order.status as OrderStatus)) throw refuse();
  const [row] = await ctx.db
    .update(orders)
    .set({ deletedByBuyer: true, updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), inArray(orders.status, DELETABLE), eq(orders.deletedByBuyer, false)))
    .returning({ id: orders.id });
  if (!row) throw refuse();
}

/** Puts the order's goods back into the cart; lines that cannot be bought now are reported. */
export async function buyAgain(ctx: AppContext, memberId: string, orderNo: string) {
  const order = await ownOrder(ctx.db, memberId, orderNo);
  const items = (await repo.itemsOf(ctx.db, [order.id])).get(order.id) ?? [];
  const result = await addMany(
    ctx.db,
    memberId,
    items.map((i) => ({ skuId: i.skuId, quantity: i.quantity })),
  );
  const name = (skuId: number) => items.find((i) => i.skuId === skuId)?.name ?? '';
  return {
    added: result.added.length,
    skipped: result.skipped.map((s) => ({ skuId: s.skuId, name: name(s.skuId), reason: s.reason })),
  };
}

/* ---- Sweeper ---- */

/** Claims up to `limit` due rows: locked for this transaction, skipped by any other sweeper. */
export async function claimDue(tx: DbOrTx, kind: 'unpaid' | 'unreceived', autoReceiveDays: number, limit: number) {
  const due =
    kind === 'unpaid'
      ? sql`status = 'PENDING_PAYMENT' AND pay_deadline <= now()`
      : sql`status = 'PENDING_RECEIPT' AND shipped_at <= now() - make_interval(days => ${autoReceiveDays})`;
  const result = (await tx.execute(
    sql`SELECT id FROM orders WHERE ${due} ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
  )) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

/* ---- Operators ---- */

export async function opsListOrders(
  ctx: AppContext,
  q: { status?: string; keyword?: string; pageNum: number; pageSize: number },
) {
  const status = q.status && q.status !== 'ALL' ? q.status : undefined;
  const { list, total } = await repo.pageOrders(
    ctx.db,
    { status, keyword: q.keyword || undefined, includeDeleted: true },
    q.pageNum,
    q.pageSize,
  );
  const items = await repo.itemsOf(
    ctx.db,
    list.map((o) => o.id),
  );
  return {
    list: list.map((o) => presentOpsOrder(o, items.get(o.id) ?? [])),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

export async function opsOrderDetail(ctx: AppContext, orderNo: string) {
  const order = await repo.findByOrderNo(ctx.db, orderNo);
  if (!order) throw notFound('订单不存在');
  const items = await repo.itemsOf(ctx.db, [order.id]);
  const events = await repo.eventsOf(ctx.db, order.id);
  return {
    ...presentOpsOrder(order, items.get(order.id) ?? []),
    timeline: events.map((e) => ({ type: e.type, actor: e.actor, note: e.note, at: e.createdAt.toISOString() })),
  };
}

/** 待发货 → 待收货 with the carrier and tracking number, once. */
export async function shipOrder(ctx: AppContext, p: { orderNo: string; company: string; trackingNo: string }) {
  const order = await repo.findByOrderNo(ctx.db, p.orderNo);
  if (!order) throw notFound('订单不存在');
  const to = nextStatus('ship', order.status);
  const done = await ctx.db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(orders)
      .set({ status: to, logisticsCompany: p.company, trackingNo: p.trackingNo, shippedAt: now, updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'PENDING_SHIPMENT')))
      .returning({ id: orders.id });
    if (!row) return false;
    await recordEvent(tx, {
      orderId: order.id,
      type: 'ship',
      fromStatus: order.status,
      toStatus: to,
      actor: 'ops',
      note: `${p.company} ${p.trackingNo}`,
    });
    return true;
  });
  if (!done) await refuseStale(ctx.db, order.id, 'ship');
  return opsOrderDetail(ctx, p.orderNo);
}
