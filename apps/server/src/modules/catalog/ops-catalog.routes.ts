import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { ok } from '@mall/shared';
import { IMAGE_UPLOAD_MAX_BYTES, readUploadedImage } from '../../lib/image-upload.ts';
import { parse } from '../../lib/validation.ts';
import * as goods from './goods-admin.service.ts';
import * as review from './goods-review.service.ts';
import { storeGoodsImage } from './goods-images.ts';
import * as input from './goods-input.ts';
import * as taxonomy from './taxonomy-admin.service.ts';
import { diff } from '../operators/index.ts';
import { audit, operatorOf } from '../operators/index.ts';

/**
 * 商品, 分类 and 品牌 of the console. Reads need goods:view, writes goods:edit; every write is
 * audited with the fields it changed (before → after) and reaches the buyer's pages and search at
 * once (modules/catalog/catalog-changes.ts).
 */
export async function opsCatalogRoutes(app: FastifyInstance) {
  const { ctx } = app;
  await app.register(multipart, { limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
  const view = { config: { permission: 'goods:view' as const } };
  const edit = { config: { permission: 'goods:edit' as const } };
  const who = (req: Parameters<typeof operatorOf>[0]) => ({
    id: operatorOf(req).operatorId,
    name: operatorOf(req).username,
  });

  /* ---- goods ---- */

  app.get('/ops/goods/page', view, async (req) =>
    ok(await goods.goodsPage(ctx, parse(input.goodsPageQuery, req.query))),
  );

  app.get('/ops/goods/detail', view, async (req) => {
    const { goodsId } = parse(input.goodsIdQuery, req.query);
    return ok(await goods.goodsDetail(ctx, goodsId));
  });

  app.post('/ops/goods/create', edit, async (req) => {
    const body = input.parseInput(input.createGoodsBody, req.body);
    const made = await goods.createGoods(ctx, body, who(req));
    await audit(req, {
      action: 'goods.create',
      objectType: 'goods',
      objectId: made.goodsId,
      changes: diff({}, made.after, goods.AUDIT_FIELDS),
    });
    return ok({ goodsId: made.goodsId }, '商品已创建');
  });

  app.post('/ops/goods/update', edit, async (req) => {
    const body = input.parseInput(input.updateGoodsBody, req.body);
    const done = await goods.updateGoods(ctx, body, who(req));
    await audit(req, {
      action: 'goods.update',
      objectType: 'goods',
      objectId: done.goodsId,
      changes: diff(done.before, done.after, goods.AUDIT_FIELDS),
    });
    return ok({ goodsId: done.goodsId }, '商品已保存');
  });

  app.post('/ops/goods/shelf', edit, async (req) => {
    const { goodsId, onShelf } = parse(input.shelfBody, req.body);
    const done = await goods.setShelf(ctx, goodsId, onShelf);
    await audit(req, {
      action: onShelf ? 'goods.onShelf' : 'goods.offShelf',
      objectType: 'goods',
      objectId: goodsId,
      changes: diff({ onShelf: done.before }, { onShelf }),
    });
    return ok({ goodsId, onShelf }, onShelf ? '商品已上架' : '商品已下架');
  });

  app.post('/ops/goods/shelfBatch', edit, async (req) => {
    const { goodsIds, onShelf } = input.parseInput(input.shelfBatchBody, req.body);
    const done = await goods.setShelfBatch(ctx, goodsIds, onShelf);
    for (const goodsId of done.changed) {
      await audit(req, {
        action: onShelf ? 'goods.onShelf' : 'goods.offShelf',
        objectType: 'goods',
        objectId: goodsId,
        changes: [{ field: 'onShelf', before: !onShelf, after: onShelf }],
      });
    }
    if (!done.changed.length)
      await audit(req, { action: 'goods.shelfBatch', objectType: 'goods', objectId: null, changes: [] });
    const verb = onShelf ? '上架' : '下架';
    const rest = done.unchanged.length ? `，${done.unchanged.length} 件原已${verb}` : '';
    return ok(done, `已${verb} ${done.changed.length} 件商品${rest}`);
  });

  app.post('/ops/goods/image', edit, async (req) => {
    const image = await readUploadedImage(req);
    const stored = await storeGoodsImage(ctx.config, image.bytes, image.ext);
    await audit(req, { action: 'goods.image', objectType: 'goodsImage', objectId: stored.name });
    return ok(stored, '上传成功');
  });

  /* ---- 商品审核: the stores' goods ---- */

  const reviewer = { config: { permission: 'supplier:review' as const } };

  app.get('/ops/goods/review/page', reviewer, async (req) =>
    ok(await review.reviewPage(ctx, parse(input.reviewPageQuery, req.query))),
  );

  app.post('/ops/goods/review/approve', reviewer, async (req) => {
    const { goodsId } = parse(input.reviewApproveBody, req.body);
    const done = await review.approve(ctx, goodsId);
    await audit(req, {
      action: 'goods.reviewApprove',
      objectType: 'goods',
      objectId: goodsId,
      changes: [
        { field: 'reviewStatus', before: 'PENDING', after: 'APPROVED' },
        { field: 'onShelf', before: false, after: true },
      ],
    });
    return ok(done, '已通过，商品已上架');
  });

  app.post('/ops/goods/review/reject', reviewer, async (req) => {
    const { goodsId, reason } = parse(input.reviewRejectBody, req.body);
    const done = await review.reject(ctx, goodsId, reason);
    await audit(req, {
      action: 'goods.reviewReject',
      objectType: 'goods',
      objectId: goodsId,
      reason,
      changes: [{ field: 'reviewStatus', before: 'PENDING', after: 'REJECTED' }],
    });
    return ok(done, '已驳回');
  });

  /* ---- categories ---- */

  app.get('/ops/category/tree', view, async () => ok(await taxonomy.categoryTree(ctx)));

  app.post('/ops/category/save', edit, async (req) => {
    const done = await taxonomy.saveCategory(ctx, parse(input.categorySaveBody, req.body));
    await audit(req, {
      action: done.created ? 'category.create' : 'category.update',
      objectType: 'category',
      objectId: done.id,
      changes: diff(done.before, done.after),
    });
    return ok({ id: done.id }, done.created ? '分类已添加' : '分类已保存');
  });

  app.post('/ops/category/delete', edit, async (req) => {
    const { id } = parse(input.idBody('分类编号'), req.body);
    const done = await taxonomy.deleteCategory(ctx, id);
    await audit(req, {
      action: 'category.delete',
      objectType: 'category',
      objectId: id,
      changes: diff(done.before, {}),
    });
    return ok({ id }, '分类已删除');
  });

  /* ---- brands ---- */

  app.get('/ops/brand/list', view, async (req) =>
    ok(await taxonomy.brandPage(ctx, parse(input.brandListQuery, req.query))),
  );

  app.post('/ops/brand/save', edit, async (req) => {
    const done = await taxonomy.saveBrand(ctx, parse(input.brandSaveBody, req.body));
    await audit(req, {
      action: done.created ? 'brand.create' : 'brand.update',
      objectType: 'brand',
      objectId: done.id,
      changes: diff(done.before, done.after),
    });
    return ok({ id: done.id }, done.created ? '品牌已添加' : '品牌已保存');
  });

  app.post('/ops/brand/delete', edit, async (req) => {
    const { id } = parse(input.idBody('品牌编号'), req.body);
    const done = await taxonomy.deleteBrand(ctx, id);
    await audit(req, { action: 'brand.delete', objectType: 'brand', objectId: id, changes: diff(done.before, {}) });
    return ok({ id }, '品牌已删除');
  });
}
