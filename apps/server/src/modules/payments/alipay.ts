import type crypto from 'node:crypto';
import {
  beijingTime,
  fenToYuan,
  signRequest,
  toPrivateKey,
  toPublicKey,
  verifyNotificationSign,
  verifyText,
  yuanToFen,
  type Params,
} from './rsa2.ts';
import type {
  CreatePaymentInput,
  GatewayFetch,
  NotificationCheck,
  PaymentProvider,
  ProviderName,
  RefundInput,
  RefundResult,
} from './provider.ts';

export interface AlipayOptions {
  name?: ProviderName;
  label?: string;
  appId: string;
  sellerId: string;
  /** The merchant's application private key (PKCS#8 PEM or bare base64). */
  merchantPrivateKey: string;
  /** Alipay's public key, which signs notifications and responses. */
  alipayPublicKey: string;
  gateway: string;
  fetch: GatewayFetch;
  now?: () => Date;
}

const PAID_STATUSES = ['TRADE_SUCCESS', 'TRADE_FINISHED'];

/** The common request parameters of Alipay's open API, signed with the merchant key. */
export function buildRequest(
  opts: Pick<AlipayOptions, 'appId'> & { privateKey: crypto.KeyObject; now: Date },
  method: string,
  biz: Record<string, unknown>,
  extra: Params = {},
): Params {
  return signRequest(
    {
      app_id: opts.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: beijingTime(opts.now),
      version: '1.0',
      ...extra,
      biz_content: JSON.stringify(biz),
    },
    opts.privateKey,
  );
}

/** Alipay signs a synchronous response over the raw JSON text of its `<method>_response` member. */
export function responseBody(text: string, member: string): { raw: string; sign: string } | undefined {
  const m = new RegExp(`"${member}"\\s*:\\s*(\\{[\\s\\S]*?\\})\\s*,\\s*"(?:alipay_cert_sn|sign)"`).exec(text);
  const sign = /"sign"\s*:\s*"([^"]+)"/.exec(text)?.[1];
  if (!m || !sign) return undefined;
  return { raw: m[1]!, sign };
}

export function createAlipayProvider(opts: AlipayOptions): PaymentProvider {
  const privateKey = toPrivateKey(opts.merchantPrivateKey);
  const alipayKey = toPublicKey(opts.alipayPublicKey);
  const now = opts.now ?? (() => new Date());
  const request = (method: string, biz: Record<string, unknown>, extra?: Params) =>
    buildRequest({ appId: opts.appId, privateKey, now: now() }, method, biz, extra);

  return {
    name: opts.name ?? 'alipay',
    label: opts.label ?? '支付宝',

    createPayment(input: CreatePaymentInput): string {
      const params = request(
        'alipay.trade.page.pay',
        {
          out_trade_no: input.orderNo,
          total_amount: fenToYuan(input.amountFen),
          subject: input.subject,
          product_code: 'FAST_INSTANT_TRADE_PAY',
          // Alipay refuses to take money after this, so a cancelled order cannot be paid late.
          time_expire: beijingTime(input.payDeadline),
        },
        { notify_url: input.notifyUrl, return_url: input.returnUrl },
      );
      const sep = opts.gateway.includes('?') ? '&' : '?';
      return `${opts.gateway}${sep}${new URLSearchParams(params).toString()}`;
    },

    verifyNotification(params: Params): NotificationCheck {
      if (!verifyNotificationSign(params, alipayKey)) return { ok: false, reason: '签名无效' };
      if (params.app_id !== opts.appId) return { ok: false, reason: 'app_id 不符' };
      if (params.seller_id !== opts.sellerId) return { ok: false, reason: 'seller_id 不符' };
      const amountFen = yuanToFen(params.total_amount);
      if (amountFen === undefined) return { ok: false, reason: 'total_amount 格式不正确' };
      if (!params.out_trade_no || !params.trade_no) return { ok: false, reason: '缺少订单号或交易号' };
      return {
        ok: true,
        notification: {
          orderNo: params.out_trade_no,
          tradeNo: params.trade_no,
          amountFen,
          paid: PAID_STATUSES.includes(params.trade_status ?? ''),
        },
      };
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      const params = request('alipay.trade.refund', {
        out_trade_no: input.orderNo,
        refund_amount: fenToYuan(input.amountFen),
        out_request_no: input.refundNo,
        refund_reason: input.reason ?? '售后退款',
      });
      let res: { status: number; text: string };
      try {
        res = await opts.fetch(opts.gateway, new URLSearchParams(params));
      } catch {
        return { ok: false, message: '支付渠道暂时无法连接' };
      }
      const body = responseBody(res.text, 'alipay_trade_refund_response');
      if (res.status !== 200 || !body) return { ok: false, message: '支付渠道应答无法识别' };
      if (!verifyText(body.raw, body.sign, alipayKey)) return { ok: false, message: '支付渠道应答签名无效' };
      const reply = JSON.parse(body.raw) as Record<string, string>;
      if (reply.code !== '10000') return { ok: false, message: reply.sub_msg || reply.msg || '退款失败' };
      if (reply.out_trade_no !== input.orderNo) return { ok: false, message: '支付渠道应答的订单号不符' };
      return { ok: true, providerRef: reply.trade_no ?? input.refundNo };
    },
  };
}
