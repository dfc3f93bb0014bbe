import type { FastifyInstance } from 'fastify';
import { ok } from '@mall/shared';
import { parse } from '../../lib/validation.ts';
import { diff } from '../operators/index.ts';
import * as pages from './activity-pages.ts';
import { createPageBody, opsPagesQuery, pageIdBody, updatePageBody } from './activity-pages.schema.ts';
import { audit } from '../operators/index.ts';

const EDIT = { config: { permission: 'promotion:edit' as const } };
/** What the audit log records of a page. */
const AUDITED = ['title', 'shareSubtitle', 'sections'];

/**
 * The console's 活动页面 (/ops/promotion/activityPage/*, permission promotion:edit); every write audited.
 * Banner pictures are uploaded through the goods picture call (POST /ops/goods/image).
 */
export async function opsActivityPageRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const BASE = '/ops/promotion/activityPage';

  app.get(`${BASE}/page`, EDIT, async (req) => ok(await pages.opsPage(ctx, parse(opsPagesQuery, req.query))));

  app.get(`${BASE}/detail`, EDIT, async (req) => {
    const { id } = parse(pageIdBody, req.query);
    return ok(await pages.opsDetail(ctx, id));
  });

  app.post(`${BASE}/create`, EDIT, async (req) => {
    const made = await pages.create(ctx, parse(createPageBody, req.body));
    await audit(req, { action: 'activityPage.create', objectType: 'activityPage', objectId: made.id, changes: diff({}, { ...made }, AUDITED), reason: null });
    return ok(made, '活动页面已创建（草稿），预览无误后上线');
  });

  app.post(`${BASE}/update`, EDIT, async (req) => {
    const { id, ...input } = parse(updatePageBody, req.body);
    const { before, after } = await pages.update(ctx, id, input);
    await audit(req, { action: 'activityPage.update', objectType: 'activityPage', objectId: id, changes: diff({ ...before }, { ...after }, AUDITED), reason: null });
    return ok(after, '活动页面已保存');
  });

  app.post(`${BASE}/publish`, EDIT, async (req) => {
    const { id } = parse(pageIdBody, req.body);
    const before = await pages.opsDetail(ctx, id);
    const done = await pages.move(ctx, id, 'publish');
    await audit(req, { action: 'activityPage.publish', objectType: 'activityPage', objectId: id, changes: diff({ status: before.status }, { status: done.status }), reason: null });
    return ok(done, '活动页面已上线');
  });

  app.post(`${BASE}/offline`, EDIT, async (req) => {
    const { id } = parse(pageIdBody, req.body);
    const done = await pages.move(ctx, id, 'offline');
    await audit(req, { action: 'activityPage.offline', objectType: 'activityPage', objectId: id, changes: diff({ status: 'PUBLISHED' }, { status: done.status }), reason: null });
    return ok(done, '活动页面已下线');
  });

  app.post(`${BASE}/previewToken`, EDIT, async (req) => {
    const { id } = parse(pageIdBody, req.body);
    return ok(await pages.previewToken(ctx, id), '预览链接 10 分钟内有效');
  });
}
