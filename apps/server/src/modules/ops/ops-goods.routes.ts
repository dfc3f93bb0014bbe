import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '@mall/shared';
import { flag, intId, parse } from '../../lib/validation.ts';
import { setGoodsShelf } from '../catalog/goods-writer.ts';

const shelfBody = z.object({ goodsId: intId('商品编号'), onShelf: flag('上架状态') });

/** Operator goods endpoints: putting goods on or off shelf. */
export async function opsGoodsRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.post('/ops/goods/shelf', { config: { permission: 'goods:edit' } }, async (req) => {
    const { goodsId, onShelf } = parse(shelfBody, req.body);
    return ok(await setGoodsShelf(ctx.db, goodsId, onShelf), onShelf ? '商品已上架' : '商品已下架');
  });
}
