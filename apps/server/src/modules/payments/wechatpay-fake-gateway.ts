/**
 * A local fake of WeChat Pay's API v3, for tests only: a node:http server that checks each request's
 * Authorization (WECHATPAY2-SHA256-RSA2048, signed with the merchant key made in the test) as WeChat
 * Pay does, keeps orders and refunds (one refund per out_refund_no), signs its answers with a
 * "WeChat Pay" key made in the test, and makes signed + encrypted payment notifications.
 * What it answers is set per test: normal, a forged signature, a 502, or no answer at all.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';

/** loseRefundAnswer: a refund is made but its answer never comes (the time-out after the fact). */
export type WechatGatewayMode = 'ok' | 'forged' | 'error502' | 'hang' | 'loseRefundAnswer';

export interface WechatOrder {
  appid: string;
  mchid: string;
  amountFen: number;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND';
  transactionId: string;
  notifyUrl: string;
  h5: boolean;
  clientIp?: string;
  timeExpire: string;
}

export interface WechatKeys {
  mchId: string;
  merchantPublicKey: string;
  merchantCertSerial: string;
  platformPrivateKey: string;
  platformPublicKeyId: string;
  apiV3Key: string;
}

/** The WECHATPAY_* settings that point a shop at a fake gateway: the merchant signs with `merchantPrivateKey`, the fake answers with the platform key. */
export function wechatpaySettings(
  keys: { mchId: string; appId: string; apiV3Key: string; merchantCertSerial: string; platformPublicKeyId: string },
  merchantPrivateKey: string,
  platformPublicKey: string,
  gateway: string,
): Record<string, string> {
  return {
    WECHATPAY_MCH_ID: keys.mchId,
    WECHATPAY_APP_ID: keys.appId,
    WECHATPAY_API_V3_KEY: keys.apiV3Key,
    WECHATPAY_PRIVATE_KEY: merchantPrivateKey,
    WECHATPAY_CERT_SERIAL: keys.merchantCertSerial,
    WECHATPAY_PUBLIC_KEY: platformPublicKey,
    WECHATPAY_PUBLIC_KEY_ID: keys.platformPublicKeyId,
    WECHATPAY_GATEWAY: gateway,
  };
}

export interface SignedNotification {
  rawBody: string;
  headers: Record<string, string>;
}

/** A notification as WeChat Pay sends it: the resource encrypted with the APIv3 key, the body signed. */
export function wechatNotification(
  keys: Pick<WechatKeys, 'platformPrivateKey' | 'platformPublicKeyId' | 'apiV3Key'>,
  resource: Record<string, unknown>,
  opts: { eventType?: string; timestamp?: number; signWith?: string; serial?: string } = {},
): SignedNotification {
  const nonce = crypto.randomBytes(6).toString('hex');
  const aad = 'transaction';
  const body = JSON.stringify({
    id: crypto.randomUUID(),
    create_time: new Date().toISOString(),
    resource_type: 'encrypt-resource',
    event_type: opts.eventType ?? 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: {
      original_type: 'transaction',
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: Aes.AesGcm.encrypt(JSON.stringify(resource), keys.apiV3Key, nonce, aad),
      associated_data: aad,
      nonce,
    },
  });
  return { rawBody: body, headers: signedHeaders(keys, body, opts) };
}

function signedHeaders(
  keys: Pick<WechatKeys, 'platformPrivateKey' | 'platformPublicKeyId'>,
  body: string,
  opts: { timestamp?: number; signWith?: string; serial?: string } = {},
): Record<string, string> {
  const timestamp = String(opts.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = Formatter.nonce();
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-serial': opts.serial ?? keys.platformPublicKeyId,
    'wechatpay-signature': Rsa.sign(
      Formatter.response(timestamp, nonce, body),
      opts.signWith ?? keys.platformPrivateKey,
    ),
  };
}

export interface FakeWechatGateway {
  url: string;
  mode: WechatGatewayMode;
  orders: Map<string, WechatOrder>;
  refunds: Map<string, { orderNo: string; amountFen: number; refundId: string }>;
  /** Requests whose Authorization checked out. */
  calls: { method: string; uri: string; body: Record<string, unknown> }[];
  requests: number;
  /** Marks an order paid and returns the notification WeChat Pay would post for it. */
  pay(orderNo: string, over?: Record<string, unknown>): SignedNotification;
  /**
   * The buyer "scans and pays": marks the order paid and posts the signed, encrypted notification to
   * the notify_url the shop gave when it created the order, as WeChat Pay does; returns the shop's answer.
   */
  scanAndPay(orderNo: string): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

/** The Authorization header's fields, in any order, as WeChat Pay reads them. */
function authorizationOf(header: string): Record<string, string> | undefined {
  const prefix = 'WECHATPAY2-SHA256-RSA2048 ';
  if (!header.startsWith(prefix)) return undefined;
  const out: Record<string, string> = {};
  for (const part of header.slice(prefix.length).split(',')) {
    const m = /^(\w+)="([^"]*)"$/.exec(part.trim());
    if (!m) return undefined;
    out[m[1]!] = m[2]!;
  }
  return out;
}

export async function fakeWechatGateway(keys: WechatKeys & { forgeryKey: string }): Promise<FakeWechatGateway> {
  const hanging = new Set<http.ServerResponse>();
  let seq = 0;
  const fake: FakeWechatGateway = {
    url: '',
    mode: 'ok',
    orders: new Map(),
    refunds: new Map(),
    calls: [],
    requests: 0,
    pay(orderNo, over = {}) {
      const o = fake.orders.get(orderNo);
      if (!o) throw new Error(`no such order ${orderNo}`);
      o.state = 'SUCCESS';
      return wechatNotification(keys, { ...resourceOf(orderNo, o), ...over });
    },
    async scanAndPay(orderNo) {
      const n = fake.pay(orderNo);
      const res = await fetch(fake.orders.get(orderNo)!.notifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...n.headers },
        body: n.rawBody,
      });
      return { status: res.status, body: await res.text() };
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const resourceOf = (orderNo: string, o: WechatOrder) => ({
    appid: o.appid,
    mchid: o.mchid,
    out_trade_no: orderNo,
    transaction_id: o.transactionId,
    trade_type: o.h5 ? 'MWEB' : 'NATIVE',
    trade_state: o.state,
    trade_state_desc: o.state === 'SUCCESS' ? '支付成功' : '未支付',
    success_time: new Date().toISOString(),
    amount: { total: o.amountFen, payer_total: o.amountFen, currency: 'CNY', payer_currency: 'CNY' },
  });

  const send = (res: http.ServerResponse, status: number, data?: Record<string, unknown>) => {
    const body = data ? JSON.stringify(data) : '';
    const headers = signedHeaders(
      {
        platformPrivateKey: fake.mode === 'forged' ? keys.forgeryKey : keys.platformPrivateKey,
        platformPublicKeyId: keys.platformPublicKeyId,
      },
      body,
    );
    res.writeHead(status, { 'content-type': 'application/json', ...headers, 'request-id': `fake-${++seq}` });
    res.end(body);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      fake.requests++;
      if (fake.mode === 'hang') {
        hanging.add(res);
        return;
      }
      if (fake.mode === 'error502') {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<html>Bad Gateway</html>');
        return;
      }
      const text = Buffer.concat(chunks).toString('utf8');
      const uri = req.url ?? '/';
      const method = req.method ?? 'GET';
      const auth = authorizationOf(req.headers.authorization ?? '');
      const valid =
        auth &&
        auth.mchid === keys.mchId &&
        auth.serial_no === keys.merchantCertSerial &&
        Math.abs(Date.now() / 1000 - Number(auth.timestamp)) <= 300 &&
        Rsa.verify(
          Formatter.request(method, uri, auth.timestamp ?? '', auth.nonce_str ?? '', text),
          auth.signature ?? '',
          keys.merchantPublicKey,
        );
      if (!valid) return send(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
      let body: Record<string, unknown>;
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        return send(res, 400, { code: 'PARAM_ERROR', message: '参数错误' });
      }
      fake.calls.push({ method, uri, body });
      route(method, new URL(uri, 'http://x'), body, res);
    });
  });

  function route(method: string, url: URL, body: Record<string, unknown>, res: http.ServerResponse) {
    const path = url.pathname;
    if (method === 'POST' && (path === '/v3/pay/transactions/native' || path === '/v3/pay/transactions/h5')) {
      const h5 = path.endsWith('/h5');
      const orderNo = String(body.out_trade_no ?? '');
      const amount = body.amount as { total?: number } | undefined;
      const scene = body.scene_info as { payer_client_ip?: string } | undefined;
      if (body.mchid !== keys.mchId || !orderNo || !Number.isInteger(amount?.total) || (h5 && !scene?.payer_client_ip))
        return send(res, 400, { code: 'PARAM_ERROR', message: '参数错误' });
      const existing = fake.orders.get(orderNo);
      if (existing?.state === 'SUCCESS') return send(res, 400, { code: 'ORDERPAID', message: '该订单已支付' });
      fake.orders.set(orderNo, {
        appid: String(body.appid),
        mchid: String(body.mchid),
        amountFen: amount!.total!,
        state: 'NOTPAY',
        transactionId: `4200${orderNo.slice(-20).padStart(24, '0')}`,
        notifyUrl: String(body.notify_url),
        h5,
        clientIp: scene?.payer_client_ip,
        timeExpire: String(body.time_expire),
      });
      const prepay = `wx${crypto.randomBytes(8).toString('hex')}`;
      return send(
        res,
        200,
        h5
          ? { h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=${prepay}&package=1` }
          : { code_url: `weixin://wxpay/bizpayurl?pr=${prepay}` },
      );
    }
    const query = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(path);
    if (method === 'GET' && query) {
      const orderNo = decodeURIComponent(query[1]!);
      const o = fake.orders.get(orderNo);
      if (!o || url.searchParams.get('mchid') !== keys.mchId)
        return send(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      return send(res, 200, resourceOf(orderNo, o));
    }
    if (method === 'POST' && path === '/v3/refund/domestic/refunds') {
      const refundNo = String(body.out_refund_no ?? '');
      const orderNo = String(body.out_trade_no ?? '');
      const amount = body.amount as { refund?: number; total?: number } | undefined;
      const o = fake.orders.get(orderNo);
      if (!o || o.state === 'NOTPAY') return send(res, 404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' });
      if (amount?.total !== o.amountFen || !amount.refund || amount.refund > o.amountFen)
        return send(res, 400, { code: 'PARAM_ERROR', message: '订单金额或退款金额与之前请求不一致' });
      let r = fake.refunds.get(refundNo);
      if (!r) {
        r = { orderNo, amountFen: amount.refund, refundId: `5030${seq}${Date.now()}` };
        fake.refunds.set(refundNo, r);
      }
      if (fake.mode === 'loseRefundAnswer') {
        hanging.add(res);
        return;
      }
      return send(res, 200, refundOf(refundNo, r, o));
    }
    const refundQuery = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && refundQuery) {
      const refundNo = decodeURIComponent(refundQuery[1]!);
      const r = fake.refunds.get(refundNo);
      if (!r) return send(res, 404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' });
      return send(res, 200, refundOf(refundNo, r, fake.orders.get(r.orderNo)!));
    }
    return send(res, 404, { code: 'NOT_FOUND', message: '无此接口' });
  }

  const refundOf = (refundNo: string, r: { orderNo: string; amountFen: number; refundId: string }, o: WechatOrder) => ({
    refund_id: r.refundId,
    out_refund_no: refundNo,
    transaction_id: o.transactionId,
    out_trade_no: r.orderNo,
    channel: 'ORIGINAL',
    status: 'SUCCESS',
    amount: { refund: r.amountFen, total: o.amountFen, currency: 'CNY' },
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
