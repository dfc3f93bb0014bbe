import { Code } from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './catalog-admin.repo.ts';
import { catalogChanged } from './catalog-changes.ts';
import * as writer from './goods-writer.ts';

/**
 * 商品审核: the operators' queue of the stores' goods. Each decision is one conditional
 * update from PENDING in a transaction, so a double click or two operators at once decide once;
 * approving puts the goods on shelf, rejecting takes it off with the reason the store then reads.
 */

export type ReviewStatus = 'PENDING' | 'APPROVED' | 'REJECTED';

const NAMES: Record<string, string> = { PENDING: '待审核', APPROVED: '已通过', REJECTED: '已驳回' };

export async function reviewPage(
  ctx: AppContext,
  q: { pageNum: number; pageSize: number; status?: ReviewStatus | 'ALL'; keyword?: string },
) {
  const status = q.status === 'ALL' ? undefined : (q.status ?? 'PENDING');
  const { list, total } = await repo.reviewPage(
    ctx.db,
    { status, keyword: q.keyword },
    (q.pageNum - 1) * q.pageSize,
    q.pageSize,
  );
  return {
    list: list.map((r) => ({
      id: r.id,
      name: r.name,
      image: r.image,
      store: { id: r.supplier_id, name: r.store_name },
      storeName: r.store_name,
      priceMin: r.price_min,
      priceMax: r.price_max,
      reviewStatus: r.review_status,
      reviewStatusName: NAMES[r.review_status] ?? r.review_status,
      reviewReason: r.review_reason,
      onShelf: r.on_shelf,
      submittedAt: new Date(r.updated_at).toISOString(),
    })),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

const stale = () => new AppError(Code.GOODS_REVIEW_STATE);

export async function approve(ctx: AppContext, goodsId: number) {
  const done = await ctx.db.transaction(async (tx) => {
    if (!(await repo.lockGoods(tx, goodsId))) return undefined;
    const row = await repo.decideReview(tx, goodsId, 'APPROVED', null);
    if (row && !row.on_shelf) await writer.updateGoods(tx, goodsId, { onShelf: true });
    return row ?? null;
  });
  if (done === undefined) throw new AppError(Code.GOODS_NOT_FOUND, '商品不存在');
  if (!done) throw stale();
  await catalogChanged(ctx);
  return { goodsId, name: done.name, reviewStatus: 'APPROVED' as const, onShelf: true };
}

export async function reject(ctx: AppContext, goodsId: number, reason: string) {
  const done = await ctx.db.transaction(async (tx) => {
    if (!(await repo.lockGoods(tx, goodsId))) return undefined;
    const row = await repo.decideReview(tx, goodsId, 'REJECTED', reason);
    if (row?.on_shelf) await writer.updateGoods(tx, goodsId, { onShelf: false });
    return row ?? null;
  });
  if (done === undefined) throw new AppError(Code.GOODS_NOT_FOUND, '商品不存在');
  if (!done) throw stale();
  await catalogChanged(ctx);
  return { goodsId, name: done.name, reviewStatus: 'REJECTED' as const, reviewReason: reason, onShelf: false };
}
