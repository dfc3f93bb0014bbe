import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { ok } from '@mall/shared';
import { IMAGE_UPLOAD_MAX_BYTES, readUploadedImage } from '../../lib/image-upload.ts';
import { parse } from '../../lib/validation.ts';
import * as goods from '../catalog/goods-admin.service.ts';
import { storeGoodsImage } from '../catalog/index.ts';
import { createGoodsBody, goodsIdQuery, goodsPageQuery, parseInput, shelfBody, updateGoodsBody } from '../catalog/index.ts';
import { diff } from '../operators/index.ts';
import * as orders from '../orders/orders.service.ts';
import { opsShipBody, storeOrderNoQuery, storeOrderQuery } from '../orders/index.ts';
import { audit, operatorOf, storeOf } from '../operators/index.ts';

/**
 * A supplier's corner of the console: 本店商品 and 本店订单. Every endpoint acts for the
 * caller's own store (the guard's principal), never a store named in the request: another store's
 * goods or orders read as not found. Goods go through the catalog's one goods service with the
 * store's scope (each save is reviewed before buyers see it); orders through the orders module.
 */
export async function opsStoreRoutes(app: FastifyInstance) {
  const { ctx } = app;
  await app.register(multipart, { limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  const goodsAccess = { config: { permission: 'store:goods' as const } };
  const ordersAccess = { config: { permission: 'store:orders' as const } };
  const scope = (req: FastifyRequest) => ({ storeId: storeOf(req).id });
  const who = (req: FastifyRequest) => ({ id: operatorOf(req).operatorId, name: operatorOf(req).username });

  /* ---- 本店商品 ---- */

  app.get('/ops/store/goods/page', goodsAccess, async (req) =>
    ok(await goods.goodsPage(ctx, parse(goodsPageQuery, req.query), scope(req))),
  );

  app.get('/ops/store/goods/detail', goodsAccess, async (req) => {
    const q = (req.query ?? {}) as Record<string, unknown>;
    const { goodsId } = parse(goodsIdQuery, { goodsId: q.goodsId ?? q.id });
    return ok(await goods.goodsDetail(ctx, goodsId, scope(req)));
  });

  /** Creates (no goodsId) or changes the store's goods; either way it waits for review, off shelf. */
  app.post('/ops/store/goods/save', goodsAccess, async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const editing = typeof body === 'object' && body !== null && body.goodsId !== undefined;
    let goodsId: number;
    if (editing) {
      const done = await goods.updateGoods(ctx, parseInput(updateGoodsBody, body), who(req), scope(req));
      goodsId = done.goodsId;
      await audit(req, {
        action: 'storeGoods.update',
        objectType: 'goods',
        objectId: goodsId,
        changes: diff(done.before, done.after, goods.AUDIT_FIELDS),
      });
    } else {
      const made = await goods.createGoods(
        ctx,
        parseInput(createGoodsBody, { ...body, onShelf: false }),
        who(req),
        scope(req),
      );
      goodsId = made.goodsId;
      await audit(req, {
        action: 'storeGoods.create',
        objectType: 'goods',
        objectId: goodsId,
        changes: diff({}, made.after, goods.AUDIT_FIELDS),
      });
    }
    return ok(await goods.goodsDetail(ctx, goodsId, scope(req)), '已保存，等待平台审核');
  });

  app.post('/ops/store/goods/shelf', goodsAccess, async (req) => {
    const { goodsId, onShelf } = parse(shelfBody, req.body);
    const done = await goods.setShelf(ctx, goodsId, onShelf, scope(req));
    await audit(req, {
      action: onShelf ? 'storeGoods.onShelf' : 'storeGoods.offShelf',
      objectType: 'goods',
      objectId: goodsId,
      changes: diff({ onShelf: done.before }, { onShelf }),
    });
    return ok({ goodsId, onShelf }, onShelf ? '商品已上架' : '商品已下架');
  });

  app.post('/ops/store/goods/image', goodsAccess, async (req) => {
    const image = await readUploadedImage(req);
    const stored = await storeGoodsImage(ctx.config, image.bytes, image.ext);
    await audit(req, { action: 'storeGoods.image', objectType: 'goodsImage', objectId: stored.name });
    return ok(stored, '上传成功');
  });

  /* ---- 本店订单 ---- */

  app.get('/ops/store/order/page', ordersAccess, async (req) =>
    ok(await orders.storeOrderPage(ctx, storeOf(req).id, parse(storeOrderQuery, req.query))),
  );

  app.get('/ops/store/order/detail', ordersAccess, async (req) => {
    const { orderNo } = parse(storeOrderNoQuery, req.query);
    return ok(await orders.storeOrderDetail(ctx, storeOf(req).id, orderNo));
  });

  app.post('/ops/store/order/ship', ordersAccess, async (req) => {
    const body = parse(opsShipBody, req.body);
    const done = await orders.shipParty(ctx, { ...body, storeId: storeOf(req).id, by: operatorOf(req).username });
    await audit(req, {
      action: 'storeOrder.ship',
      objectType: 'order',
      objectId: body.orderNo,
      changes: diff(
        { logisticsCompany: null, trackingNo: null },
        { logisticsCompany: body.company, trackingNo: body.trackingNo, orderStatus: done.orderStatus },
      ),
    });
    return ok(await orders.storeOrderDetail(ctx, storeOf(req).id, body.orderNo), '已发货');
  });
}
