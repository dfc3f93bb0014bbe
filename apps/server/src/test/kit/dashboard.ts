import crypto from 'node:crypto';
import { rows, sql, type Db } from '../../lib/db.ts';
import { invalidateCatalog } from '../../modules/catalog/catalog.service.ts';

/**
 * Factories for the 工作台's tests: a small category tree, goods in it, members, and orders written
 * straight to the tables with exactly the paid time, status and refunds a case needs.
 */
const tag = () => crypto.randomBytes(4).toString('hex');

export async function makeCategory(db: Db, name: string, parentId: number | null = null): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO categories (name, parent_id, level) VALUES (${name}, ${parentId}, ${parentId ? 2 : 1}) RETURNING id`,
  );
  invalidateCatalog(db); // written past the catalogue's writer: drop its cached tree, as the writer does
  return row!.id;
}

export async function makeGoods(db: Db, categoryId: number, o: { stock?: number; onShelf?: boolean } = {}) {
  const t = tag();
  const [goods] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO goods (name, category_id, images, params, detail, price_fen, market_price_fen, on_shelf, search_vector)
        VALUES (${`看板商品${t}`}, ${categoryId}, '[]'::jsonb, '[]'::jsonb, '[]'::jsonb, 1000, 1000, ${o.onShelf ?? true}, to_tsvector('simple', ${t}))
        RETURNING id`,
  );
  const [sku] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO skus (goods_id, code, specs, price_fen, market_price_fen, stock)
        VALUES (${goods!.id}, ${`D-${t}`}, '{}'::jsonb, 1000, 1000, ${o.stock ?? 100}) RETURNING id`,
  );
  return { goodsId: goods!.id, skuId: sku!.id };
}

export async function makeMember(db: Db): Promise<string> {
  const mobile = `137${String(crypto.randomInt(0, 1e8)).padStart(8, '0')}`;
  const [row] = await rows<{ id: string }>(
    db,
    sql`INSERT INTO members (mobile, roles) VALUES (${mobile}, '{member}') RETURNING id`,
  );
  return row!.id;
}

export interface Line {
  goodsId: number;
  skuId: number;
  /** The line's paid share, fen. */
  amount: number;
  quantity?: number;
  refunded?: number;
  refundedQuantity?: number;
}

export async function makeOrder(
  db: Db,
  o: { memberId: string; status: string; paidAt: Date | null; lines: Line[] },
): Promise<{ orderId: string; orderNo: string; itemIds: string[] }> {
  const total = o.lines.reduce((s, l) => s + l.amount, 0);
  const orderNo = `${Date.now()}${crypto.randomInt(1e6, 1e7)}`;
  const [order] = await rows<{ id: string }>(
    db,
    sql`INSERT INTO orders (order_no, member_id, status, goods_amount, payable_amount, paid_amount, address, idempotency_key, pay_deadline, paid_at)
        VALUES (${orderNo}, ${o.memberId}, ${o.status}, ${total}, ${total}, ${o.paidAt ? total : 0},
          ${JSON.stringify({ receiverName: '张三', mobile: '13800138000', detail: '测试路 1 号' })}::jsonb, ${crypto.randomUUID()},
          now() + interval '30 minutes', ${o.paidAt ? o.paidAt.toISOString() : null}::timestamptz)
        RETURNING id`,
  );
  const itemIds: string[] = [];
  for (const l of o.lines) {
    const q = l.quantity ?? 1;
    const [item] = await rows<{ id: string }>(
      db,
      sql`INSERT INTO order_items (order_id, goods_id, sku_id, name, unit_price, quantity, goods_amount, paid_share, refunded_amount, refunded_quantity)
          VALUES (${order!.id}, ${l.goodsId}, ${l.skuId}, '看板测试商品', ${Math.floor(l.amount / q)}, ${q}, ${l.amount}, ${l.amount},
            ${l.refunded ?? 0}, ${l.refundedQuantity ?? 0})
          RETURNING id`,
    );
    itemIds.push(item!.id);
  }
  return { orderId: order!.id, orderNo, itemIds };
}

export async function makeAfterSale(
  db: Db,
  o: { memberId: string; orderId: string; orderNo: string; itemId: string; skuId: number; status: string },
) {
  await db.execute(sql`INSERT INTO after_sales (after_sale_no, member_id, order_id, order_item_id, order_no, sku_id, goods_name,
      unit_price, bought_quantity, type, status, reason, quantity, refund_amount)
    VALUES (${`AS${Date.now()}${crypto.randomInt(1e6, 1e7)}`}, ${o.memberId}, ${o.orderId}, ${o.itemId}, ${o.orderNo}, ${o.skuId},
      '看板测试商品', 1000, 1, 'REFUND_ONLY', ${o.status}, '不想要了', 1, 100)`);
}

export async function makeRefundRequiredPayment(db: Db, o: { memberId: string; orderId: string; orderNo: string }) {
  await db.execute(sql`INSERT INTO payments (order_id, order_no, member_id, provider, amount, status, trade_no, paid_at, note)
    VALUES (${o.orderId}, ${o.orderNo}, ${o.memberId}, 'sandbox', 1000, 'REFUND_REQUIRED', ${`T${tag()}`}, now(), 'test')`);
}

/** A visitor-day written as the counter would have (for periods before the test ran). */
export async function addVisit(db: Db, day: string, visitor: string, firstAt: Date) {
  await db.execute(
    sql`INSERT INTO goods_visitors (view_date, visitor, first_at) VALUES (${day}::date, ${visitor}::bigint, ${firstAt.toISOString()}::timestamptz)`,
  );
}
