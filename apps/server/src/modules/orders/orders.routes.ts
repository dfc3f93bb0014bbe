import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '@mall/shared';
import { parse } from '../../lib/validation.ts';
import { memberOf, requireMember } from '../accounts/index.ts';
import * as orders from './orders.service.ts';
import { cancelBody, orderNoBody, pageBody } from './orders.schema.ts';

/** The buyer's orders: list with tabs, detail, and the actions of the state table. */
export async function ordersRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.addHook('preHandler', requireMember);
  const me = (req: FastifyRequest) => memberOf(req).memberId;

  app.get('/member/order/order/page', async (req) =>
    ok(await orders.listOrders(ctx, me(req), parse(pageBody, req.query))),
  );

  app.get('/member/order/order/counts', async (req) => ok(await orders.orderCounts(ctx, me(req))));

  app.get('/member/order/order/detail', async (req) => {
    const { orderNo } = parse(orderNoBody, req.query);
    return ok(await orders.orderDetail(ctx, me(req), orderNo));
  });

  app.post('/member/order/order/cancel', async (req) => {
    const { orderNo, reason } = parse(cancelBody, req.body);
    return ok(await orders.cancelByBuyer(ctx, me(req), orderNo, reason), '订单已取消');
  });

  app.post('/member/order/order/confirm', async (req) => {
    const { orderNo } = parse(orderNoBody, req.body);
    return ok(await orders.confirmByBuyer(ctx, me(req), orderNo), '已确认收货');
  });

  app.post('/member/order/order/delete', async (req) => {
    const { orderNo } = parse(orderNoBody, req.body);
    await orders.deleteByBuyer(ctx, me(req), orderNo);
    return ok(null, '订单已删除');
  });

  app.post('/member/order/order/buyAgain', async (req) => {
    const { orderNo } = parse(orderNoBody, req.body);
    const result = await orders.buyAgain(ctx, me(req), orderNo);
    const message =
      result.added === 0
        ? '商品均已失效，未能加入购物车'
        : result.skipped.length
          ? '部分商品已加入购物车'
          : '已加入购物车';
    return ok(result, message);
  });
}
