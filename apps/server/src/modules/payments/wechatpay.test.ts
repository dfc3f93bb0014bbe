/**
 * WeChat Pay API v3 against the local fake: signed requests, every answer's signature checked,
 * notifications verified (signature, serial, freshness) and decrypted, then appid/mchid/amount.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { newRsaKeyPair } from './rsa2.ts';
import { fakeWechatGateway, wechatNotification, type FakeWechatGateway } from './wechatpay-fake-gateway.ts';
import { createWechatpayProvider, rfc3339Beijing, type WechatpayOptions } from './wechatpay.ts';
import type { CreatePaymentInput } from './provider.ts';

const merchant = newRsaKeyPair();
const platform = newRsaKeyPair();
const forgery = newRsaKeyPair();
const KEYS = {
  mchId: '1900000109',
  appId: 'wxd678efh567hg6787',
  apiV3Key: 'k'.repeat(16) + 'V'.repeat(16),
  merchantCertSerial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  platformPublicKeyId: 'PUB_KEY_ID_0114232134912410000000000000',
};
const platformKeys = { ...KEYS, platformPrivateKey: platform.privateKey };
/** A decrypted TRANSACTION.SUCCESS resource of this merchant; cases change one field. */
const PAID_RESOURCE = {
  appid: KEYS.appId,
  mchid: KEYS.mchId,
  out_trade_no: 'x',
  transaction_id: 'y',
  trade_state: 'SUCCESS',
  amount: { total: 100, currency: 'CNY' },
};

let fake: FakeWechatGateway;
beforeAll(async () => {
  fake = await fakeWechatGateway({
    ...KEYS,
    merchantPublicKey: merchant.publicKey,
    platformPrivateKey: platform.privateKey,
    forgeryKey: forgery.privateKey,
  });
});
afterAll(() => fake?.close());
beforeEach(() => {
  fake.mode = 'ok';
});

function provider(over: Partial<WechatpayOptions> = {}) {
  return createWechatpayProvider({
    ...KEYS,
    merchantPrivateKey: merchant.privateKey,
    platformPublicKey: platform.publicKey,
    gateway: fake.url,
    timeoutMs: 500,
    ...over,
  });
}

let seq = 0;
const payInput = (over: Partial<CreatePaymentInput> = {}): CreatePaymentInput => ({
  orderNo: `2025030800000${String(++seq).padStart(7, '0')}`,
  amountFen: 1234,
  subject: '商城订单',
  payDeadline: new Date('2025-03-08T04:30:00Z'),
  notifyUrl: 'https://shop.example.com/pay/notify/wechatpay',
  returnUrl: 'https://shop.example.com/payment?orderNo=x&from=cashier',
  ...over,
});

/** Places an order at the fake and has the buyer pay it; returns its notification. */
async function paidOrder(amountFen = 1234) {
  const input = payInput({ amountFen });
  await provider().createPayment(input);
  return { input, notification: fake.pay(input.orderNo) };
}

describe('wechatpay create payment', () => {
  it('Native: signed order with amount in fen and time_expire in +08:00, answers the QR code text', async () => {
    const input = payInput();
    const start = await provider().createPayment(input);
    expect(start).toEqual({ codeUrl: expect.stringMatching(/^weixin:\/\/wxpay\/bizpayurl\?pr=/) });
    const call = fake.calls.at(-1)!;
    expect(call.uri).toBe('/v3/pay/transactions/native');
    expect(call.body).toMatchObject({
      appid: KEYS.appId,
      mchid: KEYS.mchId,
      out_trade_no: input.orderNo,
      notify_url: 'https://shop.example.com/pay/notify/wechatpay',
      time_expire: '2025-03-08T12:30:00+08:00',
      amount: { total: 1234, currency: 'CNY' },
    });
    expect(rfc3339Beijing(new Date('2025-12-31T16:00:00Z'))).toBe('2026-01-01T00:00:00+08:00');
  });

  it('H5 on a phone: the buyer IP goes in scene_info, the link comes back with redirect_url to the shop', async () => {
    const input = payInput({ mobile: true, clientIp: '203.0.113.7' });
    const start = await provider().createPayment(input);
    expect('payUrl' in start).toBe(true);
    const url = new URL((start as { payUrl: string }).payUrl);
    expect(url.origin).toBe('https://wx.tenpay.com');
    expect(url.searchParams.get('redirect_url')).toBe(input.returnUrl);
    expect(fake.calls.at(-1)!.uri).toBe('/v3/pay/transactions/h5');
    expect(fake.orders.get(input.orderNo)).toMatchObject({ h5: true, clientIp: '203.0.113.7' });
  });

  it('refuses an answer signed by another key, a gateway 502 and a time-out with a Chinese message', async () => {
    for (const [mode, message] of [
      ['forged', '支付渠道应答签名无效'],
      ['error502', '支付渠道暂时无法连接'],
      ['hang', '支付渠道暂时无法连接'],
    ] as const) {
      fake.mode = mode;
      await expect(provider().createPayment(payInput()), mode).rejects.toMatchObject({
        code: Code.PAYMENT_FAILED,
        message: `发起微信支付失败：${message}`,
      });
    }
  });

  it('a request signed with another merchant key is refused by the gateway', async () => {
    await expect(provider({ merchantPrivateKey: forgery.privateKey }).createPayment(payInput())).rejects.toMatchObject({
      message: '发起微信支付失败：签名错误',
    });
  });
});

describe('wechatpay notifications', () => {
  it('accepts a signed, encrypted TRANSACTION.SUCCESS and reads the amount in fen', async () => {
    const { input, notification } = await paidOrder(1234);
    expect(provider().verifyNotification(notification)).toEqual({
      ok: true,
      notification: {
        orderNo: input.orderNo,
        tradeNo: fake.orders.get(input.orderNo)!.transactionId,
        amountFen: 1234,
        paid: true,
        state: 'SUCCESS',
      },
    });
  });

  it('refuses a changed body, another signing key, another serial, missing headers', async () => {
    const { notification: n } = await paidOrder();
    const p = provider();
    expect(
      p.verifyNotification({ ...n, rawBody: n.rawBody.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS "') }),
    ).toEqual({ ok: false, reason: '签名无效' });
    const resource = PAID_RESOURCE;
    expect(p.verifyNotification(wechatNotification(platformKeys, resource, { signWith: forgery.privateKey }))).toEqual({
      ok: false,
      reason: '签名无效',
    });
    expect(p.verifyNotification(wechatNotification(platformKeys, resource, { serial: 'PUB_KEY_ID_OTHER' }))).toEqual({
      ok: false,
      reason: '平台公钥编号不符',
    });
    const { 'wechatpay-signature': _s, ...unsigned } = n.headers;
    expect(p.verifyNotification({ rawBody: n.rawBody, headers: unsigned })).toEqual({
      ok: false,
      reason: '缺少签名头',
    });
    expect(p.verifyNotification({ rawBody: '', headers: n.headers })).toEqual({ ok: false, reason: '通知内容为空' });
  });

  it('refuses a stale or future timestamp (a replay after 5 minutes)', () => {
    const resource = PAID_RESOURCE;
    const now = Math.floor(Date.now() / 1000);
    for (const timestamp of [now - 301, now + 301]) {
      expect(provider().verifyNotification(wechatNotification(platformKeys, resource, { timestamp }))).toEqual({
        ok: false,
        reason: '时间戳已过期',
      });
    }
    const fresh = wechatNotification(platformKeys, resource, { timestamp: now - 10 });
    expect(provider().verifyNotification(fresh).ok).toBe(true);
    // The same notification replayed 6 minutes later.
    expect(provider({ now: () => now + 360 }).verifyNotification(fresh)).toEqual({ ok: false, reason: '时间戳已过期' });
  });

  it('refuses another appid or mchid, a bad amount, and a resource encrypted with another key', () => {
    const base = PAID_RESOURCE;
    const check = (over: Record<string, unknown>, keys = platformKeys) =>
      provider().verifyNotification(wechatNotification(keys, { ...base, ...over }));
    expect(check({ appid: 'wx0000000000000000' })).toEqual({ ok: false, reason: 'appid 不符' });
    expect(check({ mchid: '1900000001' })).toEqual({ ok: false, reason: 'mchid 不符' });
    for (const amount of [{ total: -1 }, { total: 1.5 }, { total: '100' }, {}, { total: 100, currency: 'USD' }])
      expect(check({ amount }), JSON.stringify(amount)).toEqual({ ok: false, reason: 'amount 格式不正确' });
    expect(check({}, { ...platformKeys, apiV3Key: 'x'.repeat(32) })).toEqual({ ok: false, reason: '通知解密失败' });
  });

  it('does not count NOTPAY or CLOSED as paid, and acknowledges refund news without paying', () => {
    const base = PAID_RESOURCE;
    for (const trade_state of ['NOTPAY', 'CLOSED', 'PAYERROR']) {
      const c = provider().verifyNotification(wechatNotification(platformKeys, { ...base, trade_state }));
      expect(c.ok && c.notification.paid, trade_state).toBe(false);
    }
    const refund = provider().verifyNotification(
      wechatNotification(
        platformKeys,
        {
          mchid: KEYS.mchId,
          out_trade_no: 'x',
          transaction_id: 'y',
          refund_status: 'SUCCESS',
          amount: { total: 100, refund: 100 },
        },
        { eventType: 'REFUND.SUCCESS' },
      ),
    );
    expect(refund).toMatchObject({ ok: true, notification: { paid: false, state: 'REFUND_SUCCESS' } });
  });
});

describe('wechatpay query and refund', () => {
  it('queries by out_trade_no with mchid', async () => {
    const { input } = await paidOrder(500);
    expect(await provider().queryPayment(input.orderNo)).toMatchObject({
      ok: true,
      notification: { paid: true, amountFen: 500 },
    });
    expect(fake.calls.at(-1)!.uri).toBe(`/v3/pay/transactions/out-trade-no/${input.orderNo}?mchid=${KEYS.mchId}`);
    expect(await provider().queryPayment('20250308999999999999')).toEqual({ ok: false, message: '订单不存在' });
  });

  it('refunds by out_refund_no; the same refund number twice returns the money once', async () => {
    const { input } = await paidOrder(800);
    const refund = { orderNo: input.orderNo, refundNo: `RF${Date.now()}1`, amountFen: 300, reason: '质量问题' };
    const first = await provider().refund(refund);
    const second = await provider().refund(refund);
    expect(first).toMatchObject({ ok: true });
    expect(second).toEqual(first);
    expect([...fake.refunds.values()].filter((r) => r.orderNo === input.orderNo)).toHaveLength(1);
    expect(fake.calls.at(-1)!.body).toMatchObject({
      out_refund_no: refund.refundNo,
      amount: { refund: 300, total: 800, currency: 'CNY' },
    });
  });

  it('a refund refused, or its answer forged or lost, is not reported as done', async () => {
    const { input } = await paidOrder(800);
    expect(await provider().refund({ orderNo: input.orderNo, refundNo: 'RF-too-much', amountFen: 900 })).toEqual({
      ok: false,
      message: '订单金额或退款金额与之前请求不一致',
    });
    fake.mode = 'forged';
    expect(await provider().refund({ orderNo: input.orderNo, refundNo: 'RF-forged', amountFen: 100 })).toEqual({
      ok: false,
      message: '支付渠道应答签名无效',
    });
    fake.mode = 'error502';
    expect(await provider().refund({ orderNo: input.orderNo, refundNo: 'RF-502', amountFen: 100 })).toEqual({
      ok: false,
      message: '支付渠道暂时无法连接',
    });
    expect(fake.refunds.has('RF-502')).toBe(false);
  });

  it('after a time-out, asks by out_refund_no whether the refund went through', async () => {
    const { input } = await paidOrder(800);
    fake.mode = 'loseRefundAnswer';
    const result = await provider().refund({ orderNo: input.orderNo, refundNo: 'RF-lost-answer', amountFen: 200 });
    expect(result).toEqual({ ok: true, providerRef: fake.refunds.get('RF-lost-answer')!.refundId });
    expect(fake.calls.at(-1)!.uri).toBe('/v3/refund/domestic/refunds/RF-lost-answer');
    fake.mode = 'hang';
    expect(await provider().refund({ orderNo: input.orderNo, refundNo: 'RF-never', amountFen: 200 })).toEqual({
      ok: false,
      message: '支付渠道暂时无法连接',
    });
  });
});
