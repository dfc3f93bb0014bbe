/**
 * The server killed (SIGKILL: a crash, the OOM killer, a lost machine's process) in the middle of
 * checkouts and payments, then started again on the same database: PGlite's data directory in the unit
 * pass, PostgreSQL in the PostgreSQL pass (scripts/pg-test.sh). The real server runs as its own process
 * (test/kit/server-process.ts); buyers come through its API, the goods straight into the database.
 * After the restart: no half-written order (each has its line and its stock movement), stock + ordered
 * exact, every idempotency key answers as before the kill (or, cut before its commit, places the order
 * once), every payment the shop acknowledged to the platform is paid, and the server started cleanly
 * (on PGlite taking over the lock the dead process left). The figures are printed, bounded loosely.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { buyer, makeApi, makeGoods, newKey, payAtCashier, type Api } from '../test/kit/index.ts';
import { drillShop, type DrillShop } from '../test/kit/drill-shop.ts';
import { startServerProcess, START_WAIT_MS, type ServerProcess } from '../test/kit/server-process.ts';
import { rows, sql, type Db } from './db.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const BUYERS = 20;
const CHECKOUTS = 200;
const PAYMENTS = 40;
const STOCK = 100_000;
/** The kill comes once this many of the storm's checkouts have been answered and payments acknowledged. */
const KILL_AFTER = { checkouts: 60, payments: 10 };

const settings = {
  // Fixed, so the tokens signed before the kill still open sessions after it.
  JWT_SECRET: crypto.randomBytes(32).toString('hex'),
  DATA_KEY: crypto.randomBytes(32).toString('hex'),
  SWEEP_INTERVAL_SECONDS: '0',
  SMS_DAILY_LIMIT_PER_IP: '100000',
  SMS_DAILY_LIMIT_PER_VISITOR: '100000',
};

type Buyer = Awaited<ReturnType<typeof buyer>>;
interface Checkout {
  key: string;
  buyer: Buyer;
  /** The reply before the kill; undefined when the kill cut the request. */
  code?: number;
  orderNo?: string;
}
interface Payment {
  orderNo: string;
  buyer: Buyer;
  /** The cashier's 303: the shop answered the platform's notification 'success'. */
  acknowledged: boolean;
  cut: boolean;
}

function checkoutOf(api: Api, c: Checkout, skuId: number) {
  return api.post('/member/trade/checkout/submit', {
    token: c.buyer.token,
    json: { buyNow: { skuId, quantity: 1 }, addressId: c.buyer.addressId, idempotencyKey: c.key },
  });
}

async function readyWithin(url: string, ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const status = await fetch(`${url}/readyz`).then((r) => r.status, () => 0);
    if (status === 200) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url}/readyz not 200 within ${ms} ms`);
}

describe(`the server killed mid-checkout and mid-payment (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let shop: DrillShop | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    await shop?.close();
  });

  it('restarts cleanly, keeps every acknowledged order and payment, half-writes nothing', async () => {
    shop = await drillShop('server-kill-');
    const goods = await shop.withDb((db) => makeGoods(db, { name: '断电演练 保温杯', priceFen: 1990, stock: STOCK }));
    const start = () =>
      startServerProcess({ dataDir: shop!.dataDir, databaseUrl: shop!.databaseUrl, logLevel: 'info', env: settings });
    server = await start();
    const first = server;
    let api = makeApi(first.url);

    const buyers: Buyer[] = [];
    for (let i = 0; i < BUYERS; i += 5) buyers.push(...(await Promise.all([0, 1, 2, 3, 4].map(() => buyer(api)))));
    // Orders to pay during the storm, placed before it (their keys must answer the same after the kill too).
    const earlier: Checkout[] = [];
    for (let i = 0; i < PAYMENTS; i++) {
      const c: Checkout = { key: newKey(), buyer: buyers[i % BUYERS]! };
      const reply = await checkoutOf(api, c, goods.skuId);
      expect(reply.code, reply.message).toBe(Code.OK);
      earlier.push({ ...c, code: reply.code, orderNo: reply.data.orderNo });
    }

    // The storm: 40 payments at the cashier and 200 checkouts; the kill once 60 checkouts have been answered
    // and 10 payments acknowledged, with the rest in flight.
    const storm: Checkout[] = Array.from({ length: CHECKOUTS }, (_, i) => ({ key: newKey(), buyer: buyers[i % BUYERS]! }));
    let answered = 0;
    let paid = 0;
    let killed: Promise<void> | undefined;
    let killedAt = 0;
    let killedAtClock = 0;
    const killNow = () => {
      if (killed) return;
      killedAt = performance.now();
      killedAtClock = Date.now();
      killed = first.kill();
    };
    const killWhenDue = () => {
      if (answered >= KILL_AFTER.checkouts && paid >= KILL_AFTER.payments) killNow();
    };
    const payments: Payment[] = earlier.map((c) => ({ orderNo: c.orderNo!, buyer: c.buyer, acknowledged: false, cut: false }));
    const pay = async (p: Payment) => {
      try {
        p.acknowledged = (await payAtCashier(api, first.url, p.buyer.token, p.orderNo)).status === 303;
        if (p.acknowledged && ++paid === 5) letTheRestGo();
        killWhenDue();
      } catch {
        p.cut = true;
      }
    };
    const checkout = async (c: Checkout) => {
      try {
        const reply = await checkoutOf(api, c, goods.skuId);
        c.code = reply.code;
        c.orderNo = reply.data?.orderNo;
        answered += 1;
        for (const w of waiting.filter((w) => w.after <= answered)) w.go();
        killWhenDue();
      } catch {
        /* cut by the kill */
      }
    };
    // Half the payments go first; once five are through, the 200 checkouts come at once, and the other
    // half of the payments one after every three checkouts answered, so that some are at the cashier
    // whatever the database's pace when the kill comes.
    const waiting: { after: number; go: () => void }[] = [];
    const payLater = async (p: Payment, after: number) => {
      await new Promise<void>((go) => (after <= answered ? go() : waiting.push({ after, go })));
      await pay(p);
    };
    let letTheRestGo = () => {};
    const theRestMayGo = new Promise<void>((resolve) => (letTheRestGo = resolve));
    const stormStarted = performance.now();
    const firstHalf = Promise.all(payments.slice(0, PAYMENTS / 2).map(pay)).finally(letTheRestGo);
    await theRestMayGo;
    const secondHalf = payments.slice(PAYMENTS / 2).map((p, i) => payLater(p, 3 * i));
    await Promise.all([firstHalf, ...secondHalf, ...storm.map(checkout)]);
    killNow(); // had the machine been fast enough to answer everything first
    await killed;
    const stormMs = Math.round(killedAt - stormStarted);

    const lockFile = path.join(shop.dataDir, 'mall.lock');
    if (!onPostgres) expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(first.pid)); // left by the dead process

    const restarting = performance.now();
    server = await start();
    const second = server;
    await readyWithin(second.url, START_WAIT_MS);
    const readyMs = Math.round(performance.now() - restarting);
    if (!onPostgres) expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(second.pid));
    api = makeApi(second.url);

    const placedBefore = storm.filter((c) => c.code === Code.OK);
    const cut = storm.filter((c) => c.code === undefined);
    const refused = storm.filter((c) => c.code !== undefined && c.code !== Code.OK);
    expect(refused.map((c) => c.code)).toEqual([]);
    // Every key answered before the kill answers the same now.
    for (const c of [...earlier, ...placedBefore]) {
      const again = await checkoutOf(api, c, goods.skuId);
      expect({ code: again.code, orderNo: again.data?.orderNo }).toEqual({ code: c.code, orderNo: c.orderNo });
    }
    // A cut one places its order now (or finds the one committed just before the kill), once. An order
    // made before the kill was committed before it (an uncommitted one died with the process): its
    // answer was what the kill cut.
    let committedUnanswered = 0;
    for (const c of cut) {
      const again = await checkoutOf(api, c, goods.skuId);
      expect(again.code, again.message).toBe(Code.OK);
      expect((await checkoutOf(api, c, goods.skuId)).data.orderNo).toBe(again.data.orderNo);
      c.orderNo = again.data.orderNo;
      const detail = await api.get('/member/order/order/detail', { token: c.buyer.token, query: { orderNo: c.orderNo! } });
      if (Date.parse(detail.data.createdAt) < killedAtClock) committedUnanswered += 1;
    }
    // Every acknowledged payment is paid; a cut one is paid by paying again (or was already).
    const acknowledged = payments.filter((p) => p.acknowledged);
    const unpaidAfterCut = [];
    for (const p of payments) {
      const status = await api.get('/member/pay/order/status', { token: p.buyer.token, query: { orderNo: p.orderNo } });
      if (p.acknowledged) expect({ orderNo: p.orderNo, paid: status.data.paid }).toEqual({ orderNo: p.orderNo, paid: true });
      if (!status.data.paid) {
        unpaidAfterCut.push(p);
        expect((await payAtCashier(api, second.url, p.buyer.token, p.orderNo)).status).toBe(303);
      }
    }

    await second.stop(); // PGlite is one process's: the checks below open its directory
    // It started and served cleanly: no error or fatal line (pino's levels 50 and 60) in its log.
    expect(second.output().split('\n').filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
    const orderNos = new Set([...earlier, ...storm].map((c) => c.orderNo!));
    const counted = await shop.withDb((db) => countOrders(db, goods.skuId));
    console.log(
      `server killed (${onPostgres ? 'PostgreSQL' : 'PGlite'}): ${placedBefore.length} of ${CHECKOUTS} checkouts placed ` +
        `and ${acknowledged.length} of ${PAYMENTS} payments acknowledged before the kill (${stormMs} ms into the storm); ` +
        `${cut.length} checkouts and ${payments.filter((p) => p.cut).length} payments cut; ` +
        `on retry ${cut.length - committedUnanswered} cut checkouts placed once and ${committedUnanswered} found ` +
        `already committed, ${unpaidAfterCut.length} cut payments paid again; ` +
        `first start ${first.startMs} ms, restart ${second.startMs} ms to the start line, ${readyMs} ms to /readyz 200`,
    );
    expect(cut.length).toBeGreaterThan(0);
    // Every order any buyer was told of is there once, with its line and its stock movement.
    expect(counted.orders).toBe(orderNos.size);
    expect(counted.withoutLine).toBe(0);
    expect(counted.withoutMovement).toBe(0);
    expect(counted.stock + counted.ordered).toBe(STOCK);
    expect(counted.moved).toBe(-counted.ordered);
    // Paid once each: every payment's order has one successful payment.
    expect(counted.paid).toBe(PAYMENTS);
    expect(counted.successfulPayments).toBe(PAYMENTS);
  }, 2 * START_WAIT_MS + 120_000);
});

async function countOrders(db: Db, skuId: number) {
  const [counted] = await rows<{
    orders: number;
    withoutLine: number;
    withoutMovement: number;
    ordered: number;
    moved: number;
    stock: number;
    paid: number;
    successfulPayments: number;
  }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM orders) AS "orders",
               (SELECT count(*)::int FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)) AS "withoutLine",
               (SELECT count(*)::int FROM orders o WHERE NOT EXISTS
                  (SELECT 1 FROM stock_ledger l WHERE l.ref_no = o.order_no AND l.kind = 'sale')) AS "withoutMovement",
               (SELECT coalesce(sum(quantity), 0)::int FROM order_items WHERE sku_id = ${skuId}) AS "ordered",
               (SELECT coalesce(sum(change), 0)::int FROM stock_ledger WHERE sku_id = ${skuId}) AS "moved",
               (SELECT stock FROM skus WHERE id = ${skuId}) AS "stock",
               (SELECT count(*)::int FROM orders WHERE status = 'PENDING_SHIPMENT') AS "paid",
               (SELECT count(*)::int FROM payments WHERE status = 'SUCCESS') AS "successfulPayments"`,
  );
  return counted!;
}
