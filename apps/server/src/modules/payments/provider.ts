import type { Params } from './rsa2.ts';

/**
 * What the shop needs from a payment provider. Providers know nothing of our tables: the payments
 * service checks amounts against orders and records every attempt and notification.
 */
export type ProviderName = 'sandbox' | 'alipay';

export interface CreatePaymentInput {
  orderNo: string;
  amountFen: number;
  subject: string;
  /** After this the provider must not accept the payment (the order is cancelled then). */
  payDeadline: Date;
  notifyUrl: string;
  returnUrl: string;
}

export interface VerifiedNotification {
  orderNo: string;
  amountFen: number;
  tradeNo: string;
  /** TRADE_SUCCESS / TRADE_FINISHED; other statuses (WAIT_BUYER_PAY, TRADE_CLOSED) are not payments. */
  paid: boolean;
}

export type NotificationCheck = { ok: true; notification: VerifiedNotification } | { ok: false; reason: string };

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
  /** The URL the browser goes to (absolute, or same-origin for the sandbox cashier). */
  createPayment(input: CreatePaymentInput): string;
  verifyNotification(params: Params): NotificationCheck;
  refund(input: RefundInput): Promise<RefundResult>;
}

/** The HTTP call to a provider's gateway, injectable so tests and the sandbox need no network. */
export type GatewayFetch = (url: string, body: URLSearchParams) => Promise<{ status: number; text: string }>;

export const realGatewayFetch: GatewayFetch = async (url, body) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
    body,
    signal: AbortSignal.timeout(15_000),
  });
  return { status: res.status, text: await res.text() };
};
