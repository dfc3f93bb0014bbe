import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { Code, fail, ok } from '@mall/shared';
import { IMAGE_UPLOAD_MAX_BYTES, readUploadedImage, sendStoredImage } from '../../lib/image-upload.ts';
import { parse } from '../../lib/validation.ts';
import { memberOf, requireMember } from '../accounts/index.ts';
import { reviewImageFile } from './review-images.ts';
import { createBody, followUpBody, goodsPageQuery, lineStatesQuery, pendingQuery } from './reviews.schema.ts';
import * as reviews from './reviews.service.ts';

/** 商品评价: the goods page's reviews (public), and the buyer's 待评价, reviews, 追评 and photos. */
export async function reviewsRoutes(app: FastifyInstance) {
  const { ctx } = app;
  await app.register(multipart, { limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  app.get('/member/goods/comment/page', async (req) => ok(await reviews.goodsPage(ctx, parse(goodsPageQuery, req.query))));

  // Photos shown on goods pages to everyone, under server-made names that never change.
  app.get<{ Params: { name: string } }>('/static/uploads/reviews/:name', async (req, reply) => {
    const found = await reviewImageFile(ctx.config, req.params.name);
    if (!found) return reply.status(404).send(fail(Code.NOT_FOUND, '图片不存在'));
    return sendStoredImage(reply, found, 'public, max-age=31536000, immutable');
  });

  await app.register(async (guarded) => {
    guarded.addHook('preHandler', requireMember);

    guarded.get('/member/order/comment/pending', async (req) =>
      ok(await reviews.pending(ctx, memberOf(req).memberId, parse(pendingQuery, req.query))),
    );

    guarded.get('/member/order/comment/lineStates', async (req) => {
      const { orderItemIds } = parse(lineStatesQuery, req.query);
      return ok(await reviews.lineStates(ctx, memberOf(req).memberId, orderItemIds));
    });

    guarded.post('/member/order/comment/upload', async (req) => {
      const file = await readUploadedImage(req);
      return ok(await reviews.uploadImage(ctx, memberOf(req).memberId, file), '上传成功');
    });

    guarded.post('/member/order/comment/create', async (req) => {
      const body = parse(createBody, req.body);
      return ok(await reviews.create(ctx, memberOf(req).memberId, body), '评价成功');
    });

    guarded.post('/member/order/comment/followUp', async (req) => {
      const body = parse(followUpBody, req.body);
      return ok(await reviews.followUp(ctx, memberOf(req).memberId, body), '追评成功');
    });
  });
}
