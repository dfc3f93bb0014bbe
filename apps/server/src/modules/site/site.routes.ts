import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { Code, fail, ok } from '@mall/shared';
import { publicSiteConfig, siteImage } from './site.service.ts';

export async function siteRoutes(app: FastifyInstance) {
  app.get('/member/site/site', async () => ok(await publicSiteConfig(app.ctx)));

  // Pictures operators uploaded for the site (favicon, banners): public, under unguessable names
  // that never change their content, so browsers may keep them for good.
  app.get<{ Params: { name: string } }>('/static/uploads/site/:name', async (req, reply) => {
    const found = siteImage(app.ctx, req.params.name);
    if (!found) return reply.status(404).send(fail(Code.NOT_FOUND, '图片不存在'));
    return reply
      .type(found.mime)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(fs.createReadStream(found.file));
  });
}
