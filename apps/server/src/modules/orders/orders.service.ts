import { eq, sql } from 'drizzle-orm';
import {
  AFTERSALE_ORDER_STATUSES,
  Code,
  DELETABLE_ORDER_STATUSES,
  ORDER_STATES,
  ORDER_TABS,
  PAYMENT_METHOD_NAMES,
  orderStatusName,
  type OrderDetail,
  type OrderPage,
  type ConsoleOrderPage,
  type OrderTransition,
} from '@mall/shared';
import { orders } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTx } from '../../lib/db.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { addMany } from '../cart/cart.service.ts';
import { afterSaleWindow } from './after-sale-window.ts';
import * as lifecycle from './order-lifecycle.ts';
import { partiesOf, presentShipments, shipParty } from './order-parties.ts';
import { nextStatus } from './order-states.ts';
import { ordersCsv } from './orders-export.ts';
import {
  presentConsoleOrderDetail,
  presentConsoleOrderRow,
  presentOrderDetail,
  presentOrderSummary,
  type ActionContext,
} from './orders.presenter.ts';
import type { OpsOrderFilter } from './orders.schema.ts';
import * as repo from './orders.repo.ts';
import type { OrderActor } from './orders.repo.ts';

export { afterSaleWindow, type AfterSaleWindow } from './after-sale-window.ts';
export { placeOrder, recordRefund } from './order-lifecycle.ts';
export { setOrderSubscribers, type OrderSubscriber } from './order-moments.ts';

/** The order a member's checkout key already made (a double click or a retry), if any. */
export const findOrderByIdempotencyKey = repo.findByIdempotencyKey;

/* ---- The door the payments domain uses. ---- */

export interface OrderForPayment {
  id: string;
  orderNo: string;
  memberId: string;
  status: string;
  payableAmount: number;
  payDeadline: Date;
}

export async function findOrderForPayment(db: DbOrTx, orderNo: string): Promise<OrderForPayment | undefined> {
  const order = await repo.findByOrderNo(db, orderNo);
  return (
    order && {
      id: order.id,
      orderNo: order.orderNo,
      memberId: order.memberId,
      status: order.status,
      payableAmount: order.payableAmount,
      payDeadline: order.payDeadline,
    }
  );
}

/**
 * Marks an unpaid order paid: only the call that finds it still 待付款 with exactly this payable
 * amount changes it, so duplicate or concurrent notifications mark it paid once.
 */
export async function markOrderPaid(
  tx: DbOrTx,
  p: { orderId: string; amountFen: number; paymentMethod: string },
): Promise<boolean> {
  const paid = await lifecycle.moveOrder(tx, {
    orderId: p.orderId,
    action: 'pay',
    actor: 'payment',
    note: PAYMENT_METHOD_NAMES[p.paymentMethod] ?? p.paymentMethod,
    set: { paidAmount: p.amountFen, paymentMethod: p.paymentMethod },
    when: eq(orders.payableAmount, p.amountFen),
  });
  return Boolean(paid);
}

/* ---- The door the after-sales domain uses. ---- */

/** A member's order line with its order's number and state; `paidShare` is the line's refundable cap. */
export type OrderItemForAfterSale = NonNullable<Awaited<ReturnType<typeof repo.findItemWithOrder>>>;

/** An order line of this member with its order's state; another member's line → undefined. */
export async function findOrderItemForAfterSale(
  db: DbOrTx,
  memberId: string,
  orderItemId: string,
): Promise<OrderItemForAfterSale | undefined> {
  if (!isUuid(orderItemId)) return undefined;
  return repo.findItemWithOrder(db, memberId, orderItemId);
}

/** Marks an after-sale open on the line; false when its order no longer takes after-sales. */
export function openAfterSale(tx: DbOrTx, p: { itemId: string; memberId: string; afterSaleId: string }) {
  return lifecycle.openAfterSale(tx, { ...p, orderStatuses: AFTERSALE_ORDER_STATUSES });
}

export const closeAfterSale = lifecycle.closeAfterSale;

/* ---- The door the reviews domain uses. ---- */

/** A member's order line with its order's state and completion (the same view as the after-sales'). */
export const findOrderItemForReview = findOrderItemForAfterSale;


/** Which of these orders have an after-sale still being handled on any line (their money may still move). */
export async function ordersWithOpenAfterSales(db: DbOrTx, orderIds: string[]): Promise<Set<string>> {
  const items = await repo.itemsOf(db, [...new Set(orderIds)]);
  return new Set([...items].filter(([, list]) => list.some((i) => i.openAfterSales > 0)).map(([id]) => id));
}
/** A member's lines of orders completed since `since`, latest first, at most `limit`. */
export function completedItemsSince(db: DbOrTx, memberId: string, since: Date, limit: number) {
  return repo.completedItemsSince(db, memberId, since, limit);
}

/* ---- Buyer side ---- */

async function actionContext(ctx: AppContext): Promise<ActionContext> {
  return { now: new Date(), window: await afterSaleWindow(ctx) };
}

export async function listOrders(
  ctx: AppContext,
  memberId: string,
  q: { status?: string; keyword?: string; pageNum: number; pageSize: number },
): Promise<OrderPage> {
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
    tabs: ORDER_TABS.map((t) => ({
      status: t.status,
      name: t.status === 'ALL' ? '全部订单' : t.name,
      count: counts[t.status] ?? 0,
    })),
  };
}

/** The member's own order (not one they deleted); anything else answers 订单不存在. */
async function ownOrder(db: DbOrTx, memberId: string, orderNo: string) {
  const order = await repo.findByOrderNo(db, orderNo, memberId);
  if (!order || order.deletedByBuyer) throw notFound('订单不存在');
  return order;
}

export async function orderDetail(ctx: AppContext, memberId: string, orderNo: string): Promise<OrderDetail> {
  const order = await ownOrder(ctx.db, memberId, orderNo);
  const items = await repo.itemsOfOrder(ctx.db, order.id);
  const events = await repo.eventsOf(ctx.db, order.id);
  return {
    ...presentOrderDetail(order, items, events, await actionContext(ctx)),
    realName: order.realName ?? null,
    shipments: await presentShipments(ctx.db, order, items),
  };
}

/**
 * Cancels an unpaid order in the caller's transaction (the stock subscriber gives its stock back).
 * The conditional update makes it happen once however many clicks, sweepers or servers race for
 * it, and it excludes a payment arriving at the same moment (that one also needs 待付款).
 */
export async function cancelUnpaid(tx: DbOrTx, orderId: string, actor: OrderActor, reason: string): Promise<boolean> {
  const row = await lifecycle.moveOrder(tx, { orderId, action: 'cancel', actor, note: reason, set: { cancelReason: reason } });
  return Boolean(row);
}

/** Moves a shipped order to 已完成 (buyer's confirmation or the automatic one), once. */
export async function completeReceipt(tx: DbOrTx, orderId: string, actor: OrderActor, note: string): Promise<boolean> {
  return Boolean(await lifecycle.moveOrder(tx, { orderId, action: 'confirmReceipt', actor, note }));
}

/** Refuses with the state table's Chinese message when the order changed under the caller. */
async function refuseStale(db: DbOrTx, orderId: string, action: OrderTransition): Promise<never> {
  const now = await repo.findById(db, orderId);
  nextStatus(action, now?.status ?? 'UNKNOWN');
  throw new AppError(Code.ORDER_STATE, '订单状态已变化，请刷新后重试');
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

/** Hides a finished order from the buyer's list (the record stays for the shop); not while an after-sale is open. */
export async function deleteByBuyer(ctx: AppContext, memberId: string, orderNo: string) {
  const order = await ownOrder(ctx.db, memberId, orderNo);
  const refuse = async () => {
    const items = await repo.itemsOfOrder(ctx.db, order.id);
    if (items.some((i) => i.openAfterSales > 0)) {
      return new AppError(Code.ORDER_STATE, '订单有售后正在处理，处理完成后才能删除');
    }
    return new AppError(
      Code.ORDER_STATE,
      `订单${orderStatusName(order.status)}，只有${DELETABLE_ORDER_STATUSES.map((s) => ORDER_STATES[s].name).join('、')}的订单可以删除`,
    );
  };
  if (!(DELETABLE_ORDER_STATUSES as readonly string[]).includes(order.status)) throw await refuse();
  if (!(await repo.hideFromBuyer(ctx.db, order.id, DELETABLE_ORDER_STATUSES))) throw await refuse();
}

/** Puts the order's goods back into the cart; lines that cannot be bought now are reported. */
export async function buyAgain(ctx: AppContext, memberId: string, orderNo: string) {
  const order = await ownOrder(ctx.db, memberId, orderNo);
  const items = await repo.itemsOfOrder(ctx.db, order.id);
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

/** The console's filters as the repository reads them: days are Asia/Shanghai calendar days, both ends included. */
function opsFilter(q: OpsOrderFilter): repo.OrderFilter {
  const startOf = (d: string) => new Date(`${d}T00:00:00+08:00`);
  return {
    status: q.status && q.status !== 'ALL' ? q.status : undefined,
    keyword: q.keyword || undefined,
    includeDeleted: true,
    createdFrom: q.dateFrom ? startOf(q.dateFrom) : undefined,
    createdBefore: q.dateTo ? new Date(startOf(q.dateTo).getTime() + 86_400_000) : undefined,
    paymentMethod: q.paymentMethod,
  };
}

export async function opsListOrders(
  ctx: AppContext,
  q: OpsOrderFilter & { pageNum: number; pageSize: number },
): Promise<ConsoleOrderPage> {
  const filter = opsFilter(q);
  const [{ list, total }, counts] = await Promise.all([
    repo.pageOrders(ctx.db, filter, q.pageNum, q.pageSize),
    repo.countByStatusWhere(ctx.db, filter),
  ]);
  const items = await repo.itemsOf(
    ctx.db,
    list.map((o) => o.id),
  );
  return {
    list: list.map((o) => presentConsoleOrderRow(o, items.get(o.id) ?? [])),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    counts: counts as ConsoleOrderPage['counts'],
  };
}

async function orderByNo(db: DbOrTx, orderNo: string) {
  const order = await repo.findByOrderNo(db, orderNo);
  if (!order) throw notFound('订单不存在');
  return order;
}

/**
 * The order as the console shows it, with its id for the callers that add what other modules
 * know about it (payments, after-sales: flows/ops-trade-views.ts).
 */
export async function opsOrderDetail(ctx: AppContext, orderNo: string) {
  const order = await orderByNo(ctx.db, orderNo);
  const [items, events, parties] = await Promise.all([
    repo.itemsOfOrder(ctx.db, order.id),
    repo.eventsOf(ctx.db, order.id),
    partiesOf(ctx.db, order.id),
  ]);
  const shipments = await presentShipments(ctx.db, order, items);
  const shopShipped = shipments.some((s) => s.storeName === null);
  const detail = presentConsoleOrderDetail(order, items, events);
  return {
    orderId: order.id,
    ...detail,
    // the shop ships only its own lines; each store ships its own
    canShip: detail.canShip && parties.some((x) => x.supplierId === null && x.toShip) && !shopShipped,
    parties: parties.map((x) => ({
      storeName: x.storeName,
      lines: x.lines,
      shipped: shipments.some((s) => s.storeName === x.storeName),
    })),
    shipments,
  };
}

/**
 * The shop ships its own lines (those of no store) with the carrier and tracking number, once (a
 * second or concurrent call is refused); the order goes 待发货 → 待收货 when no store still has lines
 * to ship (order-parties.ts). An order of only stores' goods is shipped by the stores.
 */
export async function shipOrder(
  ctx: AppContext,
  p: { orderNo: string; company: string; trackingNo: string; by?: string },
) {
  await shipParty(ctx, { ...p, storeId: null, by: p.by ?? 'ops' });
  return opsOrderDetail(ctx, p.orderNo);
}

export { shipParty };
export { storeOrderDetail, storeOrderPage } from './order-parties.ts';

/** The operators' own note (never shown to the buyer); the value before, for the audit log. */
export async function setOpsRemark(ctx: AppContext, p: { orderNo: string; remark: string; by: string }) {
  const order = await orderByNo(ctx.db, p.orderNo);
  const row = await repo.setOpsRemark(ctx.db, order.id, p.remark, p.by);
  if (!row) throw notFound('订单不存在');
  return { before: order.opsRemark, after: row.opsRemark };
}

/** At most this many orders per CSV file. */
export const EXPORT_MAX_ROWS = 10_000;

/**
 * The filtered list as a CSV file for a spreadsheet (订单导出): refused in Chinese when more than
 * EXPORT_MAX_ROWS orders match, so the operator narrows the filter instead of waiting for a huge file.
 */
export async function exportOrders(ctx: AppContext, q: OpsOrderFilter) {
  const filter = opsFilter(q);
  const total = await repo.countOrders(ctx.db, filter);
  if (total > EXPORT_MAX_ROWS) {
    throw new AppError(
      Code.BAD_REQUEST,
      `符合条件的订单有 ${total.toLocaleString('en-US')} 个，超过单次导出上限 ${EXPORT_MAX_ROWS.toLocaleString('en-US')} 个，请缩小日期范围或增加筛选条件后再导出`,
    );
  }
  const list = await repo.listOrders(ctx.db, filter, EXPORT_MAX_ROWS);
  const items = new Map<string, repo.OrderItemRow[]>();
  for (let i = 0; i < list.length; i += 500) {
    const part = await repo.itemsOf(
      ctx.db,
      list.slice(i, i + 500).map((o) => o.id),
    );
    for (const [k, v] of part) items.set(k, v);
  }
  return { csv: ordersCsv(list, items), count: list.length };
}

/** An order's state and one of its lines now (the console's after-sale detail). */
export async function opsOrderLine(ctx: AppContext, orderNo: string, itemId: string) {
  const order = await repo.findByOrderNo(ctx.db, orderNo);
  if (!order) return null;
  const items = await repo.itemsOfOrder(ctx.db, order.id);
  const row = presentConsoleOrderRow(order, items);
  return {
    orderNo: row.orderNo,
    status: row.status,
    statusText: row.statusText,
    paidAmount: row.paidAmount,
    line: row.items.find((i) => i.id === itemId) ?? null,
  };
}

/* ---- Reads for the console's 工作台 (orders-stats.repo.ts): sums of paid orders, nothing written. ---- */

export {
  countInStatus as countOrdersInStatus,
  paidByBucket as paidOrdersByBucket,
  paidByGoods as paidOrdersByGoods,
  paidTotals as paidOrderTotals,
  type PaidBucket,
  type PaidByGoods,
  type PaidTotals,
  type StatsWindow,
} from './orders-stats.repo.ts';

/**
 * A member's orders as the console's 会员 detail shows them (reads only): how many in all (those the
 * buyer deleted too), how many per status, and the latest few with their first goods.
 */
export async function memberOrderOverview(ctx: AppContext, memberId: string, latest = 5) {
  const [{ list, total }, counts] = await Promise.all([
    repo.pageOrders(ctx.db, { memberId, includeDeleted: true }, 1, latest),
    repo.countByStatus(ctx.db, memberId),
  ]);
  const items = await repo.itemsOf(
    ctx.db,
    list.map((o) => o.id),
  );
  return {
    total,
    counts,
    latest: list.map((o) => {
      const lines = items.get(o.id) ?? [];
      return {
        orderNo: o.orderNo,
        status: o.status,
        statusText: orderStatusName(o.status),
        payableAmount: o.payableAmount,
        quantity: lines.reduce((n, i) => n + i.quantity, 0),
        firstGoodsName: lines[0]?.name ?? null,
        firstGoodsImage: lines[0]?.image ?? null,
        deletedByBuyer: o.deletedByBuyer,
        createdAt: o.createdAt.toISOString(),
      };
    }),
  };
}
