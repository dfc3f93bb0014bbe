import {
  Code,
  type ActivityGoodsCard,
  type ActivityGoodsDetail,
  type ActivityStatus,
  type ActivityWindow,
  type FlashSaleSession,
  type FlashSaleSessions,
} from '@mall/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../lib/context.ts';
import { rows, type DbOrTx } from '../../lib/db.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { goodsSummaries } from '../catalog/catalog.service.ts';
import { findTradeSkus } from '../inventory/index.ts';
import { ACTIVITY_KIND_NAMES, BUYER_PHASE_NAMES, activityPrice, buyerPhase, limitLeft, sessionWindow, soldPercent } from './activity-rules.ts';
import { heldBy, ruleOf, type ActivityRow, type ActivitySkuRow } from './activities.repo.ts';

/**
 * What buyers see of activities: today's 秒杀 sessions (the home's strip), one activity SKU (the
 * activity goods detail), and the activity a goods is in (the usual goods page's banner). Only
 * scheduled activities show; names, pictures and usual prices are read live from the catalogue.
 */

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();
const dateOf = (v: Date | string) => (v instanceof Date ? v : new Date(v));
type Joined = ActivitySkuRow & Pick<ActivityRow, 'kind' | 'title' | 'starts_at' | 'ends_at' | 'per_member_limit' | 'status'>;

const JOINED = sql`SELECT s.*, a.kind, a.title, a.starts_at, a.ends_at, a.per_member_limit, a.status
                   FROM activity_skus s JOIN activities a ON a.id = s.activity_id`;

async function cards(db: DbOrTx, list: Joined[], now: Date): Promise<ActivityGoodsCard[]> {
  const skus = await findTradeSkus(
    db,
    list.map((r) => r.sku_id),
  );
  return list.flatMap((r) => {
    const sku = skus.get(r.sku_id);
    if (!sku || !sku.onShelf) return [];
    const price = activityPrice(sku.priceFen, ruleOf(r));
    if (price === undefined) return [];
    const flash = r.kind === 'FLASH_SALE';
    const phase = buyerPhase(now, { startsAt: dateOf(r.starts_at), endsAt: dateOf(r.ends_at), status: r.status, kind: r.kind }, flash ? r.stock : undefined);
    return [
      {
        activityId: r.activity_id,
        kind: r.kind,
        kindText: ACTIVITY_KIND_NAMES[r.kind],
        title: r.title,
        skuId: r.sku_id,
        goodsId: r.goods_id,
        goodsName: sku.goodsName,
        specText: sku.specText,
        image: sku.image,
        usualPriceFen: sku.priceFen,
        activityPriceFen: price,
        startsAt: iso(r.starts_at),
        endsAt: iso(r.ends_at),
        phase,
        phaseText: BUYER_PHASE_NAMES[phase],
        soldPercent: flash ? soldPercent(r.sold, r.stock) : null,
        stockLeft: flash ? r.stock : null,
        perMemberLimit: r.per_member_limit,
      },
    ];
  });
}

/** Today's 秒杀 sessions in Shanghai time, and the first one after today, each with its goods. */
export async function flashSaleSessions(ctx: AppContext, now = new Date()): Promise<FlashSaleSessions> {
  const today = new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
  const dayStart = sessionWindow(today, '00:00', 24 * 60);
  const list = await rows<Joined>(
    ctx.db,
    sql`${JOINED} WHERE a.kind = 'FLASH_SALE' AND a.status IN ('SCHEDULED', 'ENDED')
          AND a.ends_at > ${dayStart.startsAt.toISOString()}::timestamptz
          AND (a.starts_at < ${dayStart.endsAt.toISOString()}::timestamptz
               OR a.id = (SELECT id FROM activities WHERE kind = 'FLASH_SALE' AND status = 'SCHEDULED'
                            AND starts_at >= ${dayStart.endsAt.toISOString()}::timestamptz ORDER BY starts_at, id LIMIT 1))
        ORDER BY a.starts_at, a.id, s.sort, s.sku_id`,
  );
  const all = await cards(ctx.db, list, now);
  const sessions = new Map<number, FlashSaleSession>();
  for (const c of all) {
    let s = sessions.get(c.activityId);
    if (!s) {
      // A session is 即将开始, 进行中 or 已结束; 已抢光 is said of its goods.
      const { status } = list.find((r) => r.activity_id === c.activityId)!;
      const phase = buyerPhase(now, { startsAt: new Date(c.startsAt), endsAt: new Date(c.endsAt), status, kind: 'FLASH_SALE' });
      s = { activityId: c.activityId, title: c.title, startsAt: c.startsAt, endsAt: c.endsAt, phase, phaseText: BUYER_PHASE_NAMES[phase], goods: [] };
      sessions.set(c.activityId, s);
    }
    s.goods.push(c);
  }
  return { now: now.toISOString(), sessions: [...sessions.values()] };
}

/** /activityGoodsDetail: one SKU of a scheduled (or ended) activity, with the member's limit left. */
export async function activityGoods(
  ctx: AppContext,
  q: { activityId: number; skuId: number },
  memberId: string | null,
  now = new Date(),
): Promise<ActivityGoodsDetail> {
  const [row] = await rows<Joined>(
    ctx.db,
    sql`${JOINED} WHERE s.activity_id = ${q.activityId} AND s.sku_id = ${q.skuId} AND a.status IN ('SCHEDULED', 'ENDED')`,
  );
  if (!row) throw notFound('活动商品不存在或活动已取消');
  const [card] = await cards(ctx.db, [row], now);
  if (!card) throw new AppError(Code.GOODS_OFF_SHELF, '该商品已下架');
  const summary = (await goodsSummaries(ctx, [row.goods_id])).get(row.goods_id);
  const left = memberId ? limitLeft(row.per_member_limit, await heldBy(ctx.db, row.activity_id, memberId)) : undefined;
  return {
    ...card,
    subtitle: summary?.subtitle ?? '',
    images: [card.image, summary?.image].filter((x, i, a): x is string => Boolean(x) && a.indexOf(x) === i),
    memberLeft: left ?? null,
    now: now.toISOString(),
  };
}

/** The activities a goods is in now or later today (the usual goods page shows a banner for the first). */
export async function forGoods(ctx: AppContext, goodsId: number, now = new Date()): Promise<ActivityGoodsCard[]> {
  const list = await rows<Joined>(
    ctx.db,
    sql`${JOINED} WHERE s.goods_id = ${goodsId} AND a.status = 'SCHEDULED' AND a.ends_at > ${now.toISOString()}::timestamptz
          AND a.starts_at < ${new Date(now.getTime() + 86_400_000).toISOString()}::timestamptz
        ORDER BY a.starts_at, s.sort, s.sku_id`,
  );
  return cards(ctx.db, list, now);
}

/**
 * The activities running now on these goods, as the goods page's banner prices them: a 秒杀 with units
 * left (bought with 立即抢购 on its own page) and a 限时折扣 (what the cart charges). The shopping
 * assistant quotes these beside a goods' usual price.
 */
export async function runningActivitiesForGoods(ctx: AppContext, goodsIds: number[], now = new Date()): Promise<ActivityGoodsCard[]> {
  if (goodsIds.length === 0) return [];
  const list = await rows<Joined>(
    ctx.db,
    sql`${JOINED} WHERE s.goods_id IN (${sql.join([...new Set(goodsIds)].map((id) => sql`${id}`), sql`, `)})
          AND a.status = 'SCHEDULED' AND a.starts_at <= ${now.toISOString()}::timestamptz AND a.ends_at > ${now.toISOString()}::timestamptz
        ORDER BY a.starts_at, s.sort, s.sku_id`,
  );
  return (await cards(ctx.db, list, now)).filter((c) => c.phase === 'RUNNING');
}

/* ---- activity pages (activity-pages.ts) ---- */

/**
 * Activities by id with their window and what buyers see now (a countdown section), and their
 * status, so a page being saved can refuse a missing or cancelled one. Ids not found are absent.
 */
export async function activityWindows(
  ctx: AppContext,
  ids: number[],
  now = new Date(),
): Promise<Map<number, ActivityWindow & { status: ActivityStatus }>> {
  if (ids.length === 0) return new Map();
  const list = await rows<Pick<ActivityRow, 'id' | 'kind' | 'title' | 'starts_at' | 'ends_at' | 'status'>>(
    ctx.db,
    sql`SELECT id, kind, title, starts_at, ends_at, status FROM activities WHERE id IN (${sql.join([...new Set(ids)].map((id) => sql`${id}`), sql`, `)})`,
  );
  return new Map(
    list.map((a) => {
      const kind = a.kind;
      const phase = buyerPhase(now, { startsAt: dateOf(a.starts_at), endsAt: dateOf(a.ends_at), status: a.status, kind });
      const view = {
        activityId: a.id,
        kind,
        kindText: ACTIVITY_KIND_NAMES[kind],
        title: a.title,
        startsAt: iso(a.starts_at),
        endsAt: iso(a.ends_at),
        phase,
        phaseText: BUYER_PHASE_NAMES[phase],
        status: a.status,
      };
      return [a.id, view];
    }),
  );
}

/** The goods cards of one scheduled (or ended) activity, in the operator's order (an activity page's goods grid). */
export async function activityGoodsCards(ctx: AppContext, activityId: number, now = new Date()): Promise<ActivityGoodsCard[]> {
  const list = await rows<Joined>(
    ctx.db,
    sql`${JOINED} WHERE s.activity_id = ${activityId} AND a.status IN ('SCHEDULED', 'ENDED') ORDER BY s.sort, s.sku_id`,
  );
  return cards(ctx.db, list, now);
}
