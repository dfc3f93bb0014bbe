import type { FastifyInstance } from 'fastify';
import { ok } from '@mall/shared';
import { parse } from '../../lib/validation.ts';
import * as orders from '../orders/orders.service.ts';
import { orderNoBody, pageBody, shipBody } from '../orders/orders.schema.ts';
import { opsToken } from './ops-token.ts';

/** Operator order endpoints. */
export async function opsOrderRoutes(app: FastifyInstance) {
  const { ctx } = app;
  opsToken(ctx.config); // made (and written to DATA_DIR) at start-up, so `npm run ops` finds it at once

  app.get('/ops/order/list', { config: { permission: 'order:view' } }, async (req) => ok(await orders.opsListOrders(ctx, parse(pageBody, req.query))));

  app.get('/ops/order/detail', { config: { permission: 'order:view' } }, async (req) => {
    const { orderNo } = parse(orderNoBody, req.query);
    return ok(await orders.opsOrderDetail(ctx, orderNo));
  });

  app.post('/ops/order/ship', { config: { permission: 'order:ship' } }, async (req) => {
    const body = parse(shipBody, req.body);
    return ok(await orders.shipOrder(ctx, body), '已发货');
  });
}
