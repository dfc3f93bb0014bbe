import type { Params } from './rsa2.ts';

/**
 * What the shop needs from a payment provider. Providers know nothing of our tables: the payments
 * service checks amounts against orders and records every attempt and notification.
 */
export type ProviderName = 'sandbox' | 'alipay' | 'wechatpay';

export interface CreatePaymentInput {
  orderNo: string;
  amountFen: number;
  subject: string;
  /** After this the provider must not accept the payment (the order is cancelled then). */
  payDeadline: Date;
  notifyUrl: string;
  returnUrl: string;
  /** The buyer is on a phone: the provider's mobile cashier instead of its desktop page. */
  mobile?: boolean;
  /** The buyer's IP address (WeChat Pay's H5 payment wants it). */
  clientIp?: string;
}

/** Where the buyer pays: a page the browser goes to, or a code the buyer scans (WeChat Pay Native). */
export type PaymentStart = { payUrl: string } | { codeUrl: string };

/**
 * A notification as it came: Alipay and the sandbox post signed form fields (params); WeChat Pay
 * posts JSON signed over the exact bytes (rawBody) with its signature in headers (lower-case names).
 */
export interface NotificationInput {
  params?: Params;
  rawBody?: string;
  headers?: Record<string, string | undefined>;
}

export interface VerifiedNotification {
  orderNo: string;
  amountFen: number;
  tradeNo: string;
  /** TRADE_SUCCESS / TRADE_FINISHED; other statuses (WAIT_BUYER_PAY, TRADE_CLOSED) are not payments. */
  paid: boolean;
  /** The provider's own status word (WeChat Pay's trade_state, REFUND_<status> for refund news), for the log. */
  state?: string;
  /** News of a refund: our refund number (out_refund_no) it is about. */
  refundNo?: string;
}

export type NotificationCheck = { ok: true; notification: VerifiedNotification } | { ok: false; reason: string };

/** What the provider says of a payment when asked (a notification that is late or lost). */
export type PaymentQuery = { ok: true; notification: VerifiedNotification } | { ok: false; message: string };

export interface RefundInput {
  orderNo: string;
  /** Our refund number, the provider's out_request_no: retrying with the same one is idempotent. */
  refundNo: string;
  amountFen: number;
  reason?: string;
}

export type RefundResult = { ok: true; providerRef: string } | { ok: false; message: string };

export interface PaymentProvider {
  name: ProviderName;
  /** What the buyer sees on the payment page. */
  label: string;
  /** payUrl: where the browser goes (absolute, or same-origin for the sandbox cashier); codeUrl: a QR code's text. */
  createPayment(input: CreatePaymentInput): Promise<PaymentStart>;
  verifyNotification(input: NotificationInput): NotificationCheck;
  queryPayment(orderNo: string): Promise<PaymentQuery>;
  /** Idempotent by refundNo: the same refund asked twice returns the money once. */
  refund(input: RefundInput): Promise<RefundResult>;
}
