import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, rows, type Database } from '../lib/db.ts';
import type { AppContext } from '../lib/context.ts';
import {
  startTestServer,
  type TestServer,
  buyer,
  buyNow,
  dbOf,
  makeGoods,
  salesOf,
  stockOf,
} from '../test/kit/index.ts';
import { findOrderForPayment, markOrderPaid } from '../modules/orders/orders.service.ts';
import { sweepOnce } from './order-sweeper.ts';

/**
 * Two sweepers over one database. On PostgreSQL (TEST_DATABASE_URL) the second has its own
 * connection pool, as a second server would, so their transactions really overlap.
 */
let server: TestServer;
let second: Database | undefined;
let ctxA: AppContext;
let ctxB: AppContext;

beforeAll(async () => {
  server = await startTestServer({ AUTO_RECEIVE_DAYS: '10' });
  ctxA = server.running.app.ctx;
  const url = ctxA.config.DATABASE_URL;
  if (url) second = await openDatabase({ databaseUrl: url, poolSize: 10 });
  ctxB = { ...ctxA, db: second?.db ?? ctxA.db };
});
afterAll(async () => {
  await second?.close();
  await server.close();
});

async function events(type: string) {
  return rows<{ order_id: string; n: number }>(
    dbOf(server),
    sql`SELECT order_id, count(*)::int AS n FROM order_events WHERE type = ${type} GROUP BY order_id`,
  );
}

describe('order sweeper', () => {
  test('two sweepers at once cancel each overdue order once and give stock back once', async () => {
    const db = dbOf(server);
    const g = await makeGoods(db, { stock: 200 });
    const fresh = await makeGoods(db, { stock: 10 });
    const b = await buyer(server.api);
    const overdue: string[] = [];
    for (let i = 0; i < 40; i++) overdue.push((await buyNow(server.api, b, g.skuId, 2)).data.orderNo);
    const notYet = (await buyNow(server.api, b, fresh.skuId, 1)).data.orderNo;
    expect(await stockOf(db, g.skuId)).toBe(120);
    expect(await salesOf(db, g.goodsId)).toBe(80);
    await db.execute(
      sql`UPDATE orders SET pay_deadline = now() - interval '1 minute' WHERE order_no IN (${sql.join(
        overdue.map((n) => sql`${n}`),
        sql`, `,
      )})`,
    );

    const [a, c] = await Promise.all([sweepOnce(ctxA), sweepOnce(ctxB)]);
    expect(a.cancelled + c.cancelled).toBe(40);
    expect(await stockOf(db, g.skuId)).toBe(200);
    expect(await salesOf(db, g.goodsId)).toBe(0);
    const cancels = await events('cancel');
    expect(cancels).toHaveLength(40);
    expect(cancels.every((e) => e.n === 1)).toBe(true);

    const d = await server.api.get('/member/order/order/detail', { token: b.token, query: { orderNo: overdue[0]! } });
    expect(d.data).toMatchObject({ status: 'CANCELLED', cancelReason: '超时未付款，系统自动取消' });
    expect(d.data.timeline.at(-1)).toMatchObject({ type: 'cancel', actor: 'system' });
    expect((await findOrderForPayment(db, notYet))!.status).toBe('PENDING_PAYMENT');
    expect(await stockOf(db, fresh.skuId)).toBe(9);

    // Running again finds nothing more.
    expect(await sweepOnce(ctxA)).toEqual({
      paidOnQuery: 0,
      cancelled: 0,
      received: 0,
      activitiesEnded: 0,
      remindersSent: 0,
      commissionsSettled: 0,
    });
  });

  test('orders shipped AUTO_RECEIVE_DAYS ago are received automatically, once', async () => {
    const db = dbOf(server);
    const g = await makeGoods(db, { stock: 100 });
    const b = await buyer(server.api);
    const old: string[] = [];
    const recent: string[] = [];
    for (let i = 0; i < 12; i++) {
      const orderNo = (await buyNow(server.api, b, g.skuId)).data.orderNo;
      const order = (await findOrderForPayment(db, orderNo))!;
      await db.transaction((tx) =>
        markOrderPaid(tx, { orderId: order.id, amountFen: order.payableAmount, paymentMethod: 'sandbox' }),
      );
      (i < 10 ? old : recent).push(orderNo);
    }
    await db.execute(
      sql`UPDATE orders SET status = 'PENDING_RECEIPT', shipped_at = now() - interval '10 days 1 minute' WHERE order_no IN (${sql.join(
        old.map((n) => sql`${n}`),
        sql`, `,
      )})`,
    );
    await db.execute(
      sql`UPDATE orders SET status = 'PENDING_RECEIPT', shipped_at = now() - interval '9 days' WHERE order_no IN (${sql.join(
        recent.map((n) => sql`${n}`),
        sql`, `,
      )})`,
    );

    const [a, c] = await Promise.all([sweepOnce(ctxA), sweepOnce(ctxB)]);
    expect(a.received + c.received).toBe(10);
    const received = await events('confirmReceipt');
    expect(received).toHaveLength(10);
    expect(received.every((e) => e.n === 1)).toBe(true);
    for (const orderNo of old) expect((await findOrderForPayment(db, orderNo))!.status).toBe('COMPLETED');
    for (const orderNo of recent) expect((await findOrderForPayment(db, orderNo))!.status).toBe('PENDING_RECEIPT');
  });
});
