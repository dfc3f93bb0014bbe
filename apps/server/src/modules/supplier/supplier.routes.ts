import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { Code, fail, ok } from '@mall/shared';
import { IMAGE_UPLOAD_MAX_BYTES, readUploadedImage, sendStoredImage } from '../../lib/image-upload.ts';
import { parse } from '../../lib/validation.ts';
import { memberOf, requireMember } from '../accounts/index.ts';
import { licenceLinkValid, supplierImageFile } from './supplier-files.ts';
import { bankBody, companyBody, fileQuery, storeBody, uploadQuery } from './supplier.schema.ts';
import * as supplier from './supplier.service.ts';

/** 供应商入驻, the member's side: the application in three steps, its pictures, and submitting it. */
export async function supplierRoutes(app: FastifyInstance) {
  const { ctx } = app;
  await app.register(multipart, { limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  // Store logos are public (the store's face on goods pages), under names that never change.
  app.get<{ Params: { name: string } }>('/static/uploads/store-logos/:name', async (req, reply) => {
    const found = await supplierImageFile(ctx.config, 'logo', req.params.name);
    if (!found) return reply.status(404).send(fail(Code.NOT_FOUND, '图片不存在'));
    return sendStoredImage(reply, found, 'public, max-age=31536000, immutable');
  });

  // The licence is private: only through a link signed by the shop that lasts 10 minutes, handed to
  // its owner and to reviewing operators (an <img> cannot send their tokens).
  app.get<{ Params: { name: string } }>('/member/supplier/file/:name', async (req, reply) => {
    const q = fileQuery.safeParse(req.query ?? {});
    const { name } = req.params;
    if (!q.success || !licenceLinkValid(ctx.secrets, name, q.data.exp, q.data.sig)) {
      return reply.status(403).send(fail(Code.SUPPLIER_FILE_LINK_INVALID, '链接已失效，请刷新页面后重试'));
    }
    const found = await supplierImageFile(ctx.config, 'licence', name);
    if (!found) return reply.status(404).send(fail(Code.NOT_FOUND, '图片不存在'));
    return sendStoredImage(reply, found, 'private, no-store');
  });

  await app.register(async (member) => {
    member.addHook('preHandler', requireMember);
    member.get('/member/supplier/application', async (req) =>
      ok(await supplier.application(ctx, memberOf(req).memberId)),
    );
    member.post('/member/supplier/upload', async (req) => {
      const { kind } = parse(uploadQuery, req.query);
      const file = await readUploadedImage(req);
      return ok(await supplier.uploadImage(ctx, memberOf(req).memberId, kind, file), '上传成功');
    });
    member.post('/member/supplier/application/company', async (req) => {
      const body = parse(companyBody, req.body);
      return ok(await supplier.saveCompany(ctx, memberOf(req).memberId, body), '公司信息已保存');
    });
    member.post('/member/supplier/application/bank', async (req) => {
      const body = parse(bankBody, req.body);
      return ok(await supplier.saveBank(ctx, memberOf(req).memberId, body), '银行账户已保存');
    });
    member.post('/member/supplier/application/store', async (req) => {
      const body = parse(storeBody, req.body);
      return ok(await supplier.saveStore(ctx, memberOf(req).memberId, body), '店铺信息已保存');
    });
    member.post('/member/supplier/application/submit', async (req) =>
      ok(await supplier.submit(ctx, memberOf(req).memberId), '已提交，请等待审核'),
    );
  });
}
