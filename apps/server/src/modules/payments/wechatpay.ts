/**
 * WeChat Pay API v3: Native (a QR code the buyer scans on a desktop) and H5 (a link a phone's
 * browser opens). Requests are signed with the merchant API key (WECHATPAY2-SHA256-RSA2048); every
 * answer and notification is checked against the WeChat Pay public key (public key mode), and
 * notification resources are decrypted with the APIv3 key (AEAD_AES_256_GCM).
 */
import crypto, { type KeyObject } from 'node:crypto';
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';
import { Code } from '@mall/shared';
import { AppError } from '../../lib/errors.ts';
import type {
  CreatePaymentInput,
  NotificationCheck,
  NotificationInput,
  PaymentProvider,
  PaymentQuery,
  PaymentStart,
  RefundInput,
  RefundResult,
} from './provider.ts';

export interface WechatpayOptions {
  mchId: string;
  appId: string;
  /** 32 characters, set in the merchant platform; decrypts notification resources. */
  apiV3Key: string;
  /** The merchant API private key (apiclient_key.pem). */
  merchantPrivateKey: string;
  /** Serial number of the merchant API certificate, named in every request's Authorization. */
  merchantCertSerial: string;
  /** The WeChat Pay public key (pub_key.pem) and its id (PUB_KEY_ID_...), which sign answers and notifications. */
  platformPublicKey: string;
  platformPublicKeyId: string;
  /** https://api.mch.weixin.qq.com, or a local fake in tests. */
  gateway: string;
  timeoutMs?: number;
  /** Seconds since the epoch; tests move it. */
  now?: () => number;
}

/** Notifications and answers older (or newer) than this are refused: a captured one cannot be replayed later. */
export const WECHATPAY_MAX_SKEW_SECONDS = 300;
const UNREACHABLE = '支付渠道暂时无法连接';
const BAD_SIGNATURE = '支付渠道应答签名无效';

/** RFC 3339 in Beijing time, as WeChat Pay writes time_expire: 2025-03-08T12:00:00+08:00. */
export function rfc3339Beijing(d: Date): string {
  return `${new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

function privateKeyOf(text: string): KeyObject {
  const t = text.trim();
  return crypto.createPrivateKey(
    t.includes('-----BEGIN') ? t : `-----BEGIN PRIVATE KEY-----\n${t}\n-----END PRIVATE KEY-----`,
  );
}
function publicKeyOf(text: string): KeyObject {
  const t = text.trim();
  return crypto.createPublicKey(
    t.includes('-----BEGIN') ? t : `-----BEGIN PUBLIC KEY-----\n${t}\n-----END PUBLIC KEY-----`,
  );
}

type Headers = Record<string, string | undefined>;
type Json = Record<string, unknown>;
type Answer = { status: number; data: Json } | { error: string };

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const fen = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : undefined;

export function createWechatpayProvider(opts: WechatpayOptions): PaymentProvider {
  const merchantKey = privateKeyOf(opts.merchantPrivateKey);
  const platformKey = publicKeyOf(opts.platformPublicKey);
  const gateway = opts.gateway.replace(/\/+$/, '');
  const now = opts.now ?? (() => Math.floor(Date.now() / 1000));

  /** The WeChat Pay signature headers over a body: fresh, from the configured key, and valid. */
  const checkSigned = (headers: Headers, body: string): string | undefined => {
    const timestamp = headers['wechatpay-timestamp'];
    const nonce = headers['wechatpay-nonce'];
    const signature = headers['wechatpay-signature'];
    const serial = headers['wechatpay-serial'];
    if (!timestamp || !nonce || !signature || !serial) return '缺少签名头';
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now() - Number(timestamp)) > WECHATPAY_MAX_SKEW_SECONDS)
      return '时间戳已过期';
    if (serial !== opts.platformPublicKeyId) return '平台公钥编号不符';
    try {
      if (!Rsa.verify(Formatter.response(timestamp, nonce, body), signature, platformKey)) return '签名无效';
    } catch {
      return '签名无效';
    }
    return undefined;
  };

  /** A signed API call; every answer's signature is checked before it is read. */
  const call = async (method: 'GET' | 'POST', uri: string, body?: Json): Promise<Answer> => {
    const text = body ? JSON.stringify(body) : '';
    const timestamp = String(now());
    const nonce = Formatter.nonce();
    const signature = Rsa.sign(Formatter.request(method, uri, timestamp, nonce, text), merchantKey);
    let res: Response;
    let answer: string;
    try {
      res = await fetch(`${gateway}${uri}`, {
        method,
        headers: {
          authorization: Formatter.authorization(opts.mchId, nonce, signature, timestamp, opts.merchantCertSerial),
          accept: 'application/json',
          'user-agent': 'mall-server wechatpay-v3',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: text } : {}),
        signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
      });
      answer = await res.text();
    } catch {
      return { error: UNREACHABLE };
    }
    // A 5xx from a proxy or an overloaded gateway is not signed: it is an outage, not a forgery.
    if (res.status >= 500) return { error: UNREACHABLE };
    const headers: Headers = {};
    res.headers.forEach((v, k) => (headers[k] = v));
    if (checkSigned(headers, answer)) return { error: BAD_SIGNATURE };
    if (!answer) return { status: res.status, data: {} };
    try {
      return { status: res.status, data: obj(JSON.parse(answer)) };
    } catch {
      return { error: '支付渠道应答无法识别' };
    }
  };

  /** WeChat Pay's own words for a refused call ({code, message}). */
  const refusal = (a: { status: number; data: Json }, fallback: string) =>
    str(a.data.message) || str(a.data.code) || `${fallback}（HTTP ${a.status}）`;

  const queryPayment = async (orderNo: string): Promise<PaymentQuery> => {
    const a = await call(
      'GET',
      `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${encodeURIComponent(opts.mchId)}`,
    );
    if ('error' in a) return { ok: false, message: a.error };
    if (a.status !== 200) return { ok: false, message: refusal(a, '查询失败') };
    const d = a.data;
    const amountFen = fen(obj(d.amount).total);
    if (d.out_trade_no !== orderNo || d.mchid !== opts.mchId || d.appid !== opts.appId || amountFen === undefined)
      return { ok: false, message: '支付渠道应答的订单号不符' };
    return {
      ok: true,
      notification: {
        orderNo,
        tradeNo: str(d.transaction_id) ?? '',
        amountFen,
        paid: d.trade_state === 'SUCCESS',
        state: str(d.trade_state),
      },
    };
  };

  const refundQuery = async (input: RefundInput): Promise<RefundResult | undefined> => {
    const a = await call('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(input.refundNo)}`);
    if ('error' in a || a.status !== 200) return undefined;
    return refundAnswer(a.data, input);
  };

  const refundAnswer = (d: Json, input: RefundInput): RefundResult => {
    if (d.out_refund_no !== input.refundNo || d.out_trade_no !== input.orderNo)
      return { ok: false, message: '支付渠道应答的退款单号不符' };
    // PROCESSING: accepted, the money is on its way; ABNORMAL / CLOSED need a person.
    if (d.status === 'SUCCESS' || d.status === 'PROCESSING')
      return { ok: true, providerRef: str(d.refund_id) ?? input.refundNo };
    return { ok: false, message: d.status === 'ABNORMAL' ? '退款异常，请到微信支付商户平台处理' : '退款已关闭' };
  };

  return {
    name: 'wechatpay',
    label: '微信支付',

    async createPayment(input: CreatePaymentInput): Promise<PaymentStart> {
      const h5 = Boolean(input.mobile);
      const a = await call('POST', h5 ? '/v3/pay/transactions/h5' : '/v3/pay/transactions/native', {
        appid: opts.appId,
        mchid: opts.mchId,
        description: input.subject.slice(0, 40),
        out_trade_no: input.orderNo,
        // WeChat Pay refuses to take money after this, so a cancelled order cannot be paid late.
        time_expire: rfc3339Beijing(input.payDeadline),
        notify_url: input.notifyUrl,
        amount: { total: input.amountFen, currency: 'CNY' },
        ...(h5 ? { scene_info: { payer_client_ip: input.clientIp || '127.0.0.1', h5_info: { type: 'Wap' } } } : {}),
      });
      if ('error' in a) throw new AppError(Code.PAYMENT_FAILED, `发起微信支付失败：${a.error}`);
      if (a.status !== 200) throw new AppError(Code.PAYMENT_FAILED, `发起微信支付失败：${refusal(a, '下单失败')}`);
      if (h5) {
        const link = str(a.data.h5_url);
        if (!link?.startsWith('https://'))
          throw new AppError(Code.PAYMENT_FAILED, '发起微信支付失败：应答缺少支付链接');
        // After paying, WeChat sends the phone back to the shop's result page.
        return { payUrl: `${link}&redirect_url=${encodeURIComponent(input.returnUrl)}` };
      }
      const codeUrl = str(a.data.code_url);
      if (!codeUrl?.startsWith('weixin://'))
        throw new AppError(Code.PAYMENT_FAILED, '发起微信支付失败：应答缺少二维码');
      return { codeUrl };
    },

    verifyNotification({ rawBody, headers = {} }: NotificationInput): NotificationCheck {
      if (typeof rawBody !== 'string' || !rawBody) return { ok: false, reason: '通知内容为空' };
      const bad = checkSigned(headers, rawBody);
      if (bad) return { ok: false, reason: bad };
      let event: Json;
      let resource: Json;
      try {
        event = obj(JSON.parse(rawBody));
        const r = obj(event.resource);
        if (r.algorithm !== 'AEAD_AES_256_GCM') return { ok: false, reason: '不支持的加密算法' };
        const plain = Aes.AesGcm.decrypt(
          String(r.ciphertext ?? ''),
          opts.apiV3Key,
          String(r.nonce ?? ''),
          String(r.associated_data ?? ''),
        );
        resource = obj(JSON.parse(plain));
      } catch {
        return { ok: false, reason: '通知解密失败' };
      }
      const eventType = str(event.event_type) ?? '';
      if (resource.mchid !== opts.mchId) return { ok: false, reason: 'mchid 不符' };
      const orderNo = str(resource.out_trade_no);
      const tradeNo = str(resource.transaction_id);
      const amount = obj(resource.amount);
      if (eventType.startsWith('REFUND.')) {
        // Refunds are recorded by the refund call's own answer; this tells whether the money went back.
        const total = fen(amount.total);
        if (!orderNo || !tradeNo || total === undefined) return { ok: false, reason: '缺少订单号或交易号' };
        return {
          ok: true,
          notification: {
            orderNo,
            tradeNo,
            amountFen: total,
            paid: false,
            state: `REFUND_${str(resource.refund_status)}`,
            refundNo: str(resource.out_refund_no),
          },
        };
      }
      if (resource.appid !== opts.appId) return { ok: false, reason: 'appid 不符' };
      const amountFen = fen(amount.total);
      if (amountFen === undefined || (amount.currency !== undefined && amount.currency !== 'CNY'))
        return { ok: false, reason: 'amount 格式不正确' };
      if (!orderNo || !tradeNo) return { ok: false, reason: '缺少订单号或交易号' };
      const state = str(resource.trade_state) ?? '';
      return { ok: true, notification: { orderNo, tradeNo, amountFen, paid: state === 'SUCCESS', state } };
    },

    queryPayment,

    async refund(input: RefundInput): Promise<RefundResult> {
      // WeChat Pay wants the order's total with each refund: the payment is asked for it first.
      const paid = await queryPayment(input.orderNo);
      if (!paid.ok) return { ok: false, message: paid.message };
      const a = await call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: input.orderNo,
        out_refund_no: input.refundNo,
        reason: (input.reason ?? '售后退款').slice(0, 80),
        amount: { refund: input.amountFen, total: paid.notification.amountFen, currency: 'CNY' },
      });
      if ('error' in a) {
        // The answer was lost (time-out): the refund may have gone through; out_refund_no tells.
        if (a.error === UNREACHABLE) return (await refundQuery(input)) ?? { ok: false, message: a.error };
        return { ok: false, message: a.error };
      }
      if (a.status !== 200) return { ok: false, message: refusal(a, '退款失败') };
      return refundAnswer(a.data, input);
    },
  };
}
