import { sql } from 'drizzle-orm';
import type { AssistantCard, AssistantCouponItem } from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import { rows } from '../../lib/db.ts';
import type { ToolResult } from '../../modules/assistant/provider.ts';
import { expiringSoon, shanghaiDay, shanghaiYear } from '../../modules/points/points-rules.ts';
import { pointsSettings } from '../../modules/points/points.service.ts';

/**
 * A tool's result as a buyer got it at an earlier moment, for the demo's past conversations. The
 * goods, their prices, stock and sales are the catalogue's own (the demo shop has no older ones). What
 * came later is left out: the running 秒杀 and 限时折扣, which the demo makes at start, after these
 * questions (a goods' activity price and a comparison's 活动价 row), and coupons valid only from a later
 * moment. The points balance is the ledger's at that moment. A member's orders and after-sales cannot
 * be told as of an earlier moment, so a question about them is kept only for a member who has none
 * (else `NotReplayable`, and the question is left out).
 */

/** A question the demo's history leaves out: its answer cannot be told as of its moment. */
export class NotReplayable extends Error {}

export async function resultAsOf(
  ctx: AppContext,
  memberId: string,
  tool: string,
  result: ToolResult,
  at: Date,
): Promise<ToolResult> {
  if (!result.ok) return result;
  switch (tool) {
    case 'points_balance':
      return pointsAt(ctx, memberId, at);
    case 'my_orders':
    case 'my_aftersales':
      if ((result.data as { total: number }).total > 0) throw new NotReplayable(`${tool} of a member with records`);
      return result;
    case 'claimable_coupons':
    case 'coupons_for':
      return couponsValidAt(ctx, result, at);
    default:
      return {
        ...result,
        data: withoutActivities(result.data),
        cards: withoutActivities(result.cards) as AssistantCard[],
      };
  }
}

const ACTIVITY_FIELDS = new Set(['activityPriceFen', 'activity']);

/** A goods item's running activity price and a comparison's 活动价 row taken out, at any depth. */
function withoutActivities(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value
      .filter((v) => !(v && typeof v === 'object' && (v as { label?: unknown }).label === '活动价'))
      .map(withoutActivities);
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !ACTIVITY_FIELDS.has(key))
        .map(([key, v]) => [key, withoutActivities(v)]),
    );
  }
  return value;
}

async function couponsValidAt(ctx: AppContext, result: ToolResult, at: Date): Promise<ToolResult> {
  const data = result.data as { coupons: AssistantCouponItem[]; ruleTexts?: { couponId: number }[] };
  if (!data.coupons.length) return result;
  const found = await rows<{ id: number }>(
    ctx.db,
    sql`SELECT id FROM coupon_templates
        WHERE id IN (${sql.join(
          data.coupons.map((c) => sql`${c.couponId}`),
          sql`, `,
        )})
          AND (valid_from IS NULL OR valid_from <= ${at.toISOString()}::timestamptz)`,
  );
  const valid = new Set(found.map((t) => t.id));
  const coupons = data.coupons.filter((c) => valid.has(c.couponId));
  return {
    ...result,
    data: {
      ...data,
      coupons,
      ...(data.ruleTexts ? { ruleTexts: data.ruleTexts.filter((r) => valid.has(r.couponId)) } : {}),
    },
    cards: coupons.length ? [{ kind: 'coupons', coupons }] : [],
  };
}

/** points_balance's result from the ledger up to `at`: the balance then, and what was due to expire. */
async function pointsAt(ctx: AppContext, memberId: string, at: Date): Promise<ToolResult> {
  const s = await pointsSettings(ctx.db);
  const cutoffYear = shanghaiYear(at) - s.expiryYears;
  const [row] = await rows<{ balance: number | null; credited: number; debited: number; signed: boolean | null }>(
    ctx.db,
    sql`SELECT (array_agg(balance_after ORDER BY created_at DESC, id DESC))[1] AS balance,
          coalesce(sum(amount) FILTER (WHERE amount > 0 AND earned_year <= ${cutoffYear}), 0)::int AS credited,
          coalesce(-sum(amount) FILTER (WHERE amount < 0), 0)::int AS debited,
          bool_or(reason = 'SIGN_IN' AND created_at >= ${`${shanghaiDay(at)}T00:00:00+08:00`}::timestamptz) AS signed
        FROM points_ledger WHERE member_id = ${memberId} AND created_at <= ${at.toISOString()}::timestamptz`,
  );
  const balance = row?.balance ?? 0;
  const soon = expiringSoon(at, s.expiryYears, () => row?.credited ?? 0, row?.debited ?? 0);
  return {
    ok: true,
    data: {
      balance,
      expiringSoon: soon.points,
      expiresAt: soon.expiresAt?.toISOString() ?? null,
      signedToday: row?.signed ?? false,
    },
    cards: [{ kind: 'points', balance, ...(soon.points > 0 ? { expiringSoon: soon.points } : {}) }],
    summary: `积分余额 ${balance}`,
  };
}
