import type { FastifyInstance } from 'fastify';
import { ok } from '@mall/shared';
import { parse } from '../lib/validation.ts';
import { deliveryQuote } from './delivery-quote.ts';
import { deliveryEstimateQuery } from './delivery-quote.schema.ts';

export async function deliveryQuoteRoutes(app: FastifyInstance) {
  const { ctx } = app;

  /** 配送至 on the goods detail: freight and arrival estimate for a region. Public: no sign-in needed. */
  app.get('/member/goods/delivery/estimate', async (req) => {
    const query = parse(deliveryEstimateQuery, req.query);
    return ok(await deliveryQuote(ctx, query));
  });
}
