import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../lib/db.ts';

/**
 * SQL of an order's parties and parcels (order_shipments, written only here): which party (the
 * shop or a store) each line belongs to, who shipped, and the parcels' rows.
 */

export interface Party {
  supplierId: string | null;
  storeName: string | null;
  lines: number;
  /** Some unit of its lines is not refunded: it has something to ship. */
  toShip: boolean;
}

export interface ShipmentRow {
  orderId: string;
  supplierId: string | null;
  storeName: string | null;
  company: string;
  trackingNo: string;
  shippedAt: Date;
}

export async function partiesOf(db: DbOrTx, orderId: string): Promise<Party[]> {
  const found = await rows<{ supplier_id: string | null; store_name: string | null; lines: number; to_ship: boolean }>(
    db,
    sql`SELECT g.supplier_id, sp.store_name, count(*)::int AS lines, bool_or(oi.refunded_quantity < oi.quantity) AS to_ship
      FROM order_items oi LEFT JOIN goods g ON g.id = oi.goods_id LEFT JOIN suppliers sp ON sp.id = g.supplier_id
      WHERE oi.order_id = ${orderId} GROUP BY g.supplier_id, sp.store_name`,
  );
  return found.map((r) => ({ supplierId: r.supplier_id, storeName: r.store_name, lines: r.lines, toShip: r.to_ship }));
}

/** The ids of an order's lines that belong to each party. */
export async function lineParties(db: DbOrTx, orderIds: string[]): Promise<Map<string, string | null>> {
  if (!orderIds.length) return new Map();
  const found = await rows<{ id: string; supplier_id: string | null }>(
    db,
    sql`SELECT oi.id, g.supplier_id FROM order_items oi LEFT JOIN goods g ON g.id = oi.goods_id
      WHERE oi.order_id IN (${sql.join(
        orderIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  return new Map(found.map((r) => [r.id, r.supplier_id]));
}

export async function shipmentsOf(db: DbOrTx, orderIds: string[]): Promise<ShipmentRow[]> {
  if (!orderIds.length) return [];
  const found = await rows<{
    order_id: string;
    supplier_id: string | null;
    store_name: string | null;
    logistics_company: string;
    tracking_no: string;
    shipped_at: Date | string;
  }>(
    db,
    sql`SELECT os.order_id, os.supplier_id, sp.store_name, os.logistics_company, os.tracking_no, os.shipped_at
      FROM order_shipments os LEFT JOIN suppliers sp ON sp.id = os.supplier_id
      WHERE os.order_id IN (${sql.join(
        orderIds.map((id) => sql`${id}`),
        sql`, `,
      )}) ORDER BY os.shipped_at, os.id`,
  );
  return found.map((r) => ({
    orderId: r.order_id,
    supplierId: r.supplier_id,
    storeName: r.store_name,
    company: r.logistics_company,
    trackingNo: r.tracking_no,
    shippedAt: new Date(r.shipped_at),
  }));
}

export async function insertShipment(
  tx: DbOrTx,
  s: { orderId: string; supplierId: string | null; company: string; trackingNo: string; by: string },
): Promise<boolean> {
  const made = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO order_shipments (order_id, supplier_id, logistics_company, tracking_no, shipped_by)
      VALUES (${s.orderId}, ${s.supplierId}, ${s.company}, ${s.trackingNo}, ${s.by})
      ON CONFLICT DO NOTHING RETURNING id`,
  );
  return made.length > 0;
}

export async function shippedParties(tx: DbOrTx, orderId: string): Promise<(string | null)[]> {
  const found = await rows<{ supplier_id: string | null }>(
    tx,
    sql`SELECT supplier_id FROM order_shipments WHERE order_id = ${orderId}`,
  );
  return found.map((r) => r.supplier_id);
}
