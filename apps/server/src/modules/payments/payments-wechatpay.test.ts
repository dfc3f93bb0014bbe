/**
 * The shop with two real providers (PAYMENT_PROVIDER=alipay,wechatpay), WeChat Pay pointed at the
 * local fake: the buyer picks one, a desktop gets a QR code, a phone an H5 link, and the service's
 * rules hold for WeChat Pay's JSON notifications (exactly once, late money flagged, amount checked);
 * the sweeper asks WeChat Pay before cancelling, and refund news saying the money did not go back shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../lib/db.ts';
import {
  applyAfterSale,
  buyer,
  buyNow,
  consoleCalls,
  countRows,
  dbOf,
  makeGoods,
  makeOrder,
  makeSku,
  memberIdOf,
  orderRow,
  registeredMember,
  startTestServer,
  type TestServer,
} from '../../test/kit/index.ts';
import { sweepOnce } from '../../flows/order-sweeper.ts';
import { fakeAlipayGateway, type FakeAlipayGateway } from './alipay-fake-gateway.ts';
import { newRsaKeyPair } from './rsa2.ts';
import {
  fakeWechatGateway,
  wechatNotification,
  wechatpaySettings,
  type FakeWechatGateway,
  type SignedNotification,
} from './wechatpay-fake-gateway.ts';

const merchant = newRsaKeyPair();
const platform = newRsaKeyPair();
const alipayMerchant = newRsaKeyPair();
const alipay = newRsaKeyPair();
const KEYS = {
  mchId: '1900000109',
  appId: 'wxd678efh567hg6787',
  apiV3Key: 'v'.repeat(32),
  merchantCertSerial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  platformPublicKeyId: 'PUB_KEY_ID_0114232134912410000000000000',
};
const OPS_TOKEN = 'ops-token-for-wechatpay-tests-0123456789';
let fake: FakeWechatGateway;
let fakeAlipay: FakeAlipayGateway;
let server: TestServer;
let member: { token: string; memberId: string };
let sku: Awaited<ReturnType<typeof makeSku>>;

beforeAll(async () => {
  fake = await fakeWechatGateway({
    ...KEYS,
    merchantPublicKey: merchant.publicKey,
    platformPrivateKey: platform.privateKey,
    forgeryKey: newRsaKeyPair().privateKey,
  });
  fakeAlipay = await fakeAlipayGateway({
    appId: '2021004100000001',
    merchantPublicKey: alipayMerchant.publicKey,
    alipayPrivateKey: alipay.privateKey,
    forgeryKey: newRsaKeyPair().privateKey,
  });
  server = await startTestServer({
    PAYMENT_PROVIDER: 'alipay,wechatpay',
    ALIPAY_APP_ID: '2021004100000001',
    ALIPAY_SELLER_ID: '2088621900000002',
    ALIPAY_PRIVATE_KEY: alipayMerchant.privateKey,
    ALIPAY_PUBLIC_KEY: alipay.publicKey,
    ALIPAY_GATEWAY: fakeAlipay.url,
    ...wechatpaySettings(KEYS, merchant.privateKey, platform.publicKey, fake.url),
    PUBLIC_BASE_URL: 'https://shop.example.com',
    OPS_TOKEN,
  });
  const m = await registeredMember(server.api);
  member = { token: m.accessToken, memberId: await memberIdOf(server.api, m.accessToken) };
  sku = await makeSku(dbOf(server), { price: 9900 });
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
  await fakeAlipay?.close();
});

const newOrder = (status?: string) =>
  makeOrder(dbOf(server), member.memberId, [{ ...sku, unitPrice: 9900, quantity: 1 }], status ? { status } : {});

const post = (n: SignedNotification, contentType = 'application/json') =>
  fetch(`${server.url}/pay/notify/wechatpay`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...n.headers },
    body: n.rawBody,
  });

/** The notification WeChat Pay would send for a payment of this order (the fake need not know it). */
const paid = (orderNo: string, over: Record<string, unknown> = {}) =>
  wechatNotification(
    { ...KEYS, platformPrivateKey: platform.privateKey },
    {
      appid: KEYS.appId,
      mchid: KEYS.mchId,
      out_trade_no: orderNo,
      transaction_id: `4200${orderNo}`,
      trade_state: 'SUCCESS',
      amount: { total: 9900, payer_total: 9900, currency: 'CNY' },
      ...over,
    },
  );

const paymentsOfOrder = (orderId: string, status: string) =>
  countRows(dbOf(server), 'payments', sql`order_id = ${orderId} AND status = ${status}`);

describe('PAYMENT_PROVIDER=alipay,wechatpay', () => {
  it('lists both methods for the buyer to pick', async () => {
    const res = await server.api.get('/member/pay/methods', { token: member.token });
    expect(res.data).toEqual([
      { method: 'alipay', name: '支付宝' },
      { method: 'wechatpay', name: '微信支付' },
    ]);
  });

  it('a desktop gets a Native QR code; the signed notification marks the order paid once', async () => {
    const order = await newOrder();
    const res = await server.api.post('/member/pay/order/create', {
      token: member.token,
      json: { orderNo: order.orderNo, method: 'wechatpay' },
    });
    expect(res.data).toMatchObject({
      method: 'wechatpay',
      amount: 9900,
      codeUrl: expect.stringMatching(/^weixin:\/\//),
    });
    expect(res.data.payUrl).toBeUndefined();
    expect(fake.orders.get(order.orderNo)).toMatchObject({
      amountFen: 9900,
      notifyUrl: 'https://shop.example.com/pay/notify/wechatpay',
      h5: false,
    });
    const n = fake.pay(order.orderNo);
    const first = await post(n);
    expect(first.status).toBe(204);
    expect((await post(n)).status).toBe(204); // WeChat Pay sending it again
    expect(await orderRow(dbOf(server), order.orderNo)).toMatchObject({
      status: 'PENDING_SHIPMENT',
      payment_method: 'wechatpay',
      paid_amount: 9900,
    });
    expect(await paymentsOfOrder(order.orderId, 'SUCCESS')).toBe(1);
    const status = await server.api.get(`/member/pay/order/status?orderNo=${order.orderNo}`, { token: member.token });
    expect(status.data).toMatchObject({ paid: true });
  });

  it('a phone gets the H5 link with its IP in scene_info', async () => {
    const order = await newOrder();
    const res = await server.api.post('/member/pay/order/create', {
      token: member.token,
      json: { orderNo: order.orderNo, method: 'wechatpay', mobile: true },
    });
    const url = new URL(res.data.payUrl);
    expect(url.origin).toBe('https://wx.tenpay.com');
    expect(url.searchParams.get('redirect_url')).toBe(
      `https://shop.example.com/payment?orderNo=${order.orderNo}&from=cashier`,
    );
    expect(fake.orders.get(order.orderNo)).toMatchObject({ h5: true, clientIp: expect.stringMatching(/127\.0\.0\.1/) });
  });

  it('20 concurrent copies of one notification make one payment', async () => {
    const order = await newOrder();
    const n = paid(order.orderNo);
    // WeChat Pay's content type, with or without its charset
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(n, i % 2 ? 'application/json; charset=utf-8' : 'application/json')),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(204));
    expect(await paymentsOfOrder(order.orderId, 'SUCCESS')).toBe(1);
    expect(
      await countRows(dbOf(server), 'payment_notifications', sql`order_no = ${order.orderNo} AND outcome = 'paid'`),
    ).toBe(1);
  });

  it('money for a cancelled order is recorded once and flagged for refund; the order stays cancelled', async () => {
    const order = await newOrder('CANCELLED');
    const n = paid(order.orderNo);
    const answers = await Promise.all(Array.from({ length: 3 }, () => post(n)));
    expect(answers.map((a) => a.status)).toEqual([204, 204, 204]);
    expect(await orderRow(dbOf(server), order.orderNo)).toMatchObject({ status: 'CANCELLED', paid_amount: 0 });
    expect(await paymentsOfOrder(order.orderId, 'REFUND_REQUIRED')).toBe(1);
  });

  it('an amount other than the payable one is refused with a JSON answer WeChat Pay retries on', async () => {
    const order = await newOrder();
    const res = await post(paid(order.orderNo, { amount: { total: 1, currency: 'CNY' } }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: 'FAIL', message: '通知未通过校验' });
    expect(await orderRow(dbOf(server), order.orderNo)).toMatchObject({ status: 'PENDING_PAYMENT' });
    expect(
      await countRows(
        dbOf(server),
        'payment_notifications',
        sql`order_no = ${order.orderNo} AND outcome = ${'refused: amount 1 != payable 9900'}`,
      ),
    ).toBe(1);
  });

  it('bad input changes nothing: forged, stale, not JSON, form-encoded, oversized, unicode and injection-shaped', async () => {
    const order = await newOrder();
    const good = paid(order.orderNo);
    const forged = wechatNotification(
      { ...KEYS, platformPrivateKey: newRsaKeyPair().privateKey },
      {
        appid: KEYS.appId,
        mchid: KEYS.mchId,
        out_trade_no: order.orderNo,
        transaction_id: 't',
        trade_state: 'SUCCESS',
        amount: { total: 9900 },
      },
    );
    const stale = wechatNotification(
      { ...KEYS, platformPrivateKey: platform.privateKey },
      {
        appid: KEYS.appId,
        mchid: KEYS.mchId,
        out_trade_no: order.orderNo,
        transaction_id: 't',
        trade_state: 'SUCCESS',
        amount: { total: 9900 },
      },
      { timestamp: Math.floor(Date.now() / 1000) - 600 },
    );
    expect((await post(forged)).status).toBe(400);
    expect((await post(stale)).status).toBe(400);
    expect((await post({ rawBody: 'not json {', headers: good.headers })).status).toBe(400);
    expect(
      (await post({ rawBody: '{"id":"\'; DROP TABLE orders;--","event_type":"支付成功😀"}', headers: good.headers }))
        .status,
    ).toBe(400);
    expect((await post({ rawBody: '', headers: {} })).status).toBeGreaterThanOrEqual(400);
    expect((await post(good, 'application/x-www-form-urlencoded')).status).toBe(415);
    expect((await post({ rawBody: `{"a":"${'x'.repeat(70 * 1024)}"}`, headers: good.headers })).status).toBe(413);
    expect(await orderRow(dbOf(server), order.orderNo)).toMatchObject({ status: 'PENDING_PAYMENT' });
    expect(await countRows(dbOf(server), 'payments', sql`order_id = ${order.orderId}`)).toBe(0);
    // and the genuine one still goes through
    expect((await post(good)).status).toBe(204);
  });

  it('an unknown method is refused in Chinese', async () => {
    const order = await newOrder();
    const res = await server.api.post('/member/pay/order/create', {
      token: member.token,
      json: { orderNo: order.orderNo, method: 'sandbox' },
    });
    expect(res).toMatchObject({ code: 400, message: '暂不支持该支付方式' });
    expect(fake.orders.has(order.orderNo)).toBe(false);
  });

  it('an after-sale refund of a WeChat Pay order goes back through WeChat Pay once, however often asked', async () => {
    const ops = consoleCalls(server, OPS_TOKEN);
    const b = await buyer(server.api);
    const g = await makeGoods(dbOf(server), { priceFen: 12000, stock: 10 });
    const bought = await buyNow(server.api, b, g.skuId, 1);
    expect(bought.code, bought.message).toBe(0);
    const orderNo = bought.data.orderNo as string;
    const payable = bought.data.payableAmount as number;
    const created = await server.api.post('/member/pay/order/create', {
      token: b.token,
      json: { orderNo, method: 'wechatpay' },
    });
    expect(created.data.codeUrl).toMatch(/^weixin:/);
    expect((await post(fake.pay(orderNo))).status).toBe(204);
    const detail = await server.api.get('/member/order/order/detail', { token: b.token, query: { orderNo } });
    expect(detail.data).toMatchObject({ status: 'PENDING_SHIPMENT', paymentMethod: 'wechatpay' });
    const no = await applyAfterSale(server, b.token, detail.data.items[0].id as string);
    expect((await ops.post('/ops/afterSale/approve', { afterSaleNo: no })).code).toBe(0);
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => ops.post('/ops/afterSale/refund', { afterSaleNo: no })),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    const made = [...fake.refunds.values()].filter((r) => r.orderNo === orderNo);
    expect(made).toHaveLength(1);
    expect(made[0]!.amountFen).toBe(payable);
    const last = fake.calls.filter((c) => c.uri === '/v3/refund/domestic/refunds').at(-1)!;
    expect(last.body).toMatchObject({
      out_trade_no: orderNo,
      amount: { refund: payable, total: payable, currency: 'CNY' },
    });

    // Later WeChat Pay tells the money did not go back (the buyer's card closed): the operator sees it
    // on the request; the news again, or a forged one, changes nothing more.
    const refundNo = last.body.out_refund_no as string;
    const news = (status: string) =>
      wechatNotification(
        { ...KEYS, platformPrivateKey: platform.privateKey },
        {
          mchid: KEYS.mchId,
          out_trade_no: orderNo,
          transaction_id: fake.orders.get(orderNo)!.transactionId,
          out_refund_no: refundNo,
          refund_id: made[0]!.refundId,
          refund_status: status,
          amount: { total: payable, refund: payable, payer_total: payable, payer_refund: payable },
        },
        { eventType: `REFUND.${status}` },
      );
    const requestRefund = async () =>
      (await ops.get('/ops/afterSale/detail', { afterSaleNo: no })).data.refund as Record<string, unknown>;
    expect((await post(news('SUCCESS'))).status).toBe(204);
    expect(await requestRefund()).toMatchObject({ refundNo, status: 'SUCCESS', error: null });
    const abnormal = news('ABNORMAL');
    expect((await post(abnormal)).status).toBe(204);
    expect((await post(abnormal)).status).toBe(204);
    expect(await requestRefund()).toMatchObject({
      refundNo,
      status: 'NOT_RETURNED',
      error: '退款异常（如买家银行卡已注销），请到支付渠道的商户平台处理',
    });
    expect(
      await countRows(
        dbOf(server),
        'payment_notifications',
        sql`outcome = ${`refund not returned: ${refundNo} REFUND_ABNORMAL`}`,
      ),
    ).toBe(1);
  });
});

describe('the sweeper asks WeChat Pay before it cancels an unpaid order past its deadline', () => {
  const startPaying = async (method = 'wechatpay') => {
    const order = await newOrder();
    const res = await server.api.post('/member/pay/order/create', {
      token: member.token,
      json: { orderNo: order.orderNo, method },
    });
    expect(res.code, res.message).toBe(0);
    return order;
  };
  const overdue = (orderNos: string[]) =>
    dbOf(server).execute(
      sql`UPDATE orders SET pay_deadline = now() - interval '1 minute' WHERE order_no IN (${sql.join(
        orderNos.map((n) => sql`${n}`),
        sql`, `,
      )})`,
    );

  it('paid with its notification lost: paid once, not cancelled, by two sweepers at once; unpaid: cancelled', async () => {
    const paidOne = await startPaying();
    const unpaid = await startPaying();
    fake.pay(paidOne.orderNo); // the buyer paid; the notification never comes
    await overdue([paidOne.orderNo, unpaid.orderNo]);
    const ctx = server.running.app.ctx;
    const [a, b] = await Promise.all([sweepOnce(ctx), sweepOnce(ctx)]);
    expect(a.paidOnQuery + b.paidOnQuery).toBe(1);
    expect(await orderRow(dbOf(server), paidOne.orderNo)).toMatchObject({
      status: 'PENDING_SHIPMENT',
      payment_method: 'wechatpay',
      paid_amount: 9900,
    });
    expect(await paymentsOfOrder(paidOne.orderId, 'SUCCESS')).toBe(1);
    expect(await paymentsOfOrder(paidOne.orderId, 'REFUND_REQUIRED')).toBe(0);
    expect(await orderRow(dbOf(server), unpaid.orderNo)).toMatchObject({ status: 'CANCELLED', paid_amount: 0 });
    expect(
      await countRows(
        dbOf(server),
        'payment_notifications',
        sql`order_no = ${paidOne.orderNo} AND outcome = 'paid' AND params->>'source' = 'query'`,
      ),
    ).toBe(1);
    // The notification arriving after all finds the payment recorded.
    expect((await post(fake.pay(paidOne.orderNo))).status).toBe(204);
    expect(await paymentsOfOrder(paidOne.orderId, 'SUCCESS')).toBe(1);
  });

  it('Alipay is asked the same way (alipay.trade.query) for an order the buyer started paying there', async () => {
    const order = await startPaying('alipay');
    fakeAlipay.trades.set(order.orderNo, 9900); // paid at Alipay; the notification lost
    await overdue([order.orderNo]);
    expect((await sweepOnce(server.running.app.ctx)).paidOnQuery).toBe(1);
    expect(await orderRow(dbOf(server), order.orderNo)).toMatchObject({
      status: 'PENDING_SHIPMENT',
      payment_method: 'alipay',
      paid_amount: 9900,
    });
    expect(
      fakeAlipay.calls.some((c) => c.params.method === 'alipay.trade.query' && c.biz.out_trade_no === order.orderNo),
    ).toBe(true);
  });

  it('with WeChat Pay unreachable the order is still cancelled on time', async () => {
    const order = await startPaying();
    await overdue([order.orderNo]);
    fake.mode = 'error502';
    try {
      const swept = await sweepOnce(server.running.app.ctx);
      expect(swept.paidOnQuery).toBe(0);
    } finally {
      fake.mode = 'ok';
    }
    expect(await orderRow(dbOf(server), order.orderNo)).toMatchObject({ status: 'CANCELLED' });
  });
});
