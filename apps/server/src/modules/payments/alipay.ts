import { AlipaySdk, type AlipaySdkCommonResult } from 'alipay-sdk';
import type { Dispatcher } from 'undici';
import { beijingTime, fenToYuan, toPrivateKey, yuanToFen } from './rsa2.ts';
import type {
  CreatePaymentInput,
  NotificationCheck,
  NotificationInput,
  PaymentProvider,
  PaymentStart,
  PaymentQuery,
  ProviderName,
  RefundInput,
  RefundResult,
} from './provider.ts';

export interface AlipayOptions {
  name?: ProviderName;
  label?: string;
  appId: string;
  sellerId: string;
  /** The merchant's application private key (PKCS#8 or PKCS#1, PEM or the bare base64 Alipay hands out). */
  merchantPrivateKey: string;
  /** Alipay's public key, which signs notifications and responses. */
  alipayPublicKey: string;
  /** Alipay's gateway (openapi.alipay.com, its sandbox, or a local fake in tests). */
  gateway: string;
  timeoutMs?: number;
  /** Where the SDK's HTTP requests go instead of the network (the in-process sandbox platform). */
  dispatcher?: Dispatcher;
}

const PAID_STATUSES = ['TRADE_SUCCESS', 'TRADE_FINISHED'];
const UNREACHABLE = '支付渠道暂时无法连接';
/** Alipay reads timestamps as Beijing time; the SDK would write the server's local time. */
const alipayNow = () => beijingTime(new Date());

/** The SDK wants PEM of a named type: any key the console hands out is normalised to PKCS#8 PEM. */
function pkcs8Pem(key: string): string {
  const text = key.trim();
  let parsed;
  try {
    parsed = toPrivateKey(text);
  } catch (err) {
    if (text.includes('-----BEGIN')) throw err;
    parsed = toPrivateKey(`-----BEGIN RSA PRIVATE KEY-----\n${text}\n-----END RSA PRIVATE KEY-----`);
  }
  return parsed.export({ type: 'pkcs8', format: 'pem' }).toString();
}

export function createAlipayProvider(opts: AlipayOptions): PaymentProvider {
  const sdk = new AlipaySdk({
    appId: opts.appId,
    privateKey: pkcs8Pem(opts.merchantPrivateKey),
    keyType: 'PKCS8',
    alipayPublicKey: opts.alipayPublicKey,
    gateway: opts.gateway,
    timeout: opts.timeoutMs ?? 15_000,
    camelcase: false,
    // The SDK hands this to its HTTP client as the request's dispatcher; any undici dispatcher works.
    ...(opts.dispatcher ? { proxyAgent: opts.dispatcher as never } : {}),
  });

  /** A signed gateway call; undefined when the gateway cannot be reached or its answer is not Alipay's. */
  const call = async (method: string, biz: Record<string, unknown>): Promise<AlipaySdkCommonResult | string> => {
    try {
      return await sdk.exec(method, { timestamp: alipayNow(), bizContent: biz }, { validateSign: true });
    } catch (err) {
      const message = err instanceof Error ? err.message : '';
      if (message.startsWith('验签失败')) return '支付渠道应答签名无效';
      if (message.startsWith('HttpClient Request error')) return UNREACHABLE;
      return '支付渠道应答无法识别';
    }
  };

  const refundQuery = async (input: RefundInput): Promise<RefundResult | undefined> => {
    const reply = await call('alipay.trade.fastpay.refund.query', {
      out_trade_no: input.orderNo,
      out_request_no: input.refundNo,
      query_options: ['gmt_refund_pay'],
    });
    if (typeof reply === 'string' || reply.code !== '10000') return undefined;
    if (reply.refund_status !== 'REFUND_SUCCESS') return undefined;
    return { ok: true, providerRef: String(reply.trade_no ?? input.refundNo) };
  };

  /** The signed link to Alipay's cashier (made locally, no gateway call). */
  const payUrl = (input: CreatePaymentInput): string => {
    // A phone gets Alipay's mobile cashier (which can hand over to the Alipay app); a desktop its page cashier.
    const [method, productCode] = input.mobile
      ? ['alipay.trade.wap.pay', 'QUICK_WAP_WAY']
      : ['alipay.trade.page.pay', 'FAST_INSTANT_TRADE_PAY'];
    return sdk.pageExecute(method, 'GET', {
      timestamp: alipayNow(),
      notifyUrl: input.notifyUrl,
      returnUrl: input.returnUrl,
      bizContent: {
        out_trade_no: input.orderNo,
        total_amount: fenToYuan(input.amountFen),
        subject: input.subject,
        product_code: productCode,
        // Alipay refuses to take money after this, so a cancelled order cannot be paid late.
        time_expire: beijingTime(input.payDeadline),
        ...(input.mobile ? { quit_url: input.returnUrl } : {}),
      },
    });
  };

  return {
    name: opts.name ?? 'alipay',
    label: opts.label ?? '支付宝',

    async createPayment(input: CreatePaymentInput): Promise<PaymentStart> {
      return { payUrl: payUrl(input) };
    },

    verifyNotification({ params = {} }: NotificationInput): NotificationCheck {
      if (params.sign_type !== 'RSA2' || !sdk.checkNotifySignV2(params)) return { ok: false, reason: '签名无效' };
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

    async queryPayment(orderNo: string): Promise<PaymentQuery> {
      const reply = await call('alipay.trade.query', { out_trade_no: orderNo });
      if (typeof reply === 'string') return { ok: false, message: reply };
      if (reply.code !== '10000') return { ok: false, message: reply.sub_msg || reply.msg || '查询失败' };
      const amountFen = yuanToFen(reply.total_amount);
      if (reply.out_trade_no !== orderNo || amountFen === undefined || !reply.trade_no)
        return { ok: false, message: '支付渠道应答的订单号不符' };
      return {
        ok: true,
        notification: {
          orderNo,
          tradeNo: reply.trade_no,
          amountFen,
          paid: PAID_STATUSES.includes(reply.trade_status ?? ''),
        },
      };
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      const reply = await call('alipay.trade.refund', {
        out_trade_no: input.orderNo,
        refund_amount: fenToYuan(input.amountFen),
        out_request_no: input.refundNo,
        refund_reason: input.reason ?? '售后退款',
      });
      if (typeof reply === 'string') {
        // The answer was lost (time-out): the refund may have gone through; out_request_no tells.
        if (reply === UNREACHABLE) return (await refundQuery(input)) ?? { ok: false, message: reply };
        return { ok: false, message: reply };
      }
      if (reply.code !== '10000') return { ok: false, message: reply.sub_msg || reply.msg || '退款失败' };
      if (reply.out_trade_no !== input.orderNo) return { ok: false, message: '支付渠道应答的订单号不符' };
      return { ok: true, providerRef: String(reply.trade_no ?? input.refundNo) };
    },
  };
}
