import { Code } from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { shanghaiDay } from '../../lib/ids.ts';
import { goodsState, goodsSummaries, type GoodsSummary } from '../catalog/catalog.service.ts';
import * as repo from './engagement.repo.ts';

/** Browsing history (one entry per goods per member per day, kept 90 days) and favourites. */
export const HISTORY_KEEP_DAYS = 90;
export const FAVORITES_MAX = 500;

export async function recordView(ctx: AppContext, memberId: string, goodsId: number) {
  await repo.upsertView(ctx.db, memberId, goodsId, shanghaiDay()); // the buyer's calendar day
}

export interface HistoryEntry {
  id: number;
  goodsId: number;
  viewDate: string;
  viewedAt: string;
  /** The goods as it is now (price, shelf state, stock); null if it no longer exists. */
  goods: GoodsSummary | null;
}

export async function historyPage(ctx: AppContext, memberId: string, pageNum: number, pageSize: number) {
  await repo.pruneHistory(ctx.db, memberId, HISTORY_KEEP_DAYS);
  const { list, total } = await repo.historyPage(ctx.db, memberId, (pageNum - 1) * pageSize, pageSize);
  const goods = await goodsSummaries(ctx, list.map((r) => r.goods_id));
  const entries: HistoryEntry[] = list.map((r) => ({
    id: r.id,
    goodsId: r.goods_id,
    viewDate: r.view_date,
    viewedAt: new Date(r.viewed_at).toISOString(),
    goods: goods.get(r.goods_id) ?? null,
  }));
  return { list: entries, total, pageNum, pageSize };
}

export const removeHistory = (ctx: AppContext, memberId: string, ids: number[]) => repo.deleteHistory(ctx.db, memberId, ids);
export const clearHistory = (ctx: AppContext, memberId: string) => repo.clearHistory(ctx.db, memberId);

export async function addFavorite(ctx: AppContext, memberId: string, goodsId: number) {
  const state = await goodsState(ctx, goodsId);
  if (state === 'missing') throw new AppError(Code.GOODS_NOT_FOUND, '商品不存在');
  if (state === 'off') throw new AppError(Code.GOODS_OFF_SHELF, '商品已下架');
  if (!(await repo.isFavorite(ctx.db, memberId, goodsId)) && (await repo.countFavorites(ctx.db, memberId)) >= FAVORITES_MAX) {
    throw badRequest(`收藏数量已达上限（${FAVORITES_MAX} 件），请先整理收藏夹`);
  }
  await repo.insertFavorite(ctx.db, memberId, goodsId);
}

export const removeFavorites = (ctx: AppContext, memberId: string, goodsIds: number[]) =>
  repo.deleteFavorites(ctx.db, memberId, goodsIds);

export async function favoritePage(ctx: AppContext, memberId: string, pageNum: number, pageSize: number) {
  const { list, total } = await repo.favoritePage(ctx.db, memberId, (pageNum - 1) * pageSize, pageSize);
  const goods = await goodsSummaries(ctx, list.map((r) => r.goods_id));
  return {
    list: list.map((r) => ({ goodsId: r.goods_id, favoritedAt: new Date(r.created_at).toISOString(), goods: goods.get(r.goods_id) ?? null })),
    total,
    pageNum,
    pageSize,
  };
}

export const isFavorite = (ctx: AppContext, memberId: string, goodsId: number) => repo.isFavorite(ctx.db, memberId, goodsId);
