import { asc, eq } from 'drizzle-orm';
import { goodsFavorites, goodsHistory } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { goodsSummaries } from '../catalog/catalog.service.ts';

/** The member's favourites and footprints (browsing history) for their own data copy, with the goods' names. */
export async function exportFor(ctx: AppContext, memberId: string) {
  const favorites = await ctx.db.select().from(goodsFavorites).where(eq(goodsFavorites.memberId, memberId)).orderBy(asc(goodsFavorites.createdAt));
  const history = await ctx.db.select().from(goodsHistory).where(eq(goodsHistory.memberId, memberId)).orderBy(asc(goodsHistory.viewedAt));
  const goods = await goodsSummaries(ctx, [...favorites.map((f) => f.goodsId), ...history.map((h) => h.goodsId)]);
  const nameOf = (id: number) => goods.get(id)?.name ?? '（商品已删除）';
  return {
    favorites: favorites.map((f) => ({ goodsId: f.goodsId, goodsName: nameOf(f.goodsId), createdAt: f.createdAt.toISOString() })),
    footprints: history.map((h) => ({ goodsId: h.goodsId, goodsName: nameOf(h.goodsId), viewDate: h.viewDate, viewedAt: h.viewedAt.toISOString() })),
  };
}
