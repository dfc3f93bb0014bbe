import type { FastifyInstance } from 'fastify';
import { ok } from '@mall/shared';
import { publicSiteConfig } from './site.service.ts';

export async function siteRoutes(app: FastifyInstance) {
  app.get('/member/site/site', async () => ok(await publicSiteConfig(app.ctx)));
}
