import { sql } from 'drizzle-orm';
import { Code, maskMobile, maskName, orderStatusName, type OrderStatus } from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import { rows, type DbOrTx } from '../../lib/db.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { fullAddress } from '../address/address.service.ts';
import * as lifecycle from './order-lifecycle.ts';
import { nextStatus } from './order-states.ts';
import * as repo from './orders.repo.ts';
import { insertShipment, lineParties, partiesOf, shipmentsOf, shippedParties } from './shipments.repo.ts';
import type { OrderItemRow, OrderRow } from './orders.repo.ts';
import type { StoreOrderQuery } from './orders.schema.ts';

/**
 * Who ships what. An order's lines belong to parties: the shop (goods without a store) and
 * each store whose goods were bought. Each party ships its own lines once (order_shipments, one row
 * per party); the order moves 待发货 → 待收货 through the state table, publishing the shipped moment,
 * when the last party with lines still to ship has shipped. A line's party is its goods' store
 * (a goods never changes store).
 */

export { partiesOf, shipmentsOf, type Party, type ShipmentRow } from './shipments.repo.ts';

const same = (a: string | null, b: string | null) => (a ?? '') === (b ?? '');

/** Each party's parcel as the buyer and the console see it, with the lines it carries. */
export async function presentShipments(db: DbOrTx, order: OrderRow, items: OrderItemRow[]) {
  const [shipments, parties] = await Promise.all([shipmentsOf(db, [order.id]), lineParties(db, [order.id])]);
  return shipments.map((s) => ({
    storeName: s.storeName,
    company: s.company,
    trackingNo: s.trackingNo,
    shippedAt: s.shippedAt.toISOString(),
    itemIds: items.filter((i) => same(parties.get(i.id) ?? null, s.supplierId)).map((i) => i.id),
  }));
}

/**
 * One party ships its lines: the shop (`storeId` null, from /ops/order/ship) or a store. The order
 * row is locked while the shipment is written and the parties counted, so two parties shipping at
 * once cannot both think the other is still to ship, and the order moves exactly once.
 */
export async function shipParty(
  ctx: AppContext,
  p: { orderNo: string; company: string; trackingNo: string; storeId: string | null; by: string },
): Promise<{ orderStatus: OrderStatus; orderMoved: boolean }> {
  const order = await repo.findByOrderNo(ctx.db, p.orderNo);
  if (!order) throw notFound('订单不存在');
  const parties = await partiesOf(ctx.db, order.id);
  const mine = parties.find((x) => same(x.supplierId, p.storeId));
  if (p.storeId && !mine) throw notFound('订单不存在');
  nextStatus('ship', order.status);
  if (!mine) throw new AppError(Code.SHIPPED_BY_SUPPLIER);
  if (!mine.toShip) throw badRequest('这些商品已全部退款，无需发货');
  const outcome = await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockById(tx, order.id);
    if (!locked || locked.status !== 'PENDING_SHIPMENT') return 'stale' as const;
    const made = await insertShipment(tx, {
      orderId: order.id,
      supplierId: p.storeId,
      company: p.company,
      trackingNo: p.trackingNo,
      by: p.by,
    });
    if (!made) throw new AppError(Code.ALREADY_SHIPPED);
    const shipped = await shippedParties(tx, order.id);
    const waiting = (await partiesOf(tx, order.id)).filter(
      (x) => x.toShip && !shipped.some((s) => same(s, x.supplierId)),
    );
    const note = `${mine.storeName ?? '商城自营'}：${p.company} ${p.trackingNo}`;
    if (waiting.length) {
      await repo.recordEvent(tx, { orderId: order.id, type: 'shipPart', actor: 'ops', note });
      return 'part' as const;
    }
    const moved = await lifecycle.moveOrder(tx, {
      orderId: order.id,
      action: 'ship',
      actor: 'ops',
      note: parties.length > 1 ? note : `${p.company} ${p.trackingNo}`,
      set: { logisticsCompany: p.company, trackingNo: p.trackingNo },
    });
    if (!moved) throw new AppError(Code.ORDER_STATE, '订单状态已变化，请刷新后重试');
    return 'moved' as const;
  });
  if (outcome === 'stale') {
    const now = await repo.findById(ctx.db, order.id);
    nextStatus('ship', now?.status ?? 'UNKNOWN');
    throw new AppError(Code.ORDER_STATE, '订单状态已变化，请刷新后重试');
  }
  return { orderStatus: outcome === 'moved' ? 'PENDING_RECEIPT' : 'PENDING_SHIPMENT', orderMoved: outcome === 'moved' };
}

/* ---- a store's reads (本店订单) ---- */

/** A username as a store sees its buyer: first and last character only (z***9); a mobile as 139****5678. */
export function maskBuyer(username: string | null, mobile: string | null): string {
  if (username) {
    const chars = Array.from(username);
    return chars.length <= 2 ? `${chars[0]}***` : `${chars[0]}***${chars[chars.length - 1]}`;
  }
  if (mobile) return `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
  return maskName('');
}

async function buyersOf(db: DbOrTx, memberIds: string[]) {
  if (!memberIds.length) return new Map<string, string>();
  const found = await rows<{ id: string; username: string | null; mobile: string | null }>(
    db,
    sql`SELECT id, username, mobile FROM members WHERE id IN (${sql.join(
      memberIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Map(found.map((m) => [m.id, maskBuyer(m.username, m.mobile)]));
}

function storeLine(i: OrderItemRow) {
  return {
    id: i.id,
    goodsId: i.goodsId,
    skuId: i.skuId,
    name: i.name,
    image: i.image,
    specText: i.specText,
    unitPrice: i.unitPrice,
    quantity: i.quantity,
    goodsAmount: i.goodsAmount,
    paidShare: i.paidShare,
    refundedQuantity: i.refundedQuantity,
    refundedAmount: i.refundedAmount,
    openAfterSales: i.openAfterSales,
  };
}

async function storeView(db: DbOrTx, storeId: string, orderIds: string[]) {
  const [items, parties, shipments] = await Promise.all([
    repo.itemsOf(db, orderIds),
    lineParties(db, orderIds),
    shipmentsOf(db, orderIds),
  ]);
  return (orderId: string) => {
    const all = items.get(orderId) ?? [];
    const lines = all.filter((i) => parties.get(i.id) === storeId);
    const shipment = shipments.find((s) => s.orderId === orderId && s.supplierId === storeId);
    return { all, lines, shipment };
  };
}

export async function storeOrderPage(ctx: AppContext, storeId: string, q: StoreOrderQuery) {
  const { list: orders, total } = await repo.pageOrders(
    ctx.db,
    { storeId, status: q.status === 'ALL' ? undefined : q.status, orderNo: q.orderNo, includeDeleted: true },
    q.pageNum,
    q.pageSize,
  );
  const [view, buyers] = await Promise.all([
    storeView(ctx.db, storeId, orders.map((o) => o.id)),
    buyersOf(
      ctx.db,
      orders.map((o) => o.memberId),
    ),
  ]);
  return {
    list: orders.map((o) => {
      const { lines, shipment } = view(o.id);
      return {
        orderNo: o.orderNo,
        status: o.status as OrderStatus,
        statusText: orderStatusName(o.status),
        createdAt: o.createdAt.toISOString(),
        paidAt: o.paidAt?.toISOString() ?? null,
        lines: lines.map(storeLine),
        linesAmount: lines.reduce((n, i) => n + i.paidShare, 0),
        shipped: Boolean(shipment),
        canShip: o.status === 'PENDING_SHIPMENT' && !shipment && lines.some((i) => i.refundedQuantity < i.quantity),
        buyer: buyers.get(o.memberId) ?? '',
      };
    }),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

export async function storeOrderDetail(ctx: AppContext, storeId: string, orderNo: string) {
  const order = await repo.findByOrderNo(ctx.db, orderNo);
  const view = order ? (await storeView(ctx.db, storeId, [order.id]))(order.id) : undefined;
  if (!order || !view?.lines.length) throw notFound('订单不存在');
  const buyers = await buyersOf(ctx.db, [order.memberId]);
  const a = order.address;
  const { lines, all, shipment } = view;
  return {
    orderNo: order.orderNo,
    status: order.status as OrderStatus,
    statusText: orderStatusName(order.status),
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    buyer: buyers.get(order.memberId) ?? '',
    remark: order.remark,
    // Shipping needs the whole address and the receiver's number, once the order is paid; before that
    // (or when it was never paid) the store sees the region only.
    address: order.paidAt
      ? {
          receiverName: a.receiverName,
          mobile: a.mobile,
          provinceName: a.provinceName ?? '',
          cityName: a.cityName ?? '',
          districtName: a.districtName ?? null,
          detail: a.detail,
          fullAddress: fullAddress(a),
        }
      : {
          receiverName: maskName(a.receiverName),
          mobile: maskMobile(a.mobile),
          provinceName: a.provinceName ?? '',
          cityName: a.cityName ?? '',
          districtName: a.districtName ?? null,
          detail: '',
          fullAddress: fullAddress({ ...a, detail: '' }),
        },
    lines: lines.map(storeLine),
    linesAmount: lines.reduce((n, i) => n + i.paidShare, 0),
    otherLinesCount: all.length - lines.length,
    shipped: Boolean(shipment),
    canShip: order.status === 'PENDING_SHIPMENT' && !shipment && lines.some((i) => i.refundedQuantity < i.quantity),
    shipment: shipment
      ? { company: shipment.company, trackingNo: shipment.trackingNo, shippedAt: shipment.shippedAt.toISOString() }
      : null,
  };
}
