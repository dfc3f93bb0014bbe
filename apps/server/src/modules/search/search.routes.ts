import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok } from '@mall/shared';
import { enumOf, fen, intId, pageQuery, parse } from '../../lib/validation.ts';
import { optionalMember } from '../accounts/index.ts';
import { SORTS } from './search.repo.ts';
import { flushSearches, hotWords } from './hot-words.ts';
import { getSimilarWords, searchGoodsReply } from './search.service.ts';
import { cancelPendingRefresh } from './terms-refresh.ts';
import { sendKeptBody } from '../../lib/reply-body.ts';

const keyword = z.preprocess(
  (v) => (v == null ? '' : typeof v === 'number' ? String(v) : v),
  z.string({ error: '搜索关键词格式不正确' }).max(100, '搜索关键词不能超过 100 个字符'),
);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** A list of ids in JSON or repeated form keys (one value arrives bare), at most `max`, duplicates dropped. */
const idList = (label: string, max: number, tooMany: string) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v : [v]),
    z
      .array(intId(label), { error: `${label}格式不正确` })
      .max(max, tooMany)
      .transform((list) => [...new Set(list)]),
  );

const searchBody = z.object({
  keyword: keyword.default(''),
  categoryId: optional(intId('分类')),
  /** A coupon's scope (/couponGoodsList; a scope names at most 100): goods under any of these categories, or only these goods. */
  categoryIds: optional(idList('分类编号', 100, '最多指定 100 个分类')),
  goodsIds: optional(idList('商品编号', 100, '最多指定 100 件商品')),
  brandIds: optional(
    z.preprocess(
      (v) => (Array.isArray(v) ? v : [v]),
      z.array(intId('品牌'), { error: '品牌格式不正确' }).max(50, '最多选择 50 个品牌'),
    ),
  ),
  minPrice: optional(fen('最低价')),
  maxPrice: optional(fen('最高价')),
  sort: optional(enumOf('排序方式', SORTS)),
  ...pageQuery,
});

const wordsBody = z.object({ keyword: keyword.default('') });

export async function searchRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.addHook('onClose', async () => {
    await flushSearches(ctx);
    cancelPendingRefresh(ctx.db);
  });

  app.post('/member/search/goods/search', { preHandler: optionalMember }, async (req, reply) => {
    const body = parse(searchBody, req.body);
    const found = await searchGoodsReply(
      ctx,
      {
        keyword: body.keyword,
        categoryId: body.categoryId ?? null,
        categoryIds: body.categoryIds ?? null,
        goodsIds: body.goodsIds ?? null,
        brandIds: body.brandIds ?? null,
        minPrice: body.minPrice ?? null,
        maxPrice: body.maxPrice ?? null,
        sort: body.sort ?? 'comprehensive',
        pageNum: body.pageNum,
        pageSize: body.pageSize,
      },
      req.member?.memberId ?? null,
    );
    return sendKeptBody(reply, found);
  });

  app.post('/member/search/goods/getGoodsHotKeys', async () => ok(await hotWords(ctx)));

  app.post('/member/search/goods/getSimilarWords', async (req) => {
    const { keyword } = parse(wordsBody, req.body);
    return ok(await getSimilarWords(ctx, keyword));
  });
}
