import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fixture from './fixtures/alipay-notify.json' with { type: 'json' };
import { fakeAlipayGateway, type FakeAlipayGateway } from './alipay-fake-gateway.ts';
import { createAlipayProvider } from './alipay.ts';
import type { CreatePaymentInput, PaymentProvider } from './provider.ts';
import {
  beijingTime,
  fenToYuan,
  newRsaKeyPair,
  signingContent,
  signNotification,
  verifyRequest,
  yuanToFen,
} from './rsa2.ts';

const merchant = newRsaKeyPair();
const alipay = newRsaKeyPair();
const APP_ID = '2021004100000001';
const SELLER_ID = '2088621900000002';
const GATEWAY = 'https://openapi.alipay.com/gateway.do';

async function payUrlOf(p: PaymentProvider, input: CreatePaymentInput): Promise<string> {
  const start = await p.createPayment(input);
  if (!('payUrl' in start)) throw new Error('expected a payUrl');
  return start.payUrl;
}

function provider(gateway = GATEWAY, merchantKey = merchant.privateKey) {
  return createAlipayProvider({
    appId: APP_ID,
    sellerId: SELLER_ID,
    merchantPrivateKey: merchantKey,
    alipayPublicKey: alipay.publicKey,
    gateway,
    timeoutMs: 500,
  });
}

const notification = (over: Record<string, string> = {}, key = alipay.privateKey) =>
  signNotification(
    {
      app_id: APP_ID,
      seller_id: SELLER_ID,
      sign_type: 'RSA2',
      charset: 'utf-8',
      out_trade_no: '20250308000000000001',
      trade_no: '2025030822001400000000000001',
      total_amount: '12.34',
      trade_status: 'TRADE_SUCCESS',
      ...over,
    },
    key,
  );

describe('RSA2 helpers', () => {
  it('sorts keys, drops sign/sign_type/empty values', () => {
    expect(signingContent({ b: '2', a: '1', sign: 'x', sign_type: 'RSA2', c: '' })).toBe('a=1&b=2');
  });
  it('converts yuan and fen exactly', () => {
    expect(fenToYuan(1234)).toBe('12.34');
    expect(fenToYuan(5)).toBe('0.05');
    expect(yuanToFen('12.34')).toBe(1234);
    expect(yuanToFen('12.3')).toBe(1230);
    expect(yuanToFen('12')).toBe(1200);
    for (const bad of ['-1.00', '1.234', '1e3', ' 1.00', '', '0x10', '1,00']) expect(yuanToFen(bad)).toBeUndefined();
  });
});

const payInput = {
  orderNo: '20250308000000000001',
  amountFen: 12_850,
  subject: '商城订单 20250308000000000001',
  payDeadline: new Date('2025-03-08T02:50:00Z'),
  notifyUrl: 'https://shop.example.com/pay/notify/alipay',
  returnUrl: 'https://shop.example.com/payment?orderNo=20250308000000000001&from=cashier',
};

describe('alipay page pay', () => {
  it('builds a signed alipay.trade.page.pay URL that verifies with the merchant public key', async () => {
    const before = beijingTime(new Date(Date.now() - 1000));
    const url = new URL(await payUrlOf(provider(), payInput));
    expect(url.origin + url.pathname).toBe('https://openapi.alipay.com/gateway.do');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      app_id: APP_ID,
      method: 'alipay.trade.page.pay',
      charset: 'utf-8',
      sign_type: 'RSA2',
      version: '1.0',
      notify_url: 'https://shop.example.com/pay/notify/alipay',
      return_url: 'https://shop.example.com/payment?orderNo=20250308000000000001&from=cashier',
    });
    // Alipay's timestamp: Beijing time, now.
    expect(params.timestamp! >= before && params.timestamp! <= beijingTime(new Date())).toBe(true);
    expect(JSON.parse(params.biz_content!)).toEqual({
      out_trade_no: '20250308000000000001',
      total_amount: '128.50',
      subject: '商城订单 20250308000000000001',
      product_code: 'FAST_INSTANT_TRADE_PAY',
      time_expire: '2025-03-08 10:50:00',
    });
    expect(verifyRequest(params, merchant.publicKey)).toBe(true);
    // The signature covers sign_type and every other parameter.
    expect(
      verifyRequest({ ...params, biz_content: params.biz_content!.replace('128.50', '1.00') }, merchant.publicKey),
    ).toBe(false);
    expect(verifyRequest({ ...params, notify_url: 'https://evil.example.com/' }, merchant.publicKey)).toBe(false);
    expect(verifyRequest(params, newRsaKeyPair().publicKey)).toBe(false);
  });

  it('sends a phone to the mobile cashier (alipay.trade.wap.pay), signed the same way', async () => {
    const url = new URL(await payUrlOf(provider(), { ...payInput, mobile: true }));
    const params = Object.fromEntries(url.searchParams);
    expect(params.method).toBe('alipay.trade.wap.pay');
    expect(JSON.parse(params.biz_content!)).toEqual({
      out_trade_no: '20250308000000000001',
      total_amount: '128.50',
      subject: '商城订单 20250308000000000001',
      product_code: 'QUICK_WAP_WAY',
      time_expire: '2025-03-08 10:50:00',
      quit_url: payInput.returnUrl,
    });
    expect(verifyRequest(params, merchant.publicKey)).toBe(true);
  });

  it('accepts the merchant key as the bare base64 Alipay hands out, PKCS#8 or PKCS#1', async () => {
    const key = crypto.createPrivateKey(merchant.privateKey);
    for (const type of ['pkcs8', 'pkcs1'] as const) {
      const bare = key.export({ type, format: 'der' }).toString('base64');
      const p = createAlipayProvider({
        appId: APP_ID,
        sellerId: SELLER_ID,
        merchantPrivateKey: bare,
        alipayPublicKey: alipay.publicKey,
        gateway: GATEWAY,
      });
      const params = Object.fromEntries(new URL(await payUrlOf(p, payInput)).searchParams);
      expect(verifyRequest(params, merchant.publicKey), type).toBe(true);
    }
  });
});

describe('alipay notification verification', () => {
  it('accepts a notification signed with Alipay key and reads amount in fen', () => {
    const check = provider().verifyNotification({ params: notification() });
    expect(check).toEqual({
      ok: true,
      notification: {
        orderNo: '20250308000000000001',
        tradeNo: '2025030822001400000000000001',
        amountFen: 1234,
        paid: true,
      },
    });
  });

  it('verifies the recorded fixture, and refuses it once any value is changed', () => {
    const p = createAlipayProvider({
      appId: '2021004100000001',
      sellerId: '2088621900000002',
      merchantPrivateKey: merchant.privateKey,
      alipayPublicKey: fixture.alipayPublicKey,
      gateway: GATEWAY,
    });
    const params = fixture.params as Record<string, string>;
    expect(p.verifyNotification({ params })).toEqual({
      ok: true,
      notification: {
        orderNo: '20250308102100418273645901',
        tradeNo: '2025030822001446880512345678',
        amountFen: 12_850,
        paid: true,
      },
    });
    for (const key of Object.keys(params).filter((k) => k !== 'sign' && k !== 'sign_type')) {
      expect(p.verifyNotification({ params: { ...params, [key]: `${params[key]}0` } }).ok, key).toBe(false);
    }
    expect(p.verifyNotification({ params: { ...params, extra: 'x' } }).ok).toBe(false);
  });

  it.each([
    ['forged signature', () => ({ ...notification(), sign: crypto.randomBytes(256).toString('base64') }), '签名无效'],
    ['altered amount', () => ({ ...notification(), total_amount: '0.01' }), '签名无效'],
    ['re-signed with another key', () => notification({}, newRsaKeyPair().privateKey), '签名无效'],
    ['wrong app id (signed)', () => notification({ app_id: '2021000000000009' }), 'app_id 不符'],
    ['wrong seller (signed)', () => notification({ seller_id: '2088000000000009' }), 'seller_id 不符'],
    ['malformed amount (signed)', () => notification({ total_amount: '12.345' }), 'total_amount 格式不正确'],
    ['sign type RSA', () => ({ ...notification(), sign_type: 'RSA' }), '签名无效'],
    ['no sign', () => ({ ...notification(), sign: '' }), '签名无效'],
  ])('refuses %s', (_name, make, reason) => {
    expect(provider().verifyNotification({ params: make() })).toEqual({ ok: false, reason });
  });

  it('does not count WAIT_BUYER_PAY or TRADE_CLOSED as paid', () => {
    for (const status of ['WAIT_BUYER_PAY', 'TRADE_CLOSED']) {
      const check = provider().verifyNotification({ params: notification({ trade_status: status }) });
      expect(check.ok && check.notification.paid).toBe(false);
    }
  });
});

describe('alipay gateway calls (against a local fake of the gateway)', () => {
  let fake: FakeAlipayGateway;
  const ORDER = '20250308000000000001';
  beforeAll(async () => {
    fake = await fakeAlipayGateway({
      appId: APP_ID,
      merchantPublicKey: merchant.publicKey,
      alipayPrivateKey: alipay.privateKey,
      forgeryKey: newRsaKeyPair().privateKey,
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.mode = 'ok';
    fake.trades.clear();
    fake.refunds.clear();
    fake.calls.length = 0;
    fake.trades.set(ORDER, 12_850);
  });

  it('refunds with a signed alipay.trade.refund; the same refund number twice returns the money once', async () => {
    const p = provider(fake.url);
    const input = { orderNo: ORDER, refundNo: 'RF1', amountFen: 300, reason: '质量问题' };
    const first = await p.refund(input);
    expect(first).toEqual({ ok: true, providerRef: expect.stringMatching(/^2025\d{24}$/) });
    expect(fake.calls[0]!.params.method).toBe('alipay.trade.refund');
    expect(fake.calls[0]!.biz).toEqual({
      out_trade_no: ORDER,
      refund_amount: '3.00',
      out_request_no: 'RF1',
      refund_reason: '质量问题',
    });
    expect(await p.refund(input)).toEqual(first);
    expect([...fake.refunds.values()]).toEqual([{ orderNo: ORDER, amountFen: 300 }]);
  });

  it("passes on a business refusal in Alipay's words", async () => {
    expect(await provider(fake.url).refund({ orderNo: ORDER, refundNo: 'RF1', amountFen: 20_000 })).toEqual({
      ok: false,
      message: '退款金额超限',
    });
    expect(fake.refunds.size).toBe(0);
  });

  it('refuses an answer signed with another key, even one that says success', async () => {
    fake.mode = 'forged';
    expect(await provider(fake.url).refund({ orderNo: ORDER, refundNo: 'RF1', amountFen: 300 })).toEqual({
      ok: false,
      message: '支付渠道应答签名无效',
    });
    expect(await provider(fake.url).queryPayment(ORDER)).toEqual({ ok: false, message: '支付渠道应答签名无效' });
  });

  it('a request signed with another merchant key is refused by the gateway', async () => {
    const stranger = provider(fake.url, newRsaKeyPair().privateKey);
    expect(await stranger.refund({ orderNo: ORDER, refundNo: 'RF1', amountFen: 300 })).toEqual({
      ok: false,
      message: '验签出错',
    });
    expect(fake.refunds.size).toBe(0);
  });

  it('reports a gateway error and an unreachable gateway without claiming a refund', async () => {
    fake.mode = 'error502';
    expect(await provider(fake.url).refund({ orderNo: ORDER, refundNo: 'RF1', amountFen: 300 })).toEqual({
      ok: false,
      message: '支付渠道应答无法识别',
    });
    expect(
      await provider('http://127.0.0.1:1/gateway.do').refund({ orderNo: ORDER, refundNo: 'RF1', amountFen: 300 }),
    ).toEqual({
      ok: false,
      message: '支付渠道暂时无法连接',
    });
  });

  it('after a time-out, asks by out_request_no whether the refund went through', async () => {
    const p = provider(fake.url);
    fake.mode = 'hang';
    expect(await p.refund({ orderNo: ORDER, refundNo: 'RF1', amountFen: 300 })).toEqual({
      ok: false,
      message: '支付渠道暂时无法连接',
    });
    expect(fake.refunds.size).toBe(0);
    // The refund went through at Alipay but its answer was lost: the query by RF2 finds it.
    fake.mode = 'loseRefundAnswer';
    expect(await p.refund({ orderNo: ORDER, refundNo: 'RF2', amountFen: 300 })).toEqual({
      ok: true,
      providerRef: expect.stringMatching(/^2025/),
    });
    expect(fake.calls.map((c) => c.params.method)).toEqual([
      'alipay.trade.refund',
      'alipay.trade.fastpay.refund.query',
    ]);
    // Asked again with the same number, Alipay returns the money no second time.
    fake.mode = 'ok';
    expect((await p.refund({ orderNo: ORDER, refundNo: 'RF2', amountFen: 300 })).ok).toBe(true);
    expect([...fake.refunds.values()]).toEqual([{ orderNo: ORDER, amountFen: 300 }]);
  });

  it('queries a payment (alipay.trade.query) and reads its amount in fen', async () => {
    expect(await provider(fake.url).queryPayment(ORDER)).toEqual({
      ok: true,
      notification: { orderNo: ORDER, tradeNo: expect.stringMatching(/^2025/), amountFen: 12_850, paid: true },
    });
    expect(await provider(fake.url).queryPayment('20250308000000000009')).toEqual({ ok: false, message: '交易不存在' });
  });
});
