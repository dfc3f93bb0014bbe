import crypto from 'node:crypto';
import {
  canTransition,
  Code,
  orderStatusName,
  PAID_ORDER_STATUSES,
  PAYMENT_METHOD_NAMES,
  type ConsoleManualRefund,
  type ConsoleManualRefundPage,
  type ConsolePayment,
} from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTx } from '../../lib/db.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { findOrderForPayment, markOrderPaid } from '../orders/orders.service.ts';
import { paymentsOf } from './providers.ts';
import type { NotificationInput, VerifiedNotification } from './provider.ts';
import type { Params } from './rsa2.ts';
import * as repo from './payments.repo.ts';
import * as refunds from './refunds.repo.ts';

const isPaid = (status: string) => (PAID_ORDER_STATUSES as readonly string[]).includes(status);

export function paymentMethods(ctx: AppContext) {
  return paymentsOf(ctx).providers.map((p) => ({ method: p.name, name: p.label }));
}

async function ownOrder(ctx: AppContext, memberId: string, orderNo: string) {
  const order = await findOrderForPayment(ctx.db, orderNo);
  // Another member's order answers exactly like one that does not exist.
  if (!order || order.memberId !== memberId) throw notFound('订单不存在');
  return order;
}

/**
 * Starts a payment attempt of the member's own unpaid order: the browser goes to payUrl, or the
 * cashier shows codeUrl as a QR code (WeChat Pay Native).
 */
export async function createPayment(
  ctx: AppContext,
  memberId: string,
  input: { orderNo: string; method: string; mobile?: boolean; clientIp?: string },
) {
  const provider = paymentsOf(ctx).byName(input.method);
  if (!provider) throw badRequest('暂不支持该支付方式');
  const order = await ownOrder(ctx, memberId, input.orderNo);
  if (!canTransition('pay', order.status)) {
    throw new AppError(
      Code.ORDER_STATE,
      isPaid(order.status) ? '订单已支付，请勿重复支付' : `订单${orderStatusName(order.status)}，不能支付`,
    );
  }
  if (order.payDeadline.getTime() <= Date.now()) throw new AppError(Code.ORDER_STATE, '订单已超时，请重新下单');
  await repo.insertAttempt(ctx.db, {
    orderId: order.id,
    orderNo: order.orderNo,
    memberId,
    provider: provider.name,
    amount: order.payableAmount,
  });
  const base = ctx.config.PUBLIC_BASE_URL?.replace(/\/+$/, '') ?? '';
  const start = await provider.createPayment({
    orderNo: order.orderNo,
    amountFen: order.payableAmount,
    subject: `商城订单 ${order.orderNo}`,
    payDeadline: order.payDeadline,
    notifyUrl: `${base}/pay/notify/${provider.name}`,
    returnUrl: `${base}/payment?orderNo=${encodeURIComponent(order.orderNo)}&from=cashier`,
    mobile: input.mobile,
    clientIp: input.clientIp,
  });
  return { ...start, amount: order.payableAmount, payDeadline: order.payDeadline.toISOString(), method: provider.name };
}

/** What the payment page polls. Read only: nothing but a verified notification marks an order paid. */
export async function paymentStatus(ctx: AppContext, memberId: string, orderNo: string) {
  const order = await ownOrder(ctx, memberId, orderNo);
  return {
    orderNo: order.orderNo,
    status: order.status,
    statusText: orderStatusName(order.status),
    paid: isPaid(order.status),
    amount: order.payableAmount,
    payDeadline: order.payDeadline.toISOString(),
  };
}

export type NotifyAnswer = 'success' | 'failure';

/**
 * An asynchronous notification from a provider. Checks, in order: the provider is the configured
 * one; signature, app id and seller (provider); the order exists and the amount is its payable
 * amount. Then one transaction: the conditional update of markOrderPaid decides which of any
 * number of duplicate or concurrent copies marks the order paid; the others find the payment
 * already recorded. Every notification is logged with what was done.
 */
export async function handleNotification(
  ctx: AppContext,
  providerName: string,
  input: NotificationInput,
): Promise<NotifyAnswer> {
  // Form providers log their fields; a JSON one (WeChat Pay) its envelope, then what it verified.
  let params: Params = input.params ?? envelopeOf(input);
  const log = notificationLog(ctx, providerName, () => params);
  const provider = paymentsOf(ctx).byName(providerName);
  if (!provider) {
    await log(false, 'refused: provider not enabled');
    return 'failure';
  }
  const check = provider.verifyNotification(input);
  if (!check.ok) {
    ctx.log.warn(
      { provider: providerName, orderNo: params.out_trade_no, reason: check.reason },
      'payment notification refused',
    );
    await log(false, `refused: ${check.reason}`);
    return 'failure';
  }
  const n = check.notification;
  if (!input.params) {
    params = { ...params, out_trade_no: n.orderNo, trade_no: n.tradeNo, trade_status: n.state ?? '' };
  }
  if (!n.paid) {
    await log(
      true,
      n.state?.startsWith('REFUND_')
        ? await refundNews(ctx, provider.name, n)
        : `ignored: trade_status ${params.trade_status ?? ''}`,
    );
    // WAIT_BUYER_PAY / TRADE_CLOSED: nothing to do, and the provider must stop resending.
    return 'success';
  }
  return (await settle(ctx, provider.name, n, log)) ? 'success' : 'failure';
}

type NotificationLog = (verified: boolean, outcome: string, db?: DbOrTx) => Promise<void>;

/** Writes to payment_notifications what a provider sent (or answered when asked) and what was done with it. */
const notificationLog =
  (ctx: AppContext, provider: string, params: () => Params): NotificationLog =>
  (verified, outcome, db = ctx.db) =>
    repo.logNotification(db, {
      provider,
      orderNo: params().out_trade_no,
      tradeNo: params().trade_no,
      verified,
      outcome,
      params: params(),
    });

/**
 * A payment the provider vouched for (a verified notification, or its signed answer when asked):
 * the order must exist and the amount be its payable amount. Then one transaction: the conditional
 * update of markOrderPaid decides which of any number of duplicate or concurrent copies marks the
 * order paid; the others find the payment already recorded. Answers what was done (paid,
 * duplicate, refund required...), or undefined when refused.
 */
async function settle(
  ctx: AppContext,
  providerName: string,
  n: VerifiedNotification,
  log: NotificationLog,
): Promise<string | undefined> {
  const order = await findOrderForPayment(ctx.db, n.orderNo);
  if (!order) {
    await log(true, 'refused: unknown order');
    return undefined;
  }
  if (n.amountFen !== order.payableAmount) {
    ctx.log.warn({ orderNo: n.orderNo, amountFen: n.amountFen }, 'payment notification amount differs from the order');
    await log(true, `refused: amount ${n.amountFen} != payable ${order.payableAmount}`);
    return undefined;
  }
  const base = {
    orderId: order.id,
    orderNo: order.orderNo,
    memberId: order.memberId,
    provider: providerName,
    amount: n.amountFen,
    tradeNo: n.tradeNo,
  };
  const outcome = await ctx.db.transaction(async (tx) => {
    let result: string;
    if (await markOrderPaid(tx, { orderId: order.id, amountFen: n.amountFen, paymentMethod: providerName })) {
      await repo.settleAttempt(tx, base);
      result = 'paid';
    } else if (await repo.findByTradeNo(tx, providerName, n.tradeNo)) {
      result = 'duplicate';
    } else {
      // Money for an order that can no longer take it: cancelled (or expired) before the
      // notification came, or already paid by another trade. Kept and flagged for a refund.
      const now = await findOrderForPayment(tx, n.orderNo);
      const note = isPaid(now?.status ?? '')
        ? '订单已由其他交易支付，款项待退回'
        : `订单${orderStatusName(now?.status ?? '')}，款项待退回`;
      const inserted = await repo.recordRefundRequired(tx, { ...base, note });
      result = inserted ? `refund required: ${now?.status}` : 'duplicate';
    }
    await log(true, result, tx);
    return result;
  });
  if (outcome.startsWith('refund required')) {
    ctx.log.warn(
      { orderNo: n.orderNo, provider: providerName },
      'payment received for an order that cannot take it; flagged for refund',
    );
  }
  return outcome;
}

/**
 * A provider's news of a refund (WeChat Pay's REFUND.* notifications). The refund call's own answer
 * already recorded it; SUCCESS confirms that. ABNORMAL (the buyer's card closed...) or CLOSED means the
 * money did not go back: the refund is marked so, and the operator sees why on the after-sale request.
 */
async function refundNews(ctx: AppContext, providerName: string, n: VerifiedNotification): Promise<string> {
  if (n.state === 'REFUND_SUCCESS' || !n.refundNo) return `ignored: ${n.state}`;
  const error =
    n.state === 'REFUND_ABNORMAL'
      ? '退款异常（如买家银行卡已注销），请到支付渠道的商户平台处理'
      : '退款已关闭，款项未退回，请到支付渠道的商户平台处理';
  const marked = await refunds.markNotReturned(ctx.db, { refundNo: n.refundNo, provider: providerName, error });
  ctx.log.warn(
    { provider: providerName, orderNo: n.orderNo, refundNo: n.refundNo, state: n.state },
    'refund not completed by the provider',
  );
  return marked ? `refund not returned: ${n.refundNo} ${n.state}` : `ignored: ${n.state} for ${n.refundNo}`;
}

const ASK_BUDGET_MS = 20_000;

/**
 * Before the sweeper cancels unpaid orders past their deadline, it asks the provider of each one's
 * open attempt whether the buyer paid after all (the notification lost or still on its way): a
 * payment the provider confirms is settled as its notification would be, so the order is paid, not
 * cancelled. Outside any transaction (the provider is a network call away), a few at a time. Orders
 * with no attempt at a provider that can be asked (the sandbox cannot) cost nothing. Returns how many
 * orders were found paid.
 */
export async function settlePaidDueOrders(ctx: AppContext, limit = 100): Promise<number> {
  const askable = paymentsOf(ctx).providers.filter((p) => p.name !== 'sandbox');
  if (!askable.length) return 0;
  const due = await repo.openAttemptsOfDueOrders(
    ctx.db,
    askable.map((p) => p.name),
    limit,
  );
  let paid = 0;
  // A provider that does not answer must not hold up the cancelling for long: those not asked by
  // then are cancelled, and money that comes later is flagged for a refund as before.
  const askUntil = Date.now() + ASK_BUDGET_MS;
  const next = async (): Promise<void> => {
    const attempt = due.shift();
    if (!attempt || Date.now() > askUntil) return;
    const provider = askable.find((p) => p.name === attempt.provider)!;
    const answer = await provider
      .queryPayment(attempt.orderNo)
      .catch((err: Error) => ({ ok: false, message: err.message }) as const);
    // The provider's answer is signed and names this order (checked by queryPayment).
    if (answer.ok && answer.notification.paid) {
      const n = answer.notification;
      const params = { out_trade_no: n.orderNo, trade_no: n.tradeNo, trade_status: n.state ?? 'paid', source: 'query' };
      const log = notificationLog(ctx, provider.name, () => params);
      if ((await settle(ctx, provider.name, n, log)) === 'paid') paid++;
    }
    return next();
  };
  await Promise.all(Array.from({ length: 4 }, next));
  return paid;
}

/** The unencrypted, unverified envelope of a JSON notification: what may be logged before checking it. */
function envelopeOf(input: NotificationInput): Params {
  const out: Params = {};
  for (const h of ['wechatpay-serial', 'wechatpay-timestamp']) {
    const v = input.headers?.[h];
    if (typeof v === 'string') out[h] = v.slice(0, 64);
  }
  try {
    const body = JSON.parse(input.rawBody ?? '') as Record<string, unknown>;
    for (const k of ['id', 'event_type', 'resource_type', 'create_time']) {
      if (typeof body[k] === 'string') out[k] = (body[k] as string).slice(0, 64);
    }
  } catch {
    out.body = '(not JSON)';
  }
  return out;
}

/** Payments per state, for the operations metrics. */
export const paymentsByState = (db: DbOrTx) => repo.countByStatus(db);

export async function refundRequiredPayments(ctx: AppContext) {
  const list = await repo.listRefundRequired(ctx.db);
  return list.map((p) => ({
    id: p.id,
    orderNo: p.orderNo,
    provider: p.provider,
    amount: p.amount,
    tradeNo: p.tradeNo,
    note: p.note,
    createdAt: p.createdAt.toISOString(),
  }));
}

/* ---- Refunds: the door the refund flow uses. ---- */

export interface RefundClaim {
  refundId: string;
  refundNo: string;
  provider: string;
  /** True for the one caller that must now call the provider. */
  claimed: boolean;
  status: string;
}

/** Reserves the refund of an after-sale request against the order's successful payment. */
export async function claimAfterSaleRefund(
  ctx: AppContext,
  v: { afterSaleId: string; orderId: string; orderNo: string; amount: number },
): Promise<RefundClaim> {
  const payment = await repo.successfulPayment(ctx.db, v.orderId);
  if (!payment) throw new AppError(Code.PAYMENT_FAILED, '未找到该订单的支付记录，无法原路退款');
  const refundNo = `RF${Date.now()}${crypto.randomInt(10 ** 8, 10 ** 9)}`;
  const { refund, claimed } = await refunds.claimRefund(ctx.db, { ...v, refundNo, provider: payment.provider });
  return { refundId: refund.id, refundNo: refund.refundNo, provider: refund.provider, claimed, status: refund.status };
}

/** Asks the provider to return the money (idempotent there by refundNo) and records the result. */
export async function executeRefund(
  ctx: AppContext,
  claim: RefundClaim,
  v: { orderNo: string; amount: number; reason: string },
) {
  const provider = paymentsOf(ctx).byName(claim.provider);
  const result = provider
    ? await provider.refund({ orderNo: v.orderNo, refundNo: claim.refundNo, amountFen: v.amount, reason: v.reason })
    : ({ ok: false, message: '原支付方式已停用' } as const);
  if (!result.ok) {
    await refunds.markRefund(ctx.db, claim.refundId, { ok: false, error: result.message });
    ctx.log.warn({ refundNo: claim.refundNo, provider: claim.provider, reason: result.message }, 'refund failed');
    throw new AppError(Code.PAYMENT_FAILED, `退款失败：${result.message}`);
  }
  return result.providerRef;
}

export async function confirmRefund(tx: DbOrTx, refundId: string, providerRef: string) {
  return Boolean(await refunds.markRefund(tx, refundId, { ok: true, providerRef }));
}

export async function refundOfAfterSale(db: DbOrTx, afterSaleId: string) {
  const r = await refunds.refundOfAfterSale(db, afterSaleId);
  return (
    r && {
      refundNo: r.refundNo,
      amount: r.amount,
      status: r.status,
      finishedAt: r.finishedAt?.toISOString() ?? null,
      error: r.error,
    }
  );
}

export class RefundInProgress extends AppError {
  constructor() {
    super(Code.AFTERSALE_STATE, '退款正在处理中，请稍后查看');
  }
}

/* ---- The console: an order's payments, and refunds made by hand ---- */

const PAYMENT_STATUS_TEXT: Record<string, string> = {
  CREATED: '待支付',
  SUCCESS: '支付成功',
  REFUND_REQUIRED: '待人工退款',
  REFUNDED: '已人工退款',
};

function presentPayment(p: repo.PaymentRow): ConsolePayment {
  return {
    id: p.id,
    provider: p.provider,
    providerText: PAYMENT_METHOD_NAMES[p.provider] ?? p.provider,
    amount: p.amount,
    status: p.status as ConsolePayment['status'],
    statusText: PAYMENT_STATUS_TEXT[p.status] ?? p.status,
    tradeNo: p.tradeNo,
    paidAt: p.paidAt?.toISOString() ?? null,
    note: p.note,
    refundedAt: p.refundedAt?.toISOString() ?? null,
    refundedBy: p.refundedBy,
    refundNote: p.refundNote,
    createdAt: p.createdAt.toISOString(),
  };
}

/** Every payment record of an order (attempts, the payment, money to give back), newest first. */
export async function paymentsOfOrder(db: DbOrTx, orderId: string): Promise<ConsolePayment[]> {
  return (await repo.paymentsOfOrder(db, orderId)).map(presentPayment);
}

const presentManual = (p: repo.PaymentRow): ConsoleManualRefund => ({
  ...presentPayment(p),
  orderNo: p.orderNo,
  memberId: p.memberId,
});

/** 人工退款: payments waiting for a refund by hand (oldest first), or those already recorded. */
export async function manualRefunds(
  ctx: AppContext,
  q: { status: 'REFUND_REQUIRED' | 'REFUNDED'; pageNum: number; pageSize: number },
): Promise<ConsoleManualRefundPage> {
  const { list, total } = await repo.pageManualRefunds(ctx.db, q.status, q.pageNum, q.pageSize);
  return { list: list.map(presentManual), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

/**
 * Records that an operator gave the money of a REFUND_REQUIRED payment back outside the shop (in the
 * provider's merchant console, by bank transfer...): REFUNDED with who, when and how, once.
 */
export async function recordManualRefund(
  ctx: AppContext,
  v: { paymentId: string; note: string; by: { id: string | null; name: string } },
): Promise<ConsoleManualRefund> {
  const found = isUuid(v.paymentId) ? await repo.findPayment(ctx.db, v.paymentId) : undefined;
  if (!found) throw notFound('支付记录不存在');
  const done = await repo.markRefundedByHand(ctx.db, found.id, { byId: v.by.id, by: v.by.name, note: v.note });
  if (done) return presentManual(done);
  const now = await repo.findPayment(ctx.db, found.id);
  if (now?.status === 'REFUNDED') {
    throw new AppError(
      Code.PAYMENT_FAILED,
      `该款项已于 ${shanghaiTime(now.refundedAt)} 由 ${now.refundedBy ?? '运营'} 登记为已退款，不能重复登记`,
    );
  }
  throw new AppError(Code.PAYMENT_FAILED, '该支付不需要人工退款');
}

const shanghaiTime = (d: Date | null) =>
  d ? new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ') : '';
