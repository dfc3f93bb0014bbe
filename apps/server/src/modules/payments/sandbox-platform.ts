import crypto from 'node:crypto';
import {
  beijingTime,
  fenToYuan,
  signNotification,
  signText,
  toPrivateKey,
  toPublicKey,
  verifyRequest,
  yuanToFen,
  type Params,
} from './rsa2.ts';
import { MockAgent, type Dispatcher } from 'undici';

/**
 * The sandbox "third party": a stand-in for Alipay that runs inside this server. It speaks Alipay's
 * protocol with its own key pairs — it checks the merchant-signed page-pay request the browser
 * brings to its cashier, signs the asynchronous notification with the platform key, and answers
 * refund requests on its gateway — so the shop's Alipay code is what the sandbox exercises.
 * It keeps no state: the trade number is derived from the order number, as Alipay keeps one trade
 * per out_trade_no.
 */
export interface SandboxKeys {
  merchant: { privateKey: string; publicKey: string };
  platform: { privateKey: string; publicKey: string };
}

export interface CashierRequest {
  orderNo: string;
  amountFen: number;
  subject: string;
  notifyUrl: string;
  returnUrl: string;
  expiresAt: Date | undefined;
  /** The signed request, carried by the cashier's buttons. */
  params: Params;
}

export interface SandboxPlatform {
  appId: string;
  sellerId: string;
  readPayRequest(params: Params, now?: Date): { ok: true; request: CashierRequest } | { ok: false; reason: string };
  tradeNoFor(orderNo: string): string;
  paidNotification(request: CashierRequest, now?: Date): Params;
  /** Answers a signed gateway call (refunds) as Alipay's gateway would: the response's JSON text. */
  answer(params: Params): string;
}

export const SANDBOX_APP_ID = '2021000000000000';
export const SANDBOX_SELLER_ID = '2088000000000000';
/** The sandbox's gateway as the shop's Alipay client is configured with it; never resolved on the network. */
export const SANDBOX_GATEWAY = 'http://alipay-sandbox.invalid/pay/sandbox/cashier';
const PAY_METHODS = ['alipay.trade.page.pay', 'alipay.trade.wap.pay'];

function beijingToDate(text: string | undefined): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text ?? '');
  if (!m) return undefined;
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]! - 8, +m[5]!, +(m[6] ?? 0)));
}

export function createSandboxPlatform(keys: SandboxKeys): SandboxPlatform {
  const merchantKey = toPublicKey(keys.merchant.publicKey);
  const platformKey = toPrivateKey(keys.platform.privateKey);
  const tradeSecret = crypto.createHash('sha256').update(keys.platform.privateKey).digest();
  const appId = SANDBOX_APP_ID;
  const sellerId = SANDBOX_SELLER_ID;

  const tradeNoFor = (orderNo: string) => {
    const digest = crypto.createHmac('sha256', tradeSecret).update(orderNo).digest();
    const digits = BigInt(`0x${digest.subarray(0, 10).toString('hex')}`)
      .toString()
      .padStart(20, '0')
      .slice(-20);
    return `SB${digits}`;
  };

  const readPayRequest: SandboxPlatform['readPayRequest'] = (params, now = new Date()) => {
    if (!verifyRequest(params, merchantKey)) return { ok: false, reason: '支付请求签名无效' };
    if (params.app_id !== appId || !PAY_METHODS.includes(params.method ?? ''))
      return { ok: false, reason: '支付请求不正确' };
    let biz: Record<string, string>;
    try {
      biz = JSON.parse(params.biz_content ?? '');
    } catch {
      return { ok: false, reason: '支付请求不正确' };
    }
    const amountFen = yuanToFen(biz.total_amount);
    if (!biz.out_trade_no || amountFen === undefined || amountFen <= 0) return { ok: false, reason: '支付请求不正确' };
    const expiresAt = beijingToDate(biz.time_expire);
    if (expiresAt && expiresAt.getTime() <= now.getTime()) return { ok: false, reason: '交易已超时关闭' };
    return {
      ok: true,
      request: {
        orderNo: biz.out_trade_no,
        amountFen,
        subject: biz.subject ?? '',
        notifyUrl: params.notify_url ?? '',
        returnUrl: params.return_url ?? '',
        expiresAt,
        params,
      },
    };
  };

  const paidNotification: SandboxPlatform['paidNotification'] = (request, now = new Date()) =>
    signNotification(
      {
        notify_time: beijingTime(now),
        notify_type: 'trade_status_sync',
        notify_id: crypto.randomBytes(16).toString('hex'),
        charset: 'utf-8',
        version: '1.0',
        sign_type: 'RSA2',
        app_id: appId,
        seller_id: sellerId,
        auth_app_id: appId,
        out_trade_no: request.orderNo,
        trade_no: tradeNoFor(request.orderNo),
        trade_status: 'TRADE_SUCCESS',
        total_amount: fenToYuan(request.amountFen),
        receipt_amount: fenToYuan(request.amountFen),
        buyer_pay_amount: fenToYuan(request.amountFen),
        subject: request.subject,
        gmt_create: beijingTime(now),
        gmt_payment: beijingTime(now),
      },
      platformKey,
    );

  /** Answers like Alipay's gateway, signing the `<method>_response` JSON text. */
  const respond = (member: string, body: Record<string, string>) => {
    const raw = JSON.stringify(body);
    return `{"${member}":${raw},"sign":"${signText(raw, platformKey)}"}`;
  };

  const answer = (params: Params) => {
    const member = `${(params.method ?? 'unknown').replaceAll('.', '_')}_response`;
    if (!verifyRequest(params, merchantKey) || params.app_id !== appId) {
      return respond(member, {
        code: '40002',
        msg: 'Invalid Arguments',
        sub_code: 'isv.invalid-signature',
        sub_msg: '验签出错',
      });
    }
    if (params.method !== 'alipay.trade.refund') {
      return respond(member, { code: '40004', msg: 'Business Failed', sub_msg: '沙箱不支持此接口' });
    }
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    const amount = yuanToFen(biz.refund_amount);
    if (!biz.out_trade_no || !biz.out_request_no || amount === undefined || amount <= 0) {
      return respond(member, {
        code: '40004',
        msg: 'Business Failed',
        sub_code: 'ACQ.INVALID_PARAMETER',
        sub_msg: '参数无效',
      });
    }
    return respond(member, {
      code: '10000',
      msg: 'Success',
      trade_no: tradeNoFor(biz.out_trade_no),
      out_trade_no: biz.out_trade_no,
      out_request_no: biz.out_request_no,
      refund_fee: biz.refund_amount!,
      fund_change: 'Y',
    });
  };

  return { appId, sellerId, readPayRequest, tradeNoFor, paidNotification, answer };
}

/**
 * The HTTP dispatcher the shop's Alipay client uses in the sandbox: calls to SANDBOX_GATEWAY are
 * answered in-process by the platform (query in the URL, biz_content in the form body, as the SDK
 * sends them); nothing else may leave.
 */
export function sandboxDispatcher(platform: SandboxPlatform): Dispatcher {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const { origin, pathname } = new URL(SANDBOX_GATEWAY);
  agent
    .get(origin)
    .intercept({ path: (p) => p.split('?')[0] === pathname, method: 'POST' })
    .reply((req) => {
      const query = new URLSearchParams(req.path.split('?')[1] ?? '');
      const body = new URLSearchParams(typeof req.body === 'string' ? req.body : String(req.body ?? ''));
      const params = { ...Object.fromEntries(query), ...Object.fromEntries(body) };
      return {
        statusCode: 200,
        data: platform.answer(params),
        responseOptions: { headers: { 'content-type': 'application/json' } },
      };
    })
    .persist();
  return agent;
}
