import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../lib/db.ts';
import { loadConfig } from '../../config.ts';
import {
  encodeForm,
  registeredMember,
  startTestServer,
  type TestServer,
  countRows,
  dbOf,
  makeOrder,
  makeSku,
  memberIdOf,
  orderRow,
  type MadeOrder,
  buyer as checkoutBuyer,
  buyNow,
  makeGoods,
  stockOf,
  sandboxPaidParams,
  cashierFields,
} from '../../test/kit/index.ts';
import { paymentsOf } from './providers.ts';
import { fenToYuan, newRsaKeyPair, signNotification, type Params } from './rsa2.ts';

let server: TestServer;
let buyer: { accessToken: string; memberId: string };
let other: { accessToken: string };
let sku: Awaited<ReturnType<typeof makeSku>>;

beforeAll(async () => {
  server = await startTestServer();
  const m = await registeredMember(server.api);
  buyer = { accessToken: m.accessToken, memberId: await memberIdOf(server.api, m.accessToken) };
  other = await registeredMember(server.api);
  sku = await makeSku(dbOf(server), { price: 1234, stock: 50 });
});
afterAll(() => server?.close());

const newOrder = (opts: Parameters<typeof makeOrder>[3] = {}, quantity = 1) =>
  makeOrder(dbOf(server), buyer.memberId, [{ ...sku, unitPrice: sku.price, quantity }], opts);

/** The notification the sandbox platform would send for this order, signed with its key. */
function platformNotification(order: MadeOrder, over: Params = {}, key?: string): Params {
  const { sandboxKeys } = paymentsOf(server.running.app.ctx);
  const base = sandboxPaidParams(server, order.orderNo, order.payable);
  const { sign: _sign, ...unsigned } = base;
  return signNotification({ ...unsigned, ...over }, key ?? sandboxKeys!.platform.privateKey);
}

async function notify(params: Params, provider = 'sandbox'): Promise<string> {
  const res = await fetch(`${server.url}/pay/notify/${provider}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body: encodeForm(params),
  });
  return res.text();
}

const successCount = (order: MadeOrder) =>
  countRows(dbOf(server), 'payments', sql`order_id = ${order.orderId} AND status = 'SUCCESS'`);

describe('sandbox payment end to end', () => {
  it('pays an order through the sandbox cashier: 待付款 → 待发货, one payment recorded', async () => {
    const order = await newOrder();
    const created = await server.api.post('/member/pay/order/create', {
      token: buyer.accessToken,
      json: { orderNo: order.orderNo, method: 'sandbox' },
    });
    expect(created.code).toBe(0);
    expect(created.data.amount).toBe(1234);
    expect(created.data.payUrl).toMatch(/^\/pay\/sandbox\/cashier\?/);
    expect(new Date(created.data.payDeadline).getTime()).toBeGreaterThan(Date.now());

    const page = await fetch(`${server.url}${created.data.payUrl}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('模拟收银台');
    expect(html).toContain('¥12.34');
    expect(html).toContain('确认支付');
    expect(html).toContain('取消');

    const before = await server.api.get('/member/pay/order/status', {
      token: buyer.accessToken,
      query: { orderNo: order.orderNo },
    });
    expect(before.data).toMatchObject({ status: 'PENDING_PAYMENT', paid: false });

    const confirm = await fetch(`${server.url}/pay/sandbox/cashier/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: encodeForm(cashierFields(html)),
      redirect: 'manual',
    });
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toBe(`/payment?orderNo=${order.orderNo}&from=cashier`);

    const after = await server.api.get('/member/pay/order/status', {
      token: buyer.accessToken,
      query: { orderNo: order.orderNo },
    });
    expect(after.data).toMatchObject({ status: 'PENDING_SHIPMENT', statusText: '待发货', paid: true });
    expect(await orderRow(dbOf(server), order.orderNo)).toMatchObject({
      status: 'PENDING_SHIPMENT',
      paid_amount: 1234,
      payment_method: 'sandbox',
    });
    expect(await successCount(order)).toBe(1);
    expect(await countRows(dbOf(server), 'payments', sql`order_id = ${order.orderId}`)).toBe(1);

    const again = await server.api.post('/member/pay/order/create', {
      token: buyer.accessToken,
      json: { orderNo: order.orderNo, method: 'sandbox' },
    });
    expect(again).toMatchObject({ code: 108101, message: '订单已支付，请勿重复支付' });
  });

  it('pays an order placed through the checkout, via the cashier page', async () => {
    const goods = await makeGoods(dbOf(server), { priceFen: 12_900, stock: 5 });
    const b = await checkoutBuyer(server.api);
    const placed = await buyNow(server.api, b, goods.skuId, 1);
    expect(placed.code, placed.message).toBe(0);
    const orderNo = placed.data.orderNo as string;
    const created = await server.api.post('/member/pay/order/create', {
      token: b.token,
      json: { orderNo, method: 'sandbox' },
    });
    expect(created.data.amount).toBe(12_900); // free delivery from ¥99
    const html = await (await fetch(`${server.url}${created.data.payUrl}`)).text();
    expect(html).toContain('¥129.00');
    const confirm = await fetch(`${server.url}/pay/sandbox/cashier/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: encodeForm(cashierFields(html)),
      redirect: 'manual',
    });
    expect(confirm.headers.get('location')).toBe(`/payment?orderNo=${orderNo}&from=cashier`);
    const detail = await server.api.get('/member/order/order/detail', { token: b.token, query: { orderNo } });
    expect(detail.data).toMatchObject({ status: 'PENDING_SHIPMENT', paidAmount: 12_900 });
    expect(await stockOf(dbOf(server), goods.skuId)).toBe(4);
  });

  it('refuses a cashier link whose amount was altered', async () => {
    const order = await newOrder();
    const created = await server.api.post('/member/pay/order/create', {
      token: buyer.accessToken,
      json: { orderNo: order.orderNo, method: 'sandbox' },
    });
    const url = new URL(created.data.payUrl, server.url);
    url.searchParams.set('biz_content', url.searchParams.get('biz_content')!.replace('"12.34"', '"0.01"'));
    const page = await fetch(url);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('支付请求签名无效');
  });

  it('the cashier refuses a link past its pay deadline', async () => {
    const order = await newOrder();
    const start = await paymentsOf(server.running.app.ctx).provider.createPayment({
      orderNo: order.orderNo,
      amountFen: order.payable,
      subject: 's',
      payDeadline: new Date(Date.now() - 1000),
      notifyUrl: '/pay/notify/sandbox',
      returnUrl: '/payment',
    });
    const page = await fetch(`${server.url}${'payUrl' in start ? start.payUrl : ''}`);
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('交易已超时关闭');
  });

  it('the browser coming back (cancel, or a forged return) never marks the order paid', async () => {
    const order = await newOrder();
    const created = await server.api.post('/member/pay/order/create', {
      token: buyer.accessToken,
      json: { orderNo: order.orderNo, method: 'sandbox' },
    });
    const html = await (await fetch(`${server.url}${created.data.payUrl}`)).text();
    const cancel = await fetch(`${server.url}/pay/sandbox/cashier/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: encodeForm(cashierFields(html)),
      redirect: 'manual',
    });
    expect(cancel.status).toBe(303);
    await fetch(
      `${server.url}/payment?orderNo=${order.orderNo}&from=cashier&trade_status=TRADE_SUCCESS&total_amount=12.34`,
    );
    const status = await server.api.get('/member/pay/order/status', {
      token: buyer.accessToken,
      query: { orderNo: order.orderNo },
    });
    expect(status.data).toMatchObject({ status: 'PENDING_PAYMENT', paid: false });
    expect(await countRows(dbOf(server), 'payments', sql`order_id = ${order.orderId} AND status <> 'CREATED'`)).toBe(0);
  });
});

describe('creating a payment', () => {
  it("refuses another member's order as not found, and closed or late orders", async () => {
    const order = await newOrder();
    const stranger = await server.api.post('/member/pay/order/create', {
      token: other.accessToken,
      json: { orderNo: order.orderNo, method: 'sandbox' },
    });
    expect(stranger).toMatchObject({ code: 404, message: '订单不存在' });
    const strangerStatus = await server.api.get('/member/pay/order/status', {
      token: other.accessToken,
      query: { orderNo: order.orderNo },
    });
    expect(strangerStatus.code).toBe(404);

    const late = await newOrder({ payMinutes: -1 });
    expect(
      await server.api.post('/member/pay/order/create', {
        token: buyer.accessToken,
        json: { orderNo: late.orderNo, method: 'sandbox' },
      }),
    ).toMatchObject({
      code: 108101,
      message: '订单已超时，请重新下单',
    });
    const cancelled = await newOrder({ status: 'CANCELLED' });
    expect(
      await server.api.post('/member/pay/order/create', {
        token: buyer.accessToken,
        json: { orderNo: cancelled.orderNo, method: 'sandbox' },
      }),
    ).toMatchObject({
      code: 108101,
      message: '订单已取消，不能支付',
    });
    expect(
      await server.api.post('/member/pay/order/create', {
        token: buyer.accessToken,
        json: { orderNo: order.orderNo, method: 'alipay' },
      }),
    ).toMatchObject({
      code: 400,
      message: '暂不支持该支付方式',
    });
    expect(
      (
        await server.api.post('/member/pay/order/create', {
          token: buyer.accessToken,
          json: { orderNo: "1' OR 1=1", method: 'sandbox' },
        })
      ).code,
    ).toBe(400);
    expect(
      (await server.api.post('/member/pay/order/create', { json: { orderNo: order.orderNo, method: 'sandbox' } })).code,
    ).toBe(106);
  });

  it('a phone gets the mobile cashier (alipay.trade.wap.pay), a desktop the page cashier; both open', async () => {
    const order = await newOrder();
    const create = (device: Record<string, unknown>) =>
      server.api.post('/member/pay/order/create', {
        token: buyer.accessToken,
        json: { orderNo: order.orderNo, method: 'sandbox', ...device },
      });
    const [phone, desktop, unsaid] = [await create({ mobile: true }), await create({ mobile: false }), await create({})];
    const methodOf = (payUrl: string) => new URL(payUrl, server.url).searchParams.get('method');
    expect(methodOf(phone.data.payUrl)).toBe('alipay.trade.wap.pay');
    expect(methodOf(desktop.data.payUrl)).toBe('alipay.trade.page.pay');
    expect(methodOf(unsaid.data.payUrl)).toBe('alipay.trade.page.pay');
    for (const url of [phone.data.payUrl, desktop.data.payUrl]) {
      const page = await fetch(`${server.url}${url}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`¥${fenToYuan(order.payable)}`);
    }
  });

  it('refuses a device flag that is not a yes or no, and records nothing', async () => {
    const order = await newOrder();
    const res = await server.api.post('/member/pay/order/create', {
      token: buyer.accessToken,
      json: { orderNo: order.orderNo, method: 'sandbox', mobile: 'phone' },
    });
    expect(res).toMatchObject({ code: 400, message: '设备类型格式不正确' });
    expect(await countRows(dbOf(server), 'payments', sql`order_id = ${order.orderId}`)).toBe(0);
    expect(await orderRow(dbOf(server), order.orderNo)).toMatchObject({ status: 'PENDING_PAYMENT' });
  });

  it('lists the configured method', async () => {
    const res = await server.api.get('/member/pay/methods', { token: buyer.accessToken });
    expect(res.data).toEqual([{ method: 'sandbox', name: '模拟支付（沙箱）' }]);
  });
});

describe('notifications', () => {
  it('50 concurrent copies of one valid notification make one payment and one paid order', async () => {
    const order = await newOrder();
    await server.api.post('/member/pay/order/create', {
      token: buyer.accessToken,
      json: { orderNo: order.orderNo, method: 'sandbox' },
    });
    const params = platformNotification(order);
    const answers = await Promise.all(Array.from({ length: 50 }, () => notify(params)));
    expect(answers.every((a) => a === 'success')).toBe(true);
    expect(await successCount(order)).toBe(1);
    expect(await countRows(dbOf(server), 'payments', sql`order_id = ${order.orderId}`)).toBe(1);
    expect(
      await countRows(dbOf(server), 'payment_notifications', sql`order_no = ${order.orderNo} AND outcome = 'paid'`),
    ).toBe(1);
    expect(
      await countRows(
        dbOf(server),
        'payment_notifications',
        sql`order_no = ${order.orderNo} AND outcome = 'duplicate'`,
      ),
    ).toBe(49);
    expect(await orderRow(dbOf(server), order.orderNo)).toMatchObject({
      status: 'PENDING_SHIPMENT',
      paid_amount: order.payable,
    });
    // Replayed later: still one payment.
    expect(await notify(params)).toBe('success');
    expect(await successCount(order)).toBe(1);
  });

  it.each([
    [
      'a forged signature',
      (o: MadeOrder) => ({ ...platformNotification(o), sign: crypto.randomBytes(256).toString('base64') }),
    ],
    ['an altered amount', (o: MadeOrder) => ({ ...platformNotification(o), total_amount: '0.01' })],
    ['an altered order number', (o: MadeOrder) => ({ ...platformNotification(o), out_trade_no: `${o.orderNo}1` })],
    [
      'a wrong app id, correctly signed',
      (o: MadeOrder) => platformNotification(o, { app_id: '2021000000000999', auth_app_id: '2021000000000999' }),
    ],
    ['a wrong seller, correctly signed', (o: MadeOrder) => platformNotification(o, { seller_id: '2088000000000999' })],
    [
      'a different amount, correctly signed',
      (o: MadeOrder) => platformNotification(o, { total_amount: fenToYuan(o.payable - 1) }),
    ],
    ['re-signed with another key', (o: MadeOrder) => platformNotification(o, {}, newRsaKeyPair().privateKey)],
    ['no signature', (o: MadeOrder) => ({ ...platformNotification(o), sign: '' })],
  ])('%s changes nothing', async (_name, make) => {
    const order = await newOrder();
    expect(await notify(make(order))).toBe('failure');
    expect(await orderRow(dbOf(server), order.orderNo)).toMatchObject({ status: 'PENDING_PAYMENT', paid_amount: 0 });
    expect(await countRows(dbOf(server), 'payments', sql`order_id = ${order.orderId}`)).toBe(0);
    expect(
      await countRows(
        dbOf(server),
        'payment_notifications',
        sql`order_no LIKE ${`${order.orderNo}%`} AND outcome LIKE 'refused%'`,
      ),
    ).toBe(1);
  });

  it('answers failure to a provider that is not enabled, and to a notification for no order', async () => {
    const order = await newOrder();
    expect(await notify(platformNotification(order), 'alipay')).toBe('failure');
    expect(await notify(platformNotification(order), 'paypal')).toBe('failure');
    expect(await orderRow(dbOf(server), order.orderNo)).toMatchObject({ status: 'PENDING_PAYMENT' });
  });

  it('ignores a trade that is not paid (WAIT_BUYER_PAY)', async () => {
    const order = await newOrder();
    expect(await notify(platformNotification(order, { trade_status: 'WAIT_BUYER_PAY' }))).toBe('success');
    expect(await orderRow(dbOf(server), order.orderNo)).toMatchObject({ status: 'PENDING_PAYMENT' });
  });

  it('records money for a cancelled order once and flags it for refund; the order stays cancelled', async () => {
    const order = await newOrder({ status: 'CANCELLED' });
    const params = platformNotification(order);
    const answers = await Promise.all(Array.from({ length: 5 }, () => notify(params)));
    expect(answers.every((a) => a === 'success')).toBe(true);
    expect(await orderRow(dbOf(server), order.orderNo)).toMatchObject({ status: 'CANCELLED', paid_amount: 0 });
    expect(
      await countRows(dbOf(server), 'payments', sql`order_id = ${order.orderId} AND status = 'REFUND_REQUIRED'`),
    ).toBe(1);
    expect(await countRows(dbOf(server), 'payments', sql`order_id = ${order.orderId} AND status = 'SUCCESS'`)).toBe(0);
  });
});

describe('configuration', () => {
  const prod = {
    NODE_ENV: 'production',
    JWT_SECRET: 'x'.repeat(40),
    DATA_KEY: 'a'.repeat(64),
    OPS_TOKEN: 'o'.repeat(32),
    SMS_PROVIDER: 'webhook',
    SMS_WEBHOOK_URL: 'http://127.0.0.1:1/sms',
  };
  it('refuses the sandbox in production unless allowed by name', () => {
    expect(() => loadConfig(prod)).toThrow(/沙箱支付/);
    expect(loadConfig({ ...prod, ALLOW_INSECURE: 'payment-sandbox' }).PAYMENT_PROVIDER).toBe('sandbox');
  });
  it('requires the Alipay settings with PAYMENT_PROVIDER=alipay', () => {
    expect(() => loadConfig({ ...prod, PAYMENT_PROVIDER: 'alipay' })).toThrow(/ALIPAY_APP_ID/);
  });
});
