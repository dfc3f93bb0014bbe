import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { Code, fail, ok } from '@mall/shared';
import { AppError } from '../../lib/errors.ts';
import { sendStoredImage } from '../../lib/image-upload.ts';
import { parse } from '../../lib/validation.ts';
import { memberOf, requireMember } from '../accounts/index.ts';
import { applyBody, applyInfoQuery, idBody, pageBody, returnLogisticsBody } from './aftersale.schema.ts';
import * as aftersale from './aftersale.service.ts';
import { MAX_IMAGE_BYTES } from './uploads.ts';

/** The buyer's after-sale endpoints (/member/order/afterSale/*). */
export async function afterSaleRoutes(app: FastifyInstance) {
  const { ctx } = app;
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6 } });

  app.get('/member/order/afterSale/applyInfo', { preHandler: requireMember }, async (req) => {
    const { orderItemId } = parse(applyInfoQuery, req.query);
    return ok(await aftersale.applyInfo(ctx, memberOf(req).memberId, orderItemId));
  });

  app.post('/member/order/afterSale/apply', { preHandler: requireMember }, async (req) => {
    const body = parse(applyBody, req.body);
    return ok(await aftersale.apply(ctx, memberOf(req).memberId, body), '售后申请已提交');
  });

  app.post('/member/order/afterSale/upload', { preHandler: requireMember }, async (req) => {
    if (!req.isMultipart()) throw new AppError(Code.UPLOAD_INVALID, '请选择要上传的图片');
    let bytes: Buffer;
    try {
      const file = await req.file();
      if (!file) throw new AppError(Code.UPLOAD_INVALID, '请选择要上传的图片');
      bytes = await file.toBuffer();
      // A file cut at the size limit is refused even when the plugin did not throw.
      if (file.file.truncated) throw new AppError(Code.UPLOAD_INVALID, '图片不能超过 5MB');
    } catch (err) {
      if (err instanceof AppError) throw err;
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new AppError(Code.UPLOAD_INVALID, '图片不能超过 5MB');
      throw new AppError(Code.UPLOAD_INVALID, '图片上传失败，请重试');
    }
    return ok(await aftersale.uploadImage(ctx, memberOf(req).memberId, bytes), '上传成功');
  });

  // Private: only through a signed link lasting 10 minutes (an <img> cannot send a token), handed to
  // the request's owner and to operators; a bare, expired or altered link is 403.
  app.get<{ Params: { name: string }; Querystring: Record<string, unknown> }>(
    '/member/order/afterSale/image/:name',
    async (req, reply) => {
      let found;
      try {
        found = await aftersale.imageFile(ctx, req.params.name, req.query ?? {});
      } catch (err) {
        if (err instanceof AppError) {
          const status = err.code === Code.FORBIDDEN ? 403 : 404;
          return reply.status(status).header('cache-control', 'no-store').send(fail(err.code, err.message));
        }
        throw err;
      }
      return sendStoredImage(reply, found, 'private, max-age=600');
    },
  );

  app.get('/member/order/afterSale/page', { preHandler: requireMember }, async (req) => {
    return ok(await aftersale.page(ctx, memberOf(req).memberId, parse(pageBody, req.query)));
  });

  app.get('/member/order/afterSale/detail', { preHandler: requireMember }, async (req) => {
    const { id } = parse(idBody, req.query);
    return ok(await aftersale.detail(ctx, memberOf(req).memberId, id));
  });

  app.post('/member/order/afterSale/withdraw', { preHandler: requireMember }, async (req) => {
    const { id } = parse(idBody, req.body);
    return ok(await aftersale.withdraw(ctx, memberOf(req).memberId, id), '售后申请已撤销');
  });

  app.post('/member/order/afterSale/returnLogistics', { preHandler: requireMember }, async (req) => {
    const body = parse(returnLogisticsBody, req.body);
    return ok(await aftersale.submitReturn(ctx, memberOf(req).memberId, body), '退货物流已提交');
  });
}
