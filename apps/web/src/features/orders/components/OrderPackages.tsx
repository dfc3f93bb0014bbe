import { Descriptions } from 'antd';
import type { OrderDetail, OrderItem, OrderShipment } from '@mall/shared';
import { formatTime } from '../../../lib/format.ts';

/** The order's parcels (more than one when supplier stores ship their own goods). */
export const shipmentsOf = (order: OrderDetail): OrderShipment[] => order.shipments ?? [];

/**
 * Whether the order needs the parcel view: more than one parcel, or one parcel that left some goods
 * behind (another party has not shipped yet). A single parcel of the whole order keeps 物流信息 as it was.
 */
export function needsPackages(order: OrderDetail): boolean {
  const shipments = shipmentsOf(order);
  if (shipments.length > 1) return true;
  if (shipments.length === 0) return false;
  const shipped = new Set(shipments[0]!.itemIds);
  return order.items.some((i) => !shipped.has(i.id));
}

const names = (items: OrderItem[]) => items.map((i) => (i.quantity > 1 ? `${i.name} ×${i.quantity}` : i.name)).join('、');

/** 包裹 1, 包裹 2…: who sent it, the carrier, the tracking number, when, and which goods are in it. */
export function OrderPackages({ order }: { order: OrderDetail }) {
  const shipments = shipmentsOf(order);
  const byId = new Map(order.items.map((i) => [i.id, i]));
  const shipped = new Set(shipments.flatMap((s) => s.itemIds));
  const waiting = order.items.filter((i) => !shipped.has(i.id));
  return (
    <div data-testid="order-packages">
      <div style={{ color: '#6b6b6b', marginTop: 8 }}>
        {waiting.length ? `已发出 ${shipments.length} 个包裹，其余商品待发货` : `订单已分 ${shipments.length} 个包裹发出`}
      </div>
      {shipments.map((s, index) => (
        <section key={`${s.trackingNo}-${index}`} data-testid="order-package" style={{ marginTop: 12, padding: 12, background: '#fafafa', borderRadius: 6 }}>
          <h3 style={{ margin: '0 0 6px', fontSize: 14, fontWeight: 600, color: '#333' }}>
            包裹 {index + 1} · {s.storeName ? `店铺：${s.storeName}` : '商城自营'}
          </h3>
          <Descriptions column={1} size="small">
            <Descriptions.Item label="物流公司">{s.company}</Descriptions.Item>
            <Descriptions.Item label="物流单号">{s.trackingNo}</Descriptions.Item>
            <Descriptions.Item label="发货时间">{formatTime(s.shippedAt)}</Descriptions.Item>
            <Descriptions.Item label="包裹商品">{names(s.itemIds.map((id) => byId.get(id)).filter((i): i is OrderItem => Boolean(i)))}</Descriptions.Item>
          </Descriptions>
        </section>
      ))}
      {waiting.length && order.status === 'PENDING_SHIPMENT' ? (
        <div style={{ marginTop: 12, color: '#6b6b6b' }} data-testid="order-package-waiting">
          待发货：{names(waiting)}
        </div>
      ) : null}
    </div>
  );
}
