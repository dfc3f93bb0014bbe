import {
  Code,
  REVIEW_FILTER_KEYS,
  type ConsoleReviewPage,
  type GoodsReviewPage,
  type ReviewFilter,
  type ReviewLineState,
  type ReviewTodo,
  type ReviewTodoPage,
  type ReviewUpload,
} from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { currentMember } from '../accounts/accounts.service.ts';
import { completedItemsSince, findOrderItemForReview } from '../orders/orders.service.ts';
import { getSetting } from '../site/site.service.ts';
import { MAX_UNATTACHED, reviewImageUrl, storeReviewImage } from './review-images.ts';
import { followUpEndsAt, lineState, reviewEndsAt, whyNoFollowUp, whyNoReview, type ReviewPeriods } from './review-window.ts';
import { presentConsoleReview, presentGoodsReview } from './reviews.presenter.ts';
import * as repo from './reviews.repo.ts';

const DAY_MS = 86_400_000;
/** The most completed lines the 待评价 list looks through (half a year of a busy buyer's orders). */
const TODO_SCAN_LIMIT = 500;

async function periods(ctx: AppContext): Promise<ReviewPeriods> {
  return { reviewDays: await getSetting(ctx, 'reviewDays'), followUpDays: await getSetting(ctx, 'followUpDays') };
}

/* ---- the goods page ---- */

/** One page of a goods' shown reviews under a filter, with the counts of every filter and 好评率. */
export async function goodsPage(
  ctx: AppContext,
  q: { goodsId: number; filter: string; pageNum: number; pageSize: number },
): Promise<GoodsReviewPage> {
  const filter = q.filter as ReviewFilter;
  const [counts, list] = await Promise.all([
    repo.goodsCounts(ctx.db, q.goodsId),
    repo.goodsPage(ctx.db, q.goodsId, filter, q.pageNum, q.pageSize),
  ]);
  return {
    list: list.map(presentGoodsReview),
    total: counts[filter],
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    summary: {
      total: counts.ALL,
      goodRate: counts.ALL ? Math.round((counts.GOOD / counts.ALL) * 100) : null,
      counts: Object.fromEntries(REVIEW_FILTER_KEYS.map((k) => [k, counts[k]])) as Record<ReviewFilter, number>,
    },
  };
}

/* ---- the buyer's 待评价 ---- */

/** Lines waiting for their review (REVIEW) or their 追评 (FOLLOW_UP), latest completion first. */
export async function pending(
  ctx: AppContext,
  memberId: string,
  q: { state: 'REVIEW' | 'FOLLOW_UP'; pageNum: number; pageSize: number },
): Promise<ReviewTodoPage> {
  const p = await periods(ctx);
  const now = new Date();
  const since = new Date(now.getTime() - Math.max(p.reviewDays, p.followUpDays) * DAY_MS);
  const lines = await completedItemsSince(ctx.db, memberId, since, TODO_SCAN_LIMIT);
  const reviews = await repo.byOrderItems(
    ctx.db,
    lines.map((l) => l.id),
  );
  const todos: ReviewTodo[] = [];
  for (const l of lines) {
    const review = reviews.get(l.id) ?? null;
    const state = lineState({ orderStatus: 'COMPLETED', completedAt: l.completedAt, review }, p, now);
    if (state !== 'REVIEW' && state !== 'FOLLOW_UP') continue;
    const completedAt = l.completedAt!;
    todos.push({
      orderItemId: l.id,
      orderNo: l.orderNo,
      goodsId: l.goodsId,
      name: l.name,
      image: l.image,
      specText: l.specText,
      completedAt: completedAt.toISOString(),
      deadline: (state === 'REVIEW' ? reviewEndsAt(completedAt, p) : followUpEndsAt(completedAt, p)).toISOString(),
      state,
      review: review ? { rating: review.rating, content: review.content, createdAt: review.createdAt.toISOString() } : null,
    });
  }
  const ofState = todos.filter((t) => t.state === q.state);
  const start = (q.pageNum - 1) * q.pageSize;
  return {
    list: ofState.slice(start, start + q.pageSize),
    total: ofState.length,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    counts: {
      REVIEW: todos.filter((t) => t.state === 'REVIEW').length,
      FOLLOW_UP: todos.filter((t) => t.state === 'FOLLOW_UP').length,
    },
  };
}

/** What the buyer may do for each of their order lines (another member's line reads CLOSED). */
export async function lineStates(
  ctx: AppContext,
  memberId: string,
  orderItemIds: string[],
): Promise<Record<string, ReviewLineState>> {
  const p = await periods(ctx);
  const ids = [...new Set(orderItemIds)];
  const reviews = await repo.byOrderItems(ctx.db, ids);
  const states: Record<string, ReviewLineState> = {};
  for (const id of ids) {
    const item = await findOrderItemForReview(ctx.db, memberId, id);
    states[id] = item ? lineState({ ...item, review: reviews.get(id) ?? null }, p) : 'CLOSED';
  }
  return states;
}

async function ownLine(ctx: AppContext, memberId: string, orderItemId: string) {
  const item = await findOrderItemForReview(ctx.db, memberId, orderItemId);
  if (!item) throw notFound('订单商品不存在');
  const review = (await repo.findByOrderItem(ctx.db, item.id)) ?? null;
  return { item, review, facts: { orderStatus: item.orderStatus, completedAt: item.completedAt, review } };
}

export interface CreateInput {
  orderItemId: string;
  rating: number;
  content: string;
  images: string[];
  anonymous: boolean;
}

/** Writes the line's one review; a second submit (double click, another tab) is refused and changes nothing. */
export async function create(ctx: AppContext, memberId: string, input: CreateInput) {
  const { item, review, facts } = await ownLine(ctx, memberId, input.orderItemId);
  if (review) throw new AppError(Code.REVIEW_EXISTS, '该商品已评价过了');
  const why = whyNoReview(facts, await periods(ctx));
  if (why) throw new AppError(Code.REVIEW_STATE, why);
  const member = await currentMember(ctx, memberId);
  const made = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertOnce(tx, {
      orderItemId: item.id,
      orderNo: item.orderNo,
      memberId,
      goodsId: item.goodsId,
      skuId: item.skuId,
      goodsName: item.name,
      goodsImage: item.image,
      specText: item.specText,
      authorName: member.nickname?.trim() || member.username || '买家',
      authorAvatar: member.avatar,
      anonymous: input.anonymous,
      rating: input.rating,
      content: input.content,
      images: input.images,
    });
    if (!row) throw new AppError(Code.REVIEW_EXISTS, '该商品已评价过了');
    if (!(await repo.attachImages(tx, memberId, row.id, input.images))) throw badRequest('图片不存在或已使用，请重新上传');
    return row;
  });
  return presentGoodsReview(made);
}

/** Adds the review's one 追评 within the period; a second one is refused. */
export async function followUp(ctx: AppContext, memberId: string, input: { orderItemId: string; content: string; images: string[] }) {
  const { review, facts } = await ownLine(ctx, memberId, input.orderItemId);
  const why = whyNoFollowUp(facts, await periods(ctx));
  // A second 追评 is 108502 like a second review; a line past its window or not yet reviewed is 108501.
  if (why) throw new AppError(review?.followUpAt ? Code.REVIEW_EXISTS : Code.REVIEW_STATE, why);
  const done = await ctx.db.transaction(async (tx) => {
    const row = await repo.addFollowUp(tx, review!.id, input.content, input.images);
    if (!row) throw new AppError(Code.REVIEW_EXISTS, '已追评过了，每条评价只能追评一次');
    if (!(await repo.attachImages(tx, memberId, row.id, input.images))) throw badRequest('图片不存在或已使用，请重新上传');
    return row;
  });
  return presentGoodsReview(done);
}

/** Stores a checked photo for the buyer's next review (the route read and checked the bytes). */
export async function uploadImage(
  ctx: AppContext,
  memberId: string,
  file: { bytes: Buffer; ext: string; mime: string },
): Promise<ReviewUpload> {
  if ((await repo.unattachedCount(ctx.db, memberId)) >= MAX_UNATTACHED) {
    throw new AppError(Code.TOO_MANY_REQUESTS, '上传的图片过多，请先提交评价');
  }
  const name = await storeReviewImage(ctx.config, file.bytes, file.ext);
  await repo.insertImage(ctx.db, { name, memberId, mime: file.mime, size: file.bytes.length });
  return { name, url: reviewImageUrl(name) };
}

/* ---- the console ---- */

export async function opsPage(
  ctx: AppContext,
  q: repo.ConsoleFilter & { pageNum: number; pageSize: number },
): Promise<ConsoleReviewPage> {
  const [{ list, total }, counts] = await Promise.all([
    repo.consolePage(ctx.db, q, q.pageNum, q.pageSize),
    repo.consoleCounts(ctx.db, q),
  ]);
  return { list: list.map(presentConsoleReview), total, pageNum: q.pageNum, pageSize: q.pageSize, counts };
}

async function ownReview(ctx: AppContext, id: string) {
  const row = await repo.findById(ctx.db, id);
  if (!row) throw notFound('评价不存在');
  return row;
}

export async function opsDetail(ctx: AppContext, id: string) {
  return presentConsoleReview(await ownReview(ctx, id));
}

/** Hides (with the reason) or shows again, once: a second click finds it changed and is refused. */
export async function setHidden(ctx: AppContext, id: string, hide: { reason: string; by: string } | null) {
  await ownReview(ctx, id);
  const row = await ctx.db.transaction((tx) => repo.setHidden(tx, id, hide));
  if (!row) throw new AppError(Code.REVIEW_STATE, hide ? '该评价已隐藏' : '该评价未隐藏');
  return presentConsoleReview(row);
}

/** Writes (or rewrites) the shop's reply; answers the reply before and after for the audit log. */
export async function reply(ctx: AppContext, id: string, content: string, by: string) {
  const before = await ownReview(ctx, id);
  const row = await ctx.db.transaction((tx) => repo.setReply(tx, id, content, by));
  if (!row) throw notFound('评价不存在');
  return { before: before.replyContent, review: presentConsoleReview(row) };
}
