import crypto from 'node:crypto';
import { rows, sql, type Db } from '../../lib/db.ts';
import type { Api, TestServer } from '../../test/harness.ts';
import { prorate } from '../pricing/pricing.ts';

/**
 * Test factories for payments and after-sales: a SKU in the catalogue and an order placed for it,
 * written straight to the tables, so these tests do not depend on the checkout's rules.
 * Paid shares come from the pricing module's `prorate`, as the checkout's do.
 */
export const dbOf = (server: TestServer): Db => server.running.app.ctx.db;

export async function memberIdOf(api: Api, token: string): Promise<string> {
  const res = await api.get('/member/user/user/current', { token });
  return res.data.id as string;
}

export async function makeSku(db: Db, opts: { price?: number; stock?: number } = {}) {
  const tag = crypto.randomBytes(4).toString('hex');
  const [cat] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO categories (name, level) VALUES (${`测试分类${tag}`}, 1) RETURNING id`,
  );
  const price = opts.price ?? 1000;
  const [goods] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO goods (name, category_id, images, params, detail, price_fen, market_price_fen, search_vector)
        VALUES (${`测试商品${tag}`}, ${cat!.id}, '[]'::jsonb, '[]'::jsonb, '[]'::jsonb, ${price}, ${price}, to_tsvector('simple', ${tag}))
        RETURNING id`,
  );
  const [sku] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO skus (goods_id, code, specs, price_fen, market_price_fen, stock)
        VALUES (${goods!.id}, ${`T-${tag}`}, '{}'::jsonb, ${price}, ${price}, ${opts.stock ?? 100}) RETURNING id`,
  );
  return { goodsId: goods!.id, skuId: sku!.id, price };
}

export async function stockOf(db: Db, skuId: number): Promise<number> {
  const [row] = await rows<{ stock: number }>(db, sql`SELECT stock FROM skus WHERE id = ${skuId}`);
  return row!.stock;
}

export interface OrderLine {
  skuId: number;
  goodsId: number;
  unitPrice: number;
  quantity: number;
  discount?: number;
}

export interface MadeOrder {
  orderId: string;
  orderNo: string;
  payable: number;
  items: { id: string; quantity: number; paidShare: number; skuId: number }[];
}

export async function makeOrder(
  db: Db,
  memberId: string,
  lines: OrderLine[],
  opts: { freight?: number; status?: string; payMinutes?: number; completedDaysAgo?: number } = {},
): Promise<MadeOrder> {
  const freight = opts.freight ?? 0;
  const linePayables = lines.map((l) => l.unitPrice * l.quantity - (l.discount ?? 0));
  const goodsAmount = lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
  const discount = lines.reduce((s, l) => s + (l.discount ?? 0), 0);
  const payable = goodsAmount - discount + freight;
  const shares = prorate(payable, linePayables);
  const orderNo = `${Date.now()}${crypto.randomInt(10 ** 6, 10 ** 7)}${crypto.randomInt(100, 1000)}`;
  const status = opts.status ?? 'PENDING_PAYMENT';
  const paid = !['PENDING_PAYMENT', 'CANCELLED'].includes(status);
  const [order] = await rows<{ id: string }>(
    db,
    sql`INSERT INTO orders (order_no, member_id, status, goods_amount, coupon_discount, freight, payable_amount, paid_amount,
          address, idempotency_key, pay_deadline, paid_at, completed_at)
        VALUES (${orderNo}, ${memberId}, ${status}, ${goodsAmount}, ${discount}, ${freight}, ${payable}, ${paid ? payable : 0},
          ${JSON.stringify({ receiverName: '张三', mobile: '13800138000', detail: '测试路 1 号' })}::jsonb, ${crypto.randomUUID()},
          now() + make_interval(mins => ${opts.payMinutes ?? 30}), ${paid ? sql`now()` : null},
          ${opts.completedDaysAgo !== undefined ? sql`now() - make_interval(days => ${opts.completedDaysAgo})` : null})
        RETURNING id`,
  );
  const items: MadeOrder['items'] = [];
  for (const [i, l] of lines.entries()) {
    const [item] = await rows<{ id: string }>(
      db,
      sql`INSERT INTO order_items (order_id, goods_id, sku_id, name, unit_price, quantity, goods_amount, discount_amount, paid_share)
          VALUES (${order!.id}, ${l.goodsId}, ${l.skuId}, ${`测试商品 ${i + 1}`}, ${l.unitPrice}, ${l.quantity},
                  ${l.unitPrice * l.quantity}, ${l.discount ?? 0}, ${shares[i]!})
          RETURNING id`,
    );
    items.push({ id: item!.id, quantity: l.quantity, paidShare: shares[i]!, skuId: l.skuId });
  }
  return { orderId: order!.id, orderNo, payable, items };
}

export async function orderRow(db: Db, orderNo: string) {
  const [row] = await rows<{ status: string; paid_amount: number; payment_method: string | null }>(
    db,
    sql`SELECT status, paid_amount, payment_method FROM orders WHERE order_no = ${orderNo}`,
  );
  return row!;
}

export async function countRows(
  db: Db,
  table: 'payments' | 'payment_notifications' | 'refunds',
  where: ReturnType<typeof sql>,
) {
  const [row] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} WHERE ${where}`);
  return row!.n;
}
