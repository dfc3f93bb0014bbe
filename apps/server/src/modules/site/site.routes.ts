import type { FastifyInstance } from 'fastify';
import { Code, fail, ok } from '@mall/shared';
import { sendStoredImage } from '../../lib/image-upload.ts';
import { parse } from '../../lib/validation.ts';
import { keptBodyOf } from '../../lib/reply-body.ts';
import { keptRoute } from '../../lib/kept-door.ts';
import { agreementQuery, publicSiteConfigJson, siteAgreement, siteImage } from './site.service.ts';

export async function siteRoutes(app: FastifyInstance) {
  const siteBody = keptBodyOf();
  keptRoute(app, '/member/site/site', async () => siteBody(await publicSiteConfigJson(app.ctx)));

  // 《用户协议》 / 《隐私政策》 as operators set them: read before signing up, so no sign-in needed.
  app.get('/member/site/agreement', async (req) => {
    const { type } = parse(agreementQuery, req.query);
    return ok(await siteAgreement(app.ctx, type));
  });

  // Pictures operators uploaded for the site (favicon, banners): public, under unguessable names
  // that never change their content, so browsers may keep them for good.
  app.get<{ Params: { name: string } }>('/static/uploads/site/:name', async (req, reply) => {
    const found = await siteImage(app.ctx, req.params.name);
    if (!found) return reply.status(404).send(fail(Code.NOT_FOUND, '图片不存在'));
    return sendStoredImage(reply, found, 'public, max-age=31536000, immutable');
  });
}
