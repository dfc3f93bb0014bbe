import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '@mall/shared';
import { notFound } from '../../lib/errors.ts';
import { parse } from '../../lib/validation.ts';
import { memberOf, requireMember } from '../accounts/index.ts';
import * as cart from './cart.service.ts';
import { addBody, quantityBody, removeBody, selectAllBody, selectBody } from './cart.schema.ts';

export async function cartRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.addHook('preHandler', requireMember);
  const me = (req: FastifyRequest) => memberOf(req).memberId;

  app.get('/member/trade/cart/list', async (req) => ok(await cart.listCart(ctx, me(req))));

  app.get('/member/trade/cart/count', async (req) => ok(await cart.cartCount(ctx, me(req))));

  app.post('/member/trade/cart/add', async (req) => {
    const { skuId, quantity } = parse(addBody, req.body);
    const id = await cart.addToCart(ctx.db, me(req), skuId, quantity);
    return ok({ id, ...(await cart.cartCount(ctx, me(req))) }, '已加入购物车');
  });

  app.post('/member/trade/cart/updateQuantity', async (req) => {
    const { id, quantity } = parse(quantityBody, req.body);
    await cart.changeQuantity(ctx, me(req), id, quantity);
    return ok(await cart.listCart(ctx, me(req)));
  });

  app.post('/member/trade/cart/select', async (req) => {
    const { id, selected } = parse(selectBody, req.body);
    await cart.selectLine(ctx, me(req), id, selected);
    return ok(await cart.listCart(ctx, me(req)));
  });

  app.post('/member/trade/cart/selectAll', async (req) => {
    const { selected } = parse(selectAllBody, req.body);
    await cart.selectAll(ctx, me(req), selected);
    return ok(await cart.listCart(ctx, me(req)));
  });

  app.post('/member/trade/cart/remove', async (req) => {
    const { ids } = parse(removeBody, req.body);
    const removed = await cart.removeLines(ctx.db, me(req), ids);
    if (!removed) throw notFound('购物车中没有该商品');
    return ok({ removed, ...(await cart.listCart(ctx, me(req))) }, '已删除');
  });

  app.post('/member/trade/cart/clearInvalid', async (req) => {
    const removed = await cart.clearInvalid(ctx, me(req));
    return ok(
      { removed, ...(await cart.listCart(ctx, me(req))) },
      removed ? `已清除 ${removed} 件失效商品` : '没有失效商品',
    );
  });
}
