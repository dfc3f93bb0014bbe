import type { FastifyInstance } from 'fastify';
import { ok } from '@mall/shared';
import { parse } from '../lib/validation.ts';
import { memberOf, requireMember } from '../modules/accounts/index.ts';
import { claimDownload, dataCopyDownloadQuery, dataCopyFileName, listDataCopies, startDataCopy } from '../modules/member/index.ts';
import { dataCopyFile } from './member-data-copy.ts';

/**
 * 个人信息副本: ask for one (3 a day), see the ones asked for, download each file once through its
 * signed link. The download needs the same member signed in as well as the link, so a link that
 * travels (a shared screen, a forwarded message) opens nothing for anyone else.
 */
export async function memberDataCopyRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.post('/member/user/dataCopy/create', { preHandler: requireMember }, async (req) => {
    const copy = await startDataCopy(ctx, memberOf(req).memberId, req.ip);
    return ok(copy, '个人信息副本已生成，请在 10 分钟内下载');
  });

  app.get('/member/user/dataCopy/list', { preHandler: requireMember }, async (req) =>
    ok(await listDataCopies(ctx, memberOf(req).memberId)),
  );

  // Each check of a link's signature counts against the caller's address: 30 a minute is far beyond
  // what a member downloading two files needs, and keeps anyone from trying links in bulk.
  app.get(
    '/member/user/dataCopy/download',
    { preHandler: requireMember, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (req, reply) => {
      const link = parse(dataCopyDownloadQuery, req.query);
      const memberId = memberOf(req).memberId;
      const createdAt = await claimDownload(ctx, memberId, link);
      const file = await dataCopyFile(ctx, memberId, link.file);
      const name = dataCopyFileName(createdAt, link.file);
      return reply
        .header('Content-Type', file.type)
        .header('Content-Disposition', `attachment; filename="data-copy.${link.file}"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  );
}
