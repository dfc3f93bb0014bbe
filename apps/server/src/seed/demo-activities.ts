import { sql } from 'drizzle-orm';
import type { AppContext } from '../lib/context.ts';
import { rows } from '../lib/db.ts';
import { AppError } from '../lib/errors.ts';
import type { GoodsCard } from '../modules/catalog/catalog.presenter.ts';
import { salesListJson } from '../modules/catalog/catalog.service.ts';
import { create, schedule } from '../modules/activities/activities-ops.ts';
import * as activitiesRepo from '../modules/activities/activities.repo.ts';
import { sessionWindow } from '../modules/activities/activity-rules.ts';
import { addDays, shanghaiDay } from '../modules/points/points-rules.ts';

/**
 * 秒杀 and 限时折扣 demo data, so a newcomer sees them at once. A shop runs its 秒杀 every day, so
 * this is looked at on every start, not only the first: when no 秒杀 is running or coming, today's
 * sessions still to come (0点场 / 10点场 / 14点场 / 20点场, each until the next) and tomorrow's first
 * two are made and scheduled, their units taken out of the goods' stock as an operator's 排期 does.
 * A 限时折扣 of a week is made the same way when none runs. The goods are catalogue best sellers
 * ranked 9th and below (the sessions' sixteen, eight a session in turns, then the discount's three): the walkthroughs and end-to-end tests buy the first ones at their usual price.
 */
const SESSIONS = [
  { start: '00:00', minutes: 600 },
  { start: '10:00', minutes: 240 },
  { start: '14:00', minutes: 360 },
  { start: '20:00', minutes: 240 },
] as const;
/** Two rows of the 秒杀 会场's four columns; the sessions take turns with two sets of goods. */
const GOODS_PER_SESSION = 8;
const SESSION_POOL = GOODS_PER_SESSION * 2;
const DISCOUNT_GOODS = 3;
const PER_MEMBER_LIMIT = 2;
const DAY_MS = 86_400_000;
const DEMO_OPERATOR = { id: null, name: '演示数据' };

interface PoolSku {
  skuId: number;
  priceFen: number;
  stock: number;
}

/** The first SKU of each goods ranked `from`… in sales, priced ≥ ¥50 and with stock to spare. */
async function skuPool(ctx: AppContext, from: number, count: number): Promise<PoolSku[]> {
  const ranked = (JSON.parse(await salesListJson(ctx, from + count * 3)) as GoodsCard[]).slice(from);
  if (!ranked.length) return [];
  const found = await rows<{ goods_id: number; id: number; price_fen: number; stock: number }>(
    ctx.db,
    sql`SELECT DISTINCT ON (goods_id) goods_id, id, price_fen, stock FROM skus
        WHERE goods_id IN (${sql.join(
          ranked.map((g) => sql`${g.id}`),
          sql`, `,
        )})
        ORDER BY goods_id, sort_order, id`,
  );
  const byGoods = new Map(found.map((s) => [s.goods_id, s]));
  return ranked
    .map((g) => byGoods.get(g.id))
    .filter((s): s is NonNullable<typeof s> => !!s && s.price_fen >= 5000 && s.stock >= 40)
    .slice(0, count)
    .map((s) => ({ skuId: s.id, priceFen: s.price_fen, stock: s.stock }));
}

/**
 * 11月27日10点场: dated, since today's first two sessions and tomorrow's share their hours and an
 * operator picking one by its title (活动页面's 倒计时, 活动管理) must tell them apart.
 */
export function sessionLabel(day: string, start: string): string {
  const [, month, date] = day.split('-').map(Number);
  return `${month}月${date}日${Number(start.slice(0, 2))}点场`;
}

/** About 6 折, in whole yuan less ¥1 (¥299 → ¥169): the kind of price a 秒杀 banner shows. */
export function flashPriceOf(usualFen: number): number {
  return Math.max(100, Math.floor((usualFen * 0.6) / 1000) * 1000 - 100);
}

/** Whether a scheduled activity of this kind is running or coming (the bare rows: nothing presented). */
async function running(ctx: AppContext, kind: 'FLASH_SALE' | 'TIME_DISCOUNT', now: Date) {
  const { list } = await activitiesRepo.page(ctx.db, { kind, status: 'SCHEDULED' }, 1, 100);
  return list.some((a) => new Date(a.ends_at) > now);
}

/** Made and scheduled as an operator would; a refusal (e.g. an operator's own activity on the same goods) skips it. */
async function makeAndSchedule(
  ctx: AppContext,
  input: Parameters<typeof create>[1],
  progress: (message: string) => void,
) {
  try {
    const made = await create(ctx, input);
    await schedule(ctx, made.id, DEMO_OPERATOR);
    return true;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    progress(`演示活动「${input.title}」未创建：${e.message}`);
    return false;
  }
}

export async function seedDemoActivities(ctx: AppContext, progress: (message: string) => void, now = new Date()) {
  const [flashOn, discountOn] = [await running(ctx, 'FLASH_SALE', now), await running(ctx, 'TIME_DISCOUNT', now)];
  // Most starts find both running: nothing more is read.
  if (flashOn && discountOn) return;
  // One pool, so that the discount's goods are never the sessions' (a SKU is in one activity at a time).
  const all = await skuPool(ctx, 8, SESSION_POOL + DISCOUNT_GOODS);
  if (!flashOn) {
    const pool = all.slice(0, SESSION_POOL);
    if (pool.length >= GOODS_PER_SESSION) {
      const today = shanghaiDay(now);
      const windows = [
        ...SESSIONS.map((s) => ({ ...s, day: today })),
        ...SESSIONS.slice(0, 2).map((s) => ({ ...s, day: addDays(today, 1) })),
      ]
        .map((s) => ({ label: sessionLabel(s.day, s.start), ...sessionWindow(s.day, s.start, s.minutes) }))
        .filter((w) => w.endsAt > now);
      let made = 0;
      for (const [n, w] of windows.entries()) {
        const skus = Array.from(
          { length: GOODS_PER_SESSION },
          (_, i) => pool[(n * GOODS_PER_SESSION + i) % pool.length]!,
        );
        const done = await makeAndSchedule(
          ctx,
          {
            kind: 'FLASH_SALE',
            title: `${w.label} · 限量秒杀`,
            startsAt: w.startsAt.toISOString(),
            endsAt: w.endsAt.toISOString(),
            perMemberLimit: PER_MEMBER_LIMIT,
            skus: skus.map((s) => ({
              skuId: s.skuId,
              priceFen: flashPriceOf(s.priceFen),
              stock: Math.min(30, Math.floor(s.stock / 8)),
            })),
          },
          progress,
        );
        if (done) made++;
      }
      progress(
        `演示秒杀 (demo flash sales): ${made} 场，每场 ${GOODS_PER_SESSION} 件商品，每人限购 ${PER_MEMBER_LIMIT} 件`,
      );
    }
  }
  if (!discountOn) {
    const pool = all.slice(SESSION_POOL);
    if (
      pool.length &&
      (await makeAndSchedule(
        ctx,
        {
          kind: 'TIME_DISCOUNT',
          title: '品质好物 · 限时8.5折',
          startsAt: new Date(now.getTime() - 60_000).toISOString(),
          endsAt: new Date(now.getTime() + 7 * DAY_MS).toISOString(),
          perMemberLimit: 0,
          skus: pool.map((s) => ({ skuId: s.skuId, percent: 85, stock: 0 })),
        },
        progress,
      ))
    ) {
      progress(`演示限时折扣 (demo discount): ${pool.length} 件商品 8.5 折，7 天`);
    }
  }
}
