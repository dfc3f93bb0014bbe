import type { SecurityHeaderOptions } from '../../lib/security-headers.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ok } from '@mall/shared';
import { parse } from '../../lib/validation.ts';
import { memberOf, requireMember } from '../accounts/index.ts';
import { createPaymentBody, paymentStatusQuery } from './payments.schema.ts';
import * as payments from './payments.service.ts';
import { CASHIER_CSP_DIRECTIVES, cashierErrorPage, cashierPage } from './cashier-page.ts';
import { paymentsOf } from './providers.ts';
import type { Params } from './rsa2.ts';

/**
 * Notifications per IP address per minute. Anyone may post to the notify URL; a provider sends one
 * per payment (and retries a failed one a few times over hours), so two a second from one address
 * leaves room for a busy shop while a flood of forged posts is cut off. Behind a reverse proxy the
 * address is the client's only with TRUST_PROXY set; otherwise every post counts as the proxy's.
 */
export const NOTIFY_RATE_LIMIT = { max: 120, timeWindow: 60_000 };

export async function paymentsRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/member/pay/methods', { preHandler: requireMember }, async () => ok(payments.paymentMethods(ctx)));

  app.post('/member/pay/order/create', { preHandler: requireMember }, async (req) => {
    const body = parse(createPaymentBody, req.body);
    return ok(await payments.createPayment(ctx, memberOf(req).memberId, { ...body, clientIp: req.ip }));
  });

  app.get('/member/pay/order/status', { preHandler: requireMember }, async (req) => {
    const { orderNo } = parse(paymentStatusQuery, req.query);
    return ok(await payments.paymentStatus(ctx, memberOf(req).memberId, orderNo));
  });

  // WeChat Pay posts JSON signed over its exact bytes: kept as the raw string, nothing else accepted.
  // Its own answer: 204 when taken, 4xx/5xx with {code, message} so that WeChat Pay sends it again.
  await app.register(async (json) => {
    json.removeAllContentTypeParsers();
    json.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    json.post('/pay/notify/wechatpay', { config: { rateLimit: NOTIFY_RATE_LIMIT } }, async (req, reply) => {
      const headers: Record<string, string | undefined> = {};
      for (const [k, v] of Object.entries(req.headers)) if (k.startsWith('wechatpay-') && typeof v === 'string') headers[k] = v;
      const rawBody = typeof req.body === 'string' ? req.body : '';
      const answer = await payments.handleNotification(ctx, 'wechatpay', { rawBody, headers });
      if (answer === 'success') return reply.status(204).send();
      return reply.status(400).send({ code: 'FAIL', message: '通知未通过校验' });
    });
  });

  // Providers post form-encoded text whose exact values are signed: read them flat and untouched
  // (the app's qs parser would turn `a[b]=` keys into objects).
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/x-www-form-urlencoded');
    raw.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );

    raw.post<{ Params: { provider: string } }>(
      '/pay/notify/:provider',
      { config: { rateLimit: NOTIFY_RATE_LIMIT } },
      async (req, reply) => {
        const answer = await payments.handleNotification(ctx, req.params.provider, { params: flat(req.body) });
        return reply.type('text/plain; charset=utf-8').send(answer);
      },
    );

    if (!paymentsOf(ctx).sandbox) return;
    const cashierHeaders: SecurityHeaderOptions = {
      contentSecurityPolicy: { useDefaults: false, directives: CASHIER_CSP_DIRECTIVES },
    };
    const cashier = { config: { securityHeaders: cashierHeaders } };
    raw.get('/pay/sandbox/cashier', cashier, async (req, reply) => {
      const read = paymentsOf(ctx).sandbox!.readPayRequest(flat(req.query));
      if (!read.ok) return html(reply, cashierErrorPage(read.reason), 400);
      const r = read.request;
      return html(
        reply,
        cashierPage({
          orderNo: r.orderNo,
          amountFen: r.amountFen,
          subject: r.subject,
          expiresAt: r.expiresAt,
          params: r.params,
        }),
      );
    });

    raw.post('/pay/sandbox/cashier/confirm', cashier, async (req, reply) => {
      const sandbox = paymentsOf(ctx).sandbox!;
      const read = sandbox.readPayRequest(flat(req.body));
      if (!read.ok) return html(reply, cashierErrorPage(read.reason), 400);
      const delivered = await notifyMerchant(req, sandbox.paidNotification(read.request));
      if (!delivered)
        return html(
          reply,
          cashierErrorPage('支付成功，但通知商户失败，请稍后查看订单', safeReturn(read.request.returnUrl)),
          502,
        );
      return reply.redirect(safeReturn(read.request.returnUrl), 303);
    });

    raw.post('/pay/sandbox/cashier/cancel', cashier, async (req, reply) => {
      const read = paymentsOf(ctx).sandbox!.readPayRequest(flat(req.body));
      if (!read.ok) return html(reply, cashierErrorPage(read.reason), 400);
      return reply.redirect(safeReturn(read.request.returnUrl), 303);
    });
  });
}

/** Keeps string values only: a provider's parameters are flat text. */
function flat(input: unknown): Params {
  const out: Params = {};
  if (input && typeof input === 'object') {
    for (const [k, v] of Object.entries(input as Record<string, unknown>)) if (typeof v === 'string') out[k] = v;
  }
  return out;
}

function html(reply: FastifyReply, page: string, status = 200) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
}

/** The return URL was signed by the shop, yet only a same-site path is followed (no open redirect). */
function safeReturn(url: string): string {
  try {
    const u = new URL(url, 'http://x');
    const path = `${u.pathname}${u.search}`;
    return path.startsWith('/') && !path.startsWith('//') ? path : '/';
  } catch {
    return '/';
  }
}

/**
 * The sandbox platform delivers its notification by HTTP to this very server (as Alipay would
 * to the shop), always to the loopback address: the notify URL's host is never followed.
 */
async function notifyMerchant(req: FastifyRequest, params: Params): Promise<boolean> {
  const address = req.server.server.address();
  if (!address || typeof address === 'string') return false;
  const host = ['0.0.0.0', '::', '127.0.0.1', '::ffff:127.0.0.1'].includes(address.address)
    ? '127.0.0.1'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const res = await fetch(`http://${host}:${address.port}/pay/notify/sandbox`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body: new URLSearchParams(params),
        signal: AbortSignal.timeout(10_000),
      });
      if ((await res.text()).trim() === 'success') return true;
    } catch {
      // retried below, as a provider retries its notifications
    }
    await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
  }
  return false;
}
