import {
  ACTIVITY_PAGE_STATUS_NAMES,
  Code,
  type ActivityPagePreviewToken,
  type ActivityPageSection,
  type ActivityPageSectionInput,
  type ActivityPageStatus,
  type BuyerActivityPage,
  type BuyerActivityPageCard,
  type BuyerActivityPageList,
  ACTIVITY_PAGE_LIST_MAX,
  type ConsoleActivityPageRows,
  type ConsoleActivityPageView,
} from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { resolveImage } from '../catalog/index.ts';
import { claimableByIds } from '../coupons/coupons.service.ts';
import { activityGoodsCards, activityWindows } from '../activities/index.ts';
import { EDITABLE, PAGE_TRANSITIONS, actionsOf, previewValid, signPreview } from './activity-pages-rules.ts';
import * as repo from './activity-pages.repo.ts';
import type { PageInput } from './activity-pages.schema.ts';

/**
 * Activity pages (活动页面): operators build them from sections in the console, preview a draft
 * through a signed link, publish and take them offline; buyers read a published page with every
 * section resolved live (goods cards, coupons with the member's state, countdowns with `now`).
 */

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const missing = () => new AppError(Code.ACTIVITY_PAGE_NOT_FOUND, '活动页面不存在');
/** Activities a page may show: scheduled or ended ones (a draft shows nothing, a cancelled one is gone). */
const SHOWN = new Set(['SCHEDULED', 'ENDED']);

function present(row: repo.PageRow): ConsoleActivityPageView {
  return {
    id: row.id,
    title: row.title,
    shareSubtitle: row.share_subtitle,
    status: row.status,
    statusText: ACTIVITY_PAGE_STATUS_NAMES[row.status],
    sections: row.sections,
    actions: actionsOf(row.status),
    publishedAt: row.published_at ? iso(row.published_at) : null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export async function opsPage(ctx: AppContext, q: { status?: ActivityPageStatus; pageNum: number; pageSize: number }): Promise<ConsoleActivityPageRows> {
  const { list, total } = await repo.page(ctx.db, q);
  return { list: list.map(present), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function opsDetail(ctx: AppContext, id: number): Promise<ConsoleActivityPageView> {
  const row = await repo.findPage(ctx.db, id);
  if (!row) throw missing();
  return present(row);
}

/**
 * The sections checked against the database, each problem named by its place: a banner's picture is
 * one uploaded to this shop (or the one the page already shows), activities exist and are not
 * cancelled, coupons exist, are claimable by buyers and still on offer.
 */
async function checkedSections(ctx: AppContext, sections: PageInput['sections'], kept: ReadonlySet<string>): Promise<ActivityPageSectionInput[]> {
  const activityIds = sections.flatMap((s) => (s.type === 'countdown' || s.type === 'goods' ? [s.activityId] : []));
  const couponIds = sections.flatMap((s) => (s.type === 'coupons' ? s.couponIds : []));
  const activities = await activityWindows(ctx, activityIds);
  const coupons = await claimableByIds(ctx, null, couponIds);
  // Banner pictures are looked up in the shop's storage (async) before the synchronous checks below.
  const banners = new Map<number, string>();
  for (const [i, s] of sections.entries()) {
    if (s.type === 'banner') banners.set(i, await resolveImage(ctx.config, s.image, kept, `第 ${i + 1} 个板块：横幅图片`));
  }
  return sections.map((s, i) => {
    const at = `第 ${i + 1} 个板块：`;
    switch (s.type) {
      case 'banner':
        return { type: 'banner', image: banners.get(i)!, link: s.link };
      case 'countdown':
      case 'goods': {
        const a = activities.get(s.activityId);
        if (!a) throw badRequest(`${at}活动不存在`);
        if (a.status === 'CANCELLED') throw badRequest(`${at}活动“${a.title}”已取消`);
        return s;
      }
      case 'coupons':
        for (const id of s.couponIds) {
          const c = coupons.get(id);
          if (!c) throw badRequest(`${at}优惠券（编号 ${id}）不存在或不能在活动页领取`);
          if (!c.live) throw badRequest(`${at}优惠券“${c.coupon.name}”已停止发放或已过期`);
        }
        return s;
      case 'richText':
        return s;
    }
  });
}

const bannerImages = (row?: repo.PageRow) =>
  new Set((row?.sections ?? []).flatMap((s) => (s.type === 'banner' ? [s.image] : [])));

export async function create(ctx: AppContext, input: PageInput): Promise<ConsoleActivityPageView> {
  const sections = await checkedSections(ctx, input.sections, new Set());
  return present(await repo.insertPage(ctx.db, { ...input, sections }));
}

/** Saves a draft or an offline page; a live one is refused (take it offline first). */
export async function update(ctx: AppContext, id: number, input: PageInput) {
  const before = await repo.findPage(ctx.db, id);
  if (!before) throw missing();
  const sections = await checkedSections(ctx, input.sections, bannerImages(before));
  const after = await repo.updatePage(ctx.db, id, { ...input, sections }, EDITABLE);
  if (!after) throw new AppError(Code.ACTIVITY_PAGE_STATE, '活动页面已上线，请先下线再编辑');
  return { before: present(before), after: present(after) };
}

const REFUSALS: Record<keyof typeof PAGE_TRANSITIONS, Partial<Record<ActivityPageStatus, string>>> = {
  publish: { PUBLISHED: '活动页面已上线' },
  offline: { DRAFT: '活动页面尚未上线', OFFLINE: '活动页面已下线' },
};

/**
 * 上线 / 下线: one conditional update from the states the table allows, so a second click or a
 * concurrent request finds the page moved and is refused, changing nothing.
 */
export async function move(ctx: AppContext, id: number, action: keyof typeof PAGE_TRANSITIONS) {
  const { from, to } = PAGE_TRANSITIONS[action];
  const row = await ctx.db.transaction(async (tx) => {
    const moved = await repo.movePage(tx, id, from, to);
    if (moved) return moved;
    const now = await repo.findPage(tx, id);
    if (!now) throw missing();
    throw new AppError(Code.ACTIVITY_PAGE_STATE, REFUSALS[action][now.status] ?? undefined);
  });
  return present(row);
}

/** A link the console opens in its preview frame: valid 10 minutes, for this page only. */
export async function previewToken(ctx: AppContext, id: number, now = Date.now()): Promise<ActivityPagePreviewToken> {
  if (!(await repo.findPage(ctx.db, id))) throw missing();
  const { token, expiresAt } = signPreview(ctx.secrets.dataKey, id, now);
  return { token, expiresAt: new Date(expiresAt).toISOString(), path: `/activity/${id}?preview=${encodeURIComponent(token)}` };
}

/**
 * A page as buyers see it: published, or any state through a valid preview token. A section whose
 * activity is not shown (a draft, or cancelled since) or whose coupons are all gone is left out.
 */
export async function buyerPage(
  ctx: AppContext,
  q: { id: number; preview?: string },
  memberId: string | null,
  now = new Date(),
): Promise<BuyerActivityPage> {
  const row = await repo.findPage(ctx.db, q.id);
  const preview = Boolean(row && q.preview !== undefined && previewValid(ctx.secrets.dataKey, q.id, q.preview, now.getTime()));
  if (!row || (row.status !== 'PUBLISHED' && !preview)) {
    if (row && q.preview !== undefined) throw new AppError(Code.ACTIVITY_PAGE_PREVIEW_INVALID);
    throw new AppError(Code.ACTIVITY_PAGE_NOT_FOUND);
  }
  const sections = row.sections;
  const activities = await activityWindows(
    ctx,
    sections.flatMap((s) => (s.type === 'countdown' || s.type === 'goods' ? [s.activityId] : [])),
    now,
  );
  const coupons = await claimableByIds(
    ctx,
    memberId,
    sections.flatMap((s) => (s.type === 'coupons' ? s.couponIds : [])),
  );
  const resolved: ActivityPageSection[] = [];
  for (const s of sections) {
    if (s.type === 'banner') resolved.push({ type: 'banner', image: s.image, link: s.link ?? null });
    else if (s.type === 'richText') resolved.push({ type: 'richText', blocks: s.blocks });
    else if (s.type === 'coupons') {
      const list = s.couponIds.flatMap((id) => {
        const c = coupons.get(id);
        return c?.live ? [c.coupon] : [];
      });
      if (list.length) resolved.push({ type: 'coupons', coupons: list });
    } else {
      const found = activities.get(s.activityId);
      if (!found || !SHOWN.has(found.status)) continue;
      const { status: _status, ...activity } = found;
      if (s.type === 'countdown') resolved.push({ type: 'countdown', label: s.label, activity });
      else {
        const goods = await activityGoodsCards(ctx, s.activityId, now);
        if (goods.length) resolved.push({ type: 'goods', title: s.title, activity, goods });
      }
    }
  }
  return { id: row.id, title: row.title, shareSubtitle: row.share_subtitle, preview, status: row.status, now: now.toISOString(), sections: resolved };
}

/** How many published pages the home's list looks through for current ones. */
const LIST_SCAN = 50;

const activityIdsOf = (sections: ActivityPageSectionInput[]) =>
  sections.flatMap((s) => (s.type === 'countdown' || s.type === 'goods' ? [s.activityId] : []));

/**
 * The home's 活动专区: published pages that are current, the latest published first. A page that names
 * activities is current while one of them is scheduled and not over; a page of coupons and text only,
 * while it is published. Each with a cover: its first banner, else its first goods' picture.
 */
export async function buyerPageList(ctx: AppContext, now = new Date()): Promise<BuyerActivityPageList> {
  const published = await repo.publishedPages(ctx.db, LIST_SCAN);
  const activities = await activityWindows(ctx, published.flatMap((p) => activityIdsOf(p.sections)), now);
  const live = (id: number) => {
    const a = activities.get(id);
    return a !== undefined && a.status === 'SCHEDULED' && a.phase !== 'ENDED';
  };
  const current = published
    .filter((p) => {
      const ids = activityIdsOf(p.sections);
      return ids.length === 0 || ids.some(live);
    })
    .slice(0, ACTIVITY_PAGE_LIST_MAX);
  const list: BuyerActivityPageCard[] = [];
  for (const p of current) list.push({ id: p.id, title: p.title, shareSubtitle: p.share_subtitle, cover: await coverOf(ctx, p, now) });
  return { list };
}

async function coverOf(ctx: AppContext, p: repo.PageRow, now: Date): Promise<string | null> {
  for (const s of p.sections) if (s.type === 'banner') return s.image;
  for (const s of p.sections) {
    if (s.type !== 'goods') continue;
    const image = (await activityGoodsCards(ctx, s.activityId, now)).find((g) => g.image)?.image;
    if (image) return image;
  }
  return null;
}
