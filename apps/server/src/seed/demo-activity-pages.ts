import type { ActivityPageSectionInput } from '@mall/shared';
import type { AppContext } from '../lib/context.ts';
import { flashSaleSessions } from '../modules/activities/activities-buyer.ts';
import * as pages from '../modules/activity-pages/activity-pages.repo.ts';
import { center } from '../modules/coupons/coupons.service.ts';

/** The demo page's title; README and the end-to-end tests find it by this. */
export const DEMO_ACTIVITY_PAGE_TITLE = '限时秒杀 · 好物狂欢';

/**
 * A published activity page, so a newcomer sees /activity/<id> at once: a banner (a catalogue
 * picture of the session's first goods), a countdown and the goods grid of the 秒杀 session running
 * now (or the next one), the 领券中心's coupons and a paragraph of rules.
 *
 * The demo 秒杀 sessions are made afresh each day (demo-activities.ts), so on every start a demo page
 * whose session has ended or gone is pointed at today's; a page with no session to show (no demo
 * 秒杀 at all) is written without the countdown and goods sections.
 */
export async function seedDemoActivityPages(ctx: AppContext, progress: (message: string) => void, now = new Date()) {
  const { sessions } = await flashSaleSessions(ctx, now);
  const session = sessions.find((s) => s.phase === 'RUNNING') ?? sessions.find((s) => s.phase === 'UPCOMING');
  const existing = await pages.findPageByTitle(ctx.db, DEMO_ACTIVITY_PAGE_TITLE);
  if (existing) {
    if (!session) return;
    const shown = new Set(sessions.filter((s) => s.phase !== 'ENDED').map((s) => s.activityId));
    const stale = existing.sections.some((s) => (s.type === 'countdown' || s.type === 'goods') && !shown.has(s.activityId));
    if (!stale) return;
    const sections = existing.sections.map((s) => (s.type === 'countdown' || s.type === 'goods' ? { ...s, activityId: session.activityId } : s));
    await pages.updatePage(ctx.db, existing.id, { title: existing.title, shareSubtitle: existing.share_subtitle, sections }, [existing.status]);
    progress(`演示活动页面 (demo activity page): /activity/${existing.id} 已指向今日秒杀「${session.title}」`);
    return;
  }

  const coupons = (await center(ctx, null)).list.filter((c) => c.state === 'CLAIMABLE').slice(0, 4);
  const first = session?.goods[0];
  const sections: ActivityPageSectionInput[] = [];
  if (first) sections.push({ type: 'banner', image: `/static/goods/${first.goodsId}-1.svg`, link: `/activityGoodsDetail?activityId=${first.activityId}&skuId=${first.skuId}` });
  if (session) {
    sections.push({ type: 'countdown', activityId: session.activityId, label: '整点秒杀' });
    sections.push({ type: 'goods', activityId: session.activityId, title: '限量秒杀' });
  }
  if (coupons.length) sections.push({ type: 'coupons', couponIds: coupons.map((c) => c.templateId) });
  sections.push({
    type: 'richText',
    blocks: [
      { type: 'heading', text: '活动规则' },
      {
        type: 'paragraph',
        text: '每天 0 点、10 点、14 点、20 点开抢，秒杀商品数量有限，每人每场限购 2 件，抢完即止。秒杀订单请在 15 分钟内完成支付，超时未付款的订单将自动取消，商品退回秒杀库存。',
      },
      { type: 'paragraph', text: '优惠券数量有限，领完即止；使用门槛和适用范围以券面说明为准。' },
    ],
  });
  const made = await pages.insertPage(ctx.db, {
    title: DEMO_ACTIVITY_PAGE_TITLE,
    shareSubtitle: '整点开抢，好物低至 6 折',
    sections,
    status: 'PUBLISHED',
  });
  progress(
    `演示活动页面 (demo activity page): /activity/${made.id}${session ? `，秒杀「${session.title}」` : '（暂无秒杀场次，未含倒计时和商品板块）'}`,
  );
}
