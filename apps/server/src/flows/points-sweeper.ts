import type { AppContext } from '../lib/context.ts';
import { expireMember, membersWithExpired, pointsSettings } from '../modules/points/points.service.ts';
import { expiredThroughYear } from '../modules/points/index.ts';

/**
 * The points sweeper, beside the order sweeper (timed work, timed-work-kinds.ts): once a year's points have expired (积分设置
 * expiryYears; 0 = never), takes each member's unused ones with an EXPIRE ledger row. Safe with
 * several servers: each member is handled in a transaction holding their account row, and what
 * expires is computed again there, so a second sweeper (or a spend at that moment) finds nothing left.
 */
const BATCH = 100;

export async function sweepPointsOnce(ctx: AppContext, now = new Date(), opts: { batch?: number } = {}): Promise<number> {
  const s = await pointsSettings(ctx.db);
  const year = expiredThroughYear(now, s.expiryYears);
  if (year === null) return 0;
  let expired = 0;
  const seen = new Set<string>();
  for (;;) {
    const ids = (await membersWithExpired(ctx.db, year, opts.batch ?? BATCH)).filter((id) => !seen.has(id));
    if (!ids.length) break;
    for (const id of ids) {
      seen.add(id);
      if (await ctx.db.transaction((tx) => expireMember(tx, id, year))) expired++;
    }
  }
  if (expired) ctx.log.info({ members: expired, year }, 'points expiry sweep');
  return expired;
}
