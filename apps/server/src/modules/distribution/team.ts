import { maskName, type PromoterTeam } from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import { memberDisplayNames } from '../accounts/accounts.service.ts';
import { levelFor } from './commission-rules.ts';
import { promoterLevels } from './commissions.ts';
import * as commissionsRepo from './commissions.repo.ts';
import type { TeamQuery } from './distribution.schema.ts';
import { requireActive } from './income.ts';
import * as views from './member-views.repo.ts';

/**
 * 我的团队 (推广 only): the members bound to this promoter for ever — who joined with their invitation
 * code or through their shared link (direct) — and those bound to their direct members (indirect).
 * Names masked; each with their 推广 level (会员 for one who is not a promoter) and when they joined.
 * Read only from the signed-in member's own id: nobody sees another's team.
 */
const TIER_TEXT = { DIRECT: '直属成员', INDIRECT: '间接成员' } as const;

export async function promoterTeam(ctx: AppContext, memberId: string, q: TeamQuery): Promise<PromoterTeam> {
  await requireActive(ctx.db, memberId, 'PROMOTER');
  const [counts, page, levels] = await Promise.all([
    views.teamCounts(ctx.db, memberId),
    views.teamPage(ctx.db, memberId, q.tier, q.pageNum, q.pageSize),
    promoterLevels(ctx.db),
  ]);
  const ids = page.map((r) => r.member_id);
  const [names, standings] = await Promise.all([
    memberDisplayNames(ctx.db, ids),
    commissionsRepo.promoterStandings(
      ctx.db,
      page.filter((r) => r.active_promoter).map((r) => r.member_id),
    ),
  ]);
  return {
    list: page.map((r) => ({
      name: maskName(names.get(r.member_id)?.name ?? '会员'),
      tier: r.tier,
      tierText: TIER_TEXT[r.tier],
      levelName: r.active_promoter ? levelFor(levels, standings.get(r.member_id)!).name : '会员',
      joinedAt: new Date(r.joined_at).toISOString(),
    })),
    total:
      q.tier === 'DIRECT' ? counts.direct : q.tier === 'INDIRECT' ? counts.indirect : counts.direct + counts.indirect,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    directCount: counts.direct,
    indirectCount: counts.indirect,
  };
}
