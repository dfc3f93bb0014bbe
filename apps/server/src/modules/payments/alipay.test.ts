import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fixture from './fixtures/alipay-notify.json' with { type: 'json' };
import { createAlipayProvider, responseBody } from './alipay.ts';
import type { GatewayFetch } from './provider.ts';
import {
  fenToYuan,
  newRsaKeyPair,
  signingContent,
  signNotification,
  signText,
  verifyRequest,
  yuanToFen,
} from './rsa2.ts';

const merchant = newRsaKeyPair();
const alipay = newRsaKeyPair();
const APP_ID = '2021004100000001';
const SELLER_ID = '2088621900000002';
const fixedNow = () => new Date('2025-03-08T02:20:00Z');

function provider(fetch: GatewayFetch = async () => ({ status: 500, text: '' }), publicKey = alipay.publicKey) {
  return createAlipayProvider({
    appId: APP_ID,
    sellerId: SELLER_ID,
    merchantPrivateKey: merchant.privateKey,
    alipayPublicKey: publicKey,
    gateway: 'https://openapi.alipay.com/gateway.do',
    fetch,
    now: fixedNow,
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

describe('alipay page pay', () => {
  it('builds a signed alipay.trade.page.pay URL that verifies with the merchant public key', () => {
    const url = new URL(
      provider().createPayment({
        orderNo: '20250308000000000001',
        amountFen: 12_850,
        subject: '商城订单 20250308000000000001',
        payDeadline: new Date('2025-03-08T02:50:00Z'),
        notifyUrl: 'https://shop.example.com/pay/notify/alipay',
        returnUrl: 'https://shop.example.com/payment?orderNo=20250308000000000001&from=cashier',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://openapi.alipay.com/gateway.do');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      app_id: APP_ID,
      method: 'alipay.trade.page.pay',
      charset: 'utf-8',
      sign_type: 'RSA2',
      version: '1.0',
      timestamp: '2025-03-08 10:20:00',
      notify_url: 'https://shop.example.com/pay/notify/alipay',
      return_url: 'https://shop.example.com/payment?orderNo=20250308000000000001&from=cashier',
    });
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
    expect(verifyRequest(params, newRsaKeyPair().publicKey)).toBe(false);
  });
});

describe('alipay notification verification', () => {
  it('accepts a notification signed with Alipay key and reads amount in fen', () => {
    const check = provider().verifyNotification(notification());
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
      gateway: 'https://openapi.alipay.com/gateway.do',
      fetch: async () => ({ status: 500, text: '' }),
    });
    const params = fixture.params as Record<string, string>;
    expect(p.verifyNotification(params)).toEqual({
      ok: true,
      notification: {
        orderNo: '20250308102100418273645901',
        tradeNo: '2025030822001446880512345678',
        amountFen: 12_850,
        paid: true,
      },
    });
    for (const key of Object.keys(params).filter((k) => k !== 'sign' && k !== 'sign_type')) {
      expect(p.verifyNotification({ ...params, [key]: `${params[key]}0` }).ok, key).toBe(false);
    }
    expect(p.verifyNotification({ ...params, extra: 'x' }).ok).toBe(false);
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
    expect(provider().verifyNotification(make())).toEqual({ ok: false, reason });
  });

  it('does not count WAIT_BUYER_PAY or TRADE_CLOSED as paid', () => {
    for (const status of ['WAIT_BUYER_PAY', 'TRADE_CLOSED']) {
      const check = provider().verifyNotification(notification({ trade_status: status }));
      expect(check.ok && check.notification.paid).toBe(false);
    }
  });
});

describe('alipay refund', () => {
  const signedResponse = (body: Record<string, string>, key = alipay.privateKey) => {
    const raw = JSON.stringify(body);
    return `{"alipay_trade_refund_response":${raw},"sign":"${signText(raw, key)}"}`;
  };

  it('sends a signed alipay.trade.refund request and accepts a signed success', async () => {
    let sent: Record<string, string> = {};
    const p = provider(async (url, body) => {
      expect(url).toBe('https://openapi.alipay.com/gateway.do');
      sent = Object.fromEntries(body);
      return {
        status: 200,
        text: signedResponse({
          code: '10000',
          msg: 'Success',
          trade_no: 'T1',
          out_trade_no: 'O1',
          refund_fee: '3.00',
          fund_change: 'Y',
        }),
      };
    });
    const result = await p.refund({ orderNo: 'O1', refundNo: 'R1', amountFen: 300, reason: '质量问题' });
    expect(result).toEqual({ ok: true, providerRef: 'T1' });
    expect(sent.method).toBe('alipay.trade.refund');
    expect(verifyRequest(sent, merchant.publicKey)).toBe(true);
    expect(JSON.parse(sent.biz_content!)).toEqual({
      out_trade_no: 'O1',
      refund_amount: '3.00',
      out_request_no: 'R1',
      refund_reason: '质量问题',
    });
  });

  it('refuses a response with a bad signature, a business failure and an unreachable gateway', async () => {
    const forged = provider(async () => ({
      status: 200,
      text: signedResponse({ code: '10000', out_trade_no: 'O1' }, newRsaKeyPair().privateKey),
    }));
    expect(await forged.refund({ orderNo: 'O1', refundNo: 'R1', amountFen: 1 })).toEqual({
      ok: false,
      message: '支付渠道应答签名无效',
    });
    const failed = provider(async () => ({
      status: 200,
      text: signedResponse({ code: '40004', msg: 'Business Failed', sub_msg: '退款金额超限' }),
    }));
    expect(await failed.refund({ orderNo: 'O1', refundNo: 'R1', amountFen: 1 })).toEqual({
      ok: false,
      message: '退款金额超限',
    });
    const down = provider(async () => {
      throw new Error('ECONNREFUSED');
    });
    expect(await down.refund({ orderNo: 'O1', refundNo: 'R1', amountFen: 1 })).toEqual({
      ok: false,
      message: '支付渠道暂时无法连接',
    });
  });

  it('reads the signed member of a response', () => {
    expect(responseBody('{"x_response":{"a":"1"},"sign":"abc"}', 'x_response')).toEqual({
      raw: '{"a":"1"}',
      sign: 'abc',
    });
  });
});
