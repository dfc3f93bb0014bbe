import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Code, fail, ok } from '@mall/shared';
import { sendStoredImage } from '../../lib/image-upload.ts';
import { int, pageQuery, parse } from '../../lib/validation.ts';
import { visitorId } from '../../lib/client-info.ts';
import { callOfPageRender } from '../../lib/server-render.ts';
import { keptBodyOf, sendKeptBody } from '../../lib/reply-body.ts';
import { keptRoute } from '../../lib/kept-door.ts';
import { optionalMember } from '../accounts/index.ts';
import { publishGoodsViewed } from './catalog-moments.ts';
import * as catalog from './catalog.service.ts';
import { goodsImageFile } from './goods-images.ts';
import { goodsPageReply } from './goods-page.ts';


// Built once: zod compiles an object schema on first use, which per request was the sales list's main cost.
const SALES_LIST_MAX = 20;
const salesListParams = z.object({ count: int('数量', { min: 1, max: SALES_LIST_MAX }) });
const recommendQuery = z.object(pageQuery);

export async function catalogRoutes(app: FastifyInstance) {
  const { ctx } = app;

  // The category tree and the best sellers are also answered at the kept reads' door (lib/kept-door.ts).
  const treeBody = keptBodyOf();
  keptRoute(app, '/member/goods/category/tree', async () => treeBody(await catalog.categoryTreeJson(ctx)));

  // spec §7 fixes 6 in the path; other small counts are served the same way
  const salesBodies = new Map<number, ReturnType<typeof keptBodyOf>>();
  const salesList = async (count: number) => {
    if (!salesBodies.has(count)) salesBodies.set(count, keptBodyOf());
    return salesBodies.get(count)!(await catalog.salesListJson(ctx, count));
  };
  // the count of each path the list was asked by, read once (only valid ones are kept, a few at most)
  const salesCounts = new Map<string, number>();
  const salesRoute = '/member/goods/getGoodsSalesList/:count';
  app.get<{ Params: { count: string } }>(salesRoute, async (req, reply) => {
    let count = salesCounts.get(req.params.count);
    if (count === undefined) {
      count = parse(salesListParams, req.params).count;
      if (salesCounts.size < 100) salesCounts.set(req.params.count, count);
    }
    return sendKeptBody(reply, await salesList(count));
  });
  for (let count = 1; count <= SALES_LIST_MAX; count++) {
    app.keptDoor.add(`/member/goods/getGoodsSalesList/${count}`, () => salesList(count), salesRoute);
  }

  app.get('/member/goods/goods/recommend', async (req) => {
    const { pageNum, pageSize } = parse(recommendQuery, req.query);
    return ok(await catalog.recommend(ctx, pageNum, pageSize));
  });

  app.get<{ Params: { id: string } }>('/member/goods/goods/detail/:id', { preHandler: optionalMember }, async (req, reply) => {
    const id = catalog.goodsIdOf(req.params.id);
    const body = await goodsPageReply(ctx, id, (ids) => catalog.goodsDetails(ctx, ids));
    // A page the server renders is not a visit: the browser asks again once it has the page.
    // 工作台's visitors and the member's 我的足迹 follow the others (flows/subscribers/goods-views.ts).
    if (!callOfPageRender()) {
      await publishGoodsViewed(ctx, { goodsId: id, visitorId: visitorId(req), memberId: req.member?.memberId, ip: req.ip });
    }
    return sendKeptBody(reply, body);
  });

  // Pictures operators uploaded (goods-images.ts): public, under server-made names that never change.
  app.get<{ Params: { name: string } }>('/static/uploads/goods/:name', async (req, reply) => {
    const found = await goodsImageFile(ctx.config, req.params.name);
    if (!found) return reply.status(404).send(fail(Code.NOT_FOUND, '图片不存在'));
    return sendStoredImage(reply, found, 'public, max-age=31536000, immutable');
  });

  app.get<{ Params: { file: string } }>('/static/goods/:file', async (req, reply) => {
    const icon = req.params.file.match(/^icon-([a-z]{2,16})\.svg$/);
    const picture = req.params.file.match(/^([1-9]\d{0,8})-([1-4])\.svg$/);
    const svg = icon
      ? catalog.categoryIcon(icon[1]!)
      : picture
        ? await catalog.goodsPicture(ctx, Number(picture[1]), Number(picture[2]))
        : null;
    if (!svg) return reply.status(404).send(fail(Code.NOT_FOUND, '图片不存在'));
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(svg);
  });
}
