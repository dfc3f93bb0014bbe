import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '@mall/shared';
import { intId, pageQuery, parse } from '../../lib/validation.ts';
import { memberOf, requireMember } from '../accounts/index.ts';
import * as engagement from './engagement.service.ts';

const goodsId = intId('商品编号');
/** A list of ids, from JSON or from repeated form keys (a single value arrives as a string). */
const idList = (label: string) =>
  z.preprocess(
    (v) => (v === undefined || Array.isArray(v) ? v : [v]),
    z
      .array(intId(label), { error: (iss) => (iss.input === undefined ? `请选择${label}` : `${label}格式不正确`) })
      .min(1, `请选择${label}`)
      .max(100, `一次最多处理 100 个${label}`),
  );

const addBody = z.object({ goodsId });
const removeFavoritesBody = z.object({ goodsIds: idList('商品') });
const checkQuery = z.object({ goodsId });
const removeHistoryBody = z.object({ ids: idList('浏览记录') });
const page = z.object(pageQuery);

export async function engagementRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const guarded = { preHandler: requireMember };

  app.post('/member/goods/favorite/add', guarded, async (req) => {
    const { goodsId } = parse(addBody, req.body);
    await engagement.addFavorite(ctx, memberOf(req).memberId, goodsId);
    return ok({ goodsId, favorite: true }, '已收藏');
  });

  app.post('/member/goods/favorite/remove', guarded, async (req) => {
    const { goodsIds } = parse(removeFavoritesBody, req.body);
    const removed = await engagement.removeFavorites(ctx, memberOf(req).memberId, goodsIds);
    return ok({ removed }, '已取消收藏');
  });

  app.get('/member/goods/favorite/page', guarded, async (req) => {
    const { pageNum, pageSize } = parse(page, req.query);
    return ok(await engagement.favoritePage(ctx, memberOf(req).memberId, pageNum, pageSize));
  });

  app.get('/member/goods/favorite/check', guarded, async (req) => {
    const { goodsId } = parse(checkQuery, req.query);
    return ok({ goodsId, favorite: await engagement.isFavorite(ctx, memberOf(req).memberId, goodsId) });
  });

  app.get('/member/goods/history/page', guarded, async (req) => {
    const { pageNum, pageSize } = parse(page, req.query);
    return ok(await engagement.historyPage(ctx, memberOf(req).memberId, pageNum, pageSize));
  });

  app.post('/member/goods/history/remove', guarded, async (req) => {
    const { ids } = parse(removeHistoryBody, req.body);
    const removed = await engagement.removeHistory(ctx, memberOf(req).memberId, ids);
    return ok({ removed }, '已删除');
  });

  app.post('/member/goods/history/clear', guarded, async (req) => {
    const removed = await engagement.clearHistory(ctx, memberOf(req).memberId);
    return ok({ removed }, '已清空浏览记录');
  });
}
