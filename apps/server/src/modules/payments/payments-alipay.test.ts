import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { sql } from '../../lib/db.ts';
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
} from '../../test/kit/index.ts';
import { loadSandboxKeys } from './providers.ts';
import { newRsaKeyPair, signNotification, verifyRequest } from './rsa2.ts';

/** The server configured for Alipay, with keys made here standing in for the merchant's and Alipay's. */
const merchant = newRsaKeyPair();
const alipay = newRsaKeyPair();
const APP_ID = '2021004100000001';
const SELLER_ID = '2088621900000002';
const OPS_TOKEN = 'ops-token-for-alipay-tests-0123456789';
let server: TestServer;
let member: { token: string; memberId: string };
let sku: Awaited<ReturnType<typeof makeSku>>;

beforeAll(async () => {
  server = await startTestServer({
    PAYMENT_PROVIDER: 'alipay',
    ALIPAY_APP_ID: APP_ID,
    ALIPAY_SELLER_ID: SELLER_ID,
    ALIPAY_PRIVATE_KEY: merchant.privateKey,
    ALIPAY_PUBLIC_KEY: alipay.publicKey,
    PUBLIC_BASE_URL: 'https://shop.example.com',
    OPS_TOKEN,
  });
  const m = await registeredMember(server.api);
  member = { token: m.accessToken, memberId: await memberIdOf(server.api, m.accessToken) };
  sku = await makeSku(dbOf(server), { price: 9900 });
});
afterAll(() => server?.close());

const notification = (orderNo: string, over: Record<string, string> = {}) =>
  signNotification(
    {
      app_id: APP_ID,
      seller_id: SELLER_ID,
      sign_type: 'RSA2',
      charset: 'utf-8',
      notify_type: 'trade_status_sync',
      out_trade_no: orderNo,
      trade_no: `2025${Date.now()}${Math.floor(Math.random() * 1e6)}`,
      total_amount: '99.00',
      trade_status: 'TRADE_SUCCESS',
      ...over,
    },
    alipay.privateKey,
  );
const notify = async (params: Record<string, string>) =>
  (
    await fetch(`${server.url}/pay/notify/alipay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: encodeForm(params),
    })
  ).text();

describe('PAYMENT_PROVIDER=alipay', () => {
  it('sends the buyer to Alipay with a signed page-pay request and takes Alipay-signed notifications', async () => {
    const order = await makeOrder(dbOf(server), member.memberId, [{ ...sku, unitPrice: 9900, quantity: 1 }]);
    const res = await server.api.post('/member/pay/order/create', {
      token: member.token,
      json: { orderNo: order.orderNo, method: 'alipay' },
    });
    const url = new URL(res.data.payUrl);
    expect(`${url.origin}${url.pathname}`).toBe('https://openapi.alipay.com/gateway.do');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      method: 'alipay.trade.page.pay',
      notify_url: 'https://shop.example.com/pay/notify/alipay',
      return_url: `https://shop.example.com/payment?orderNo=${order.orderNo}&from=cashier`,
    });
    expect(verifyRequest(params, merchant.publicKey)).toBe(true);
    expect((await server.api.get('/pay/sandbox/cashier')).status).toBe(404);
    expect(await notify({ ...notification(order.orderNo), sign: notification(order.orderNo).sign! })).toBe('failure'); // a signature lifted from another notification
    expect(await notify(notification(order.orderNo))).toBe('success');
    expect(await orderRow(dbOf(server), order.orderNo)).toMatchObject({
      status: 'PENDING_SHIPMENT',
      payment_method: 'alipay',
    });
  });

  it('flags a second, different trade for an already paid order for refund', async () => {
    const order = await makeOrder(dbOf(server), member.memberId, [{ ...sku, unitPrice: 9900, quantity: 1 }]);
    expect(await notify(notification(order.orderNo, { trade_no: 'T-first-0001' }))).toBe('success');
    expect(await notify(notification(order.orderNo, { trade_no: 'T-second-0002' }))).toBe('success');
    expect(await countRows(dbOf(server), 'payments', sql`order_id = ${order.orderId} AND status = 'SUCCESS'`)).toBe(1);
    expect(
      await countRows(dbOf(server), 'payments', sql`order_id = ${order.orderId} AND status = 'REFUND_REQUIRED'`),
    ).toBe(1);
    const flagged = await server.api.get('/ops/afterSale/refundRequiredPayments', {
      headers: { 'x-ops-token': OPS_TOKEN },
    });
    expect(flagged.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          orderNo: order.orderNo,
          tradeNo: 'T-second-0002',
          amount: 9900,
          note: '订单已由其他交易支付，款项待退回',
        }),
      ]),
    );
  });

  it('refuses a notification signed by the sandbox platform or any other key', async () => {
    const order = await makeOrder(dbOf(server), member.memberId, [{ ...sku, unitPrice: 9900, quantity: 1 }]);
    const { sign: _s, ...unsigned } = notification(order.orderNo);
    expect(await notify(signNotification(unsigned, newRsaKeyPair().privateKey))).toBe('failure');
    expect(await orderRow(dbOf(server), order.orderNo)).toMatchObject({ status: 'PENDING_PAYMENT' });
  });
});

describe('sandbox keys', () => {
  it('are made once in DATA_DIR (mode 0600) and reused', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'paykeys-'));
    try {
      const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dir });
      const first = loadSandboxKeys({ config });
      const file = path.join(dir, 'payment-sandbox-keys.json');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(loadSandboxKeys({ config })).toEqual(first);
      expect(first.merchant.privateKey).not.toBe(first.platform.privateKey);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
