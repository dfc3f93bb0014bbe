import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '@mall/shared';
import { parse } from '../lib/validation.ts';
import { memberOf, requireMember } from '../modules/accounts/index.ts';
import { quoteCheckout, refuseSoldOut, submitCheckout, throughFlashTurnstile } from './checkout.ts';
import { quoteBody, submitBody } from './checkout.schema.ts';

/** Checkout: the quote the page shows, and the submit that makes the order (flows/checkout.ts). */
export async function checkoutRoutes(app: FastifyInstance) {
  const { ctx } = app;
  // A sold-out 秒杀's 立即抢购 is answered before the session is read (preValidation runs before
  // the handlers): once a session sells out these refusals are most of the load, and touch no table.
  app.addHook('preValidation', async (req) => refuseSoldOut(ctx, req.body));
  const me = (req: FastifyRequest) => memberOf(req).memberId;

  app.post('/member/trade/checkout/quote', { preHandler: requireMember }, async (req) =>
    ok(await quoteCheckout(ctx, me(req), parse(quoteBody, req.body))),
  );

  // The session is read inside the 秒杀 turnstile (flows/checkout.ts), so that a burst of buyers
  // waits there rather than in the database pool.
  app.post('/member/trade/checkout/submit', async (req) =>
    throughFlashTurnstile(ctx, req.body, async () => {
      await requireMember(req);
      const result = await submitCheckout(ctx, me(req), parse(submitBody, req.body));
      return ok(result, result.created ? '订单已提交' : '订单已提交（重复提交已忽略）');
    }),
  );
}
