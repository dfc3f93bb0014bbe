/**
 * Buyers, addresses and orders for API tests: orders bought over HTTP like a buyer, or written straight
 * to the tables (so payment and after-sale tests do not depend on the checkout's rules; paid shares
 * from the pricing module's `prorate`, as the checkout's), and orders paid by a real sandbox notification.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../lib/db.ts';
import { paymentsOf } from '../../modules/payments/providers.ts';
import { prorate } from '../../modules/pricing/pricing.ts';
import { encodeForm, smsSignIn, type Api, type TestServer } from '../harness.ts';
import { dbOf } from './catalog.ts';

/** 北京市 / 市辖区 / 朝阳区 */
export const BEIJING = { provinceCode: '11', cityCode: '1101', districtCode: '110105' };

export function addressBody(extra: Record<string, unknown> = {}) {
  return {
    receiverName: '张三',
    mobile: '13800138000',
    ...BEIJING,
    detail: '建国路 88 号 SOHO 现代城 1 号楼',
    ...extra,
  };
}

/** A signed-in buyer with one (default) address. */
export async function buyer(api: Api) {
  const { accessToken: token, mobile } = await smsSignIn(api);
  const res = await api.post('/member/trade/address/create', { token, json: addressBody() });
  if (res.code !== 0) throw new Error(`address failed: ${res.message}`);
  return { token, mobile, addressId: res.data.id as string };
}

export const newKey = () => crypto.randomBytes(12).toString('hex');

/** Buys now and returns the reply (code 0 → data.orderNo). */
export function buyNow(
  api: Api,
  b: { token: string; addressId: string },
  skuId: number,
  quantity = 1,
  extra: Record<string, unknown> = {},
) {
  return api.post('/member/trade/checkout/submit', {
    token: b.token,
    json: { buyNow: { skuId, quantity }, addressId: b.addressId, idempotencyKey: newKey(), ...extra },
  });
}

export async function orderCount(db: Db, where = sql`true`): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM orders WHERE ${where}`);
  return row!.n;
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

/** An order written to the tables and paid through a real sandbox notification, then moved on. */
export async function paidOrder(
  server: TestServer,
  memberId: string,
  lines: OrderLine[],
  opts: {
    freight?: number;
    status?: 'PENDING_SHIPMENT' | 'PENDING_RECEIPT' | 'COMPLETED';
    completedDaysAgo?: number;
  } = {},
) {
  const db = dbOf(server);
  const order = await makeOrder(db, memberId, lines, { freight: opts.freight });
  if ((await notifyPaid(server, order.orderNo, order.payable)) !== 'success')
    throw new Error('payment notification refused');
  const status = opts.status ?? 'PENDING_SHIPMENT';
  if (status !== 'PENDING_SHIPMENT') {
    await db.execute(sql`UPDATE orders SET status = ${status}, shipped_at = now(),
      completed_at = ${status === 'COMPLETED' ? sql`now() - make_interval(days => ${opts.completedDaysAgo ?? 0})` : null}
      WHERE id = ${order.orderId}`);
  }
  return order;
}

/** The parameters of the sandbox platform's signed "paid" notification for an order. */
export function sandboxPaidParams(server: TestServer, orderNo: string, amountFen: number) {
  return paymentsOf(server.running.app.ctx).sandbox!.paidNotification({
    orderNo,
    amountFen,
    subject: 's',
    notifyUrl: '',
    returnUrl: '',
    expiresAt: undefined,
    params: {},
  });
}

/** Posts that notification as the platform would; the shop answers 'success' or 'failure'. */
export async function notifyPaid(server: TestServer, orderNo: string, amountFen: number): Promise<string> {
  const res = await fetch(`${server.url}/pay/notify/sandbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: encodeForm(sandboxPaidParams(server, orderNo, amountFen)),
  });
  return res.text();
}

/** The hidden fields of the sandbox cashier's 确认支付 form (what the buyer's browser posts back). */
export function cashierFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  const first = html.slice(html.indexOf('cashier/confirm'), html.indexOf('cashier/cancel'));
  for (const m of first.matchAll(/name="([^"]+)" value="([^"]*)"/g)) {
    fields[m[1]!] = m[2]!
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  }
  return fields;
}

/**
 * Pays an order as a buyer does, over HTTP: the payment created, the sandbox cashier opened, 确认支付
 * posted. The cashier answers 303 only after the shop acknowledged the platform's notification
 * ('success'); a refusal before the cashier is the create call's reply.
 */
export async function payAtCashier(
  api: Api,
  base: string,
  token: string,
  orderNo: string,
): Promise<{ status: number; code?: number; message?: string }> {
  const created = await api.post('/member/pay/order/create', { token, json: { orderNo, method: 'sandbox' } });
  if (created.code !== 0) return { status: created.status, code: created.code, message: created.message };
  const page = await fetch(`${base}${created.data.payUrl}`);
  const html = await page.text();
  const confirm = await fetch(`${base}/pay/sandbox/cashier/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: encodeForm(cashierFields(html)),
    redirect: 'manual',
  });
  await confirm.arrayBuffer();
  return { status: confirm.status };
}
