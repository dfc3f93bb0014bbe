import type { MarketingConsentView } from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import { lockKey, type DbOrTx } from '../../lib/db.ts';
import { currentMember } from '../accounts/index.ts';
import * as repo from './privacy.repo.ts';

/**
 * Consent to marketing messages (活动/秒杀 提醒我 by SMS and the like). Every change is a row of
 * `member_consents`; the newest is in force. A member who never changed it consented with the privacy
 * policy at registration, so it is given; after a withdrawal no marketing message goes out
 * (`marketingWithdrawn`, asked by whatever sends one: 提醒我 through flows/subscriptions.ts).
 */

const SOURCE_TEXT: Record<string, string> = { member: '会员本人', demo: '演示数据' };

export async function marketingConsent(ctx: AppContext, memberId: string): Promise<MarketingConsentView> {
  const records = await repo.consentRecords(ctx.db, memberId, 'marketing', 20);
  const newest = records[0];
  const changedAt = newest ? newest.createdAt : (await currentMember(ctx, memberId)).createdAt;
  return {
    granted: newest ? newest.granted : true,
    changedAt: changedAt.toISOString(),
    byDefault: !newest,
    records: records.map((r) => ({
      granted: r.granted,
      sourceText: SOURCE_TEXT[r.source] ?? r.source,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** The member gives or withdraws it; the same choice again (or two at once) is recorded once. */
export async function setMarketingConsent(ctx: AppContext, memberId: string, granted: boolean, ip: string | null) {
  const changed = await ctx.db.transaction(async (tx) => {
    await lockKey(tx, 'member-consent', memberId);
    const [newest] = await repo.consentRecords(tx, memberId, 'marketing', 1);
    if ((newest ? newest.granted : true) === granted) return false;
    await repo.recordConsent(tx, { memberId, purpose: 'marketing', granted, source: 'member', ip: ip?.slice(0, 64) ?? null });
    return true;
  });
  if (changed) ctx.log.info({ memberId, marketingConsent: granted }, 'member marketing consent changed');
  return { changed, consent: await marketingConsent(ctx, memberId) };
}

/** Of these members, those who withdrew consent to marketing messages. */
export function marketingWithdrawn(db: DbOrTx, memberIds: string[]): Promise<Set<string>> {
  return repo.withdrawnAmong(db, memberIds, 'marketing');
}

/** The demo data's record: given, as the demo member's page shows a real history. */
export async function recordDemoConsent(db: DbOrTx, memberId: string) {
  await repo.recordConsent(db, { memberId, purpose: 'marketing', granted: true, source: 'demo', ip: null });
}

/** The member's consent records for their data copy. */
export async function consentsForCopy(db: DbOrTx, memberId: string) {
  return (await repo.allConsents(db, memberId)).map((r) => ({
    purpose: r.purpose === 'marketing' ? '营销消息（活动提醒等）' : r.purpose,
    granted: r.granted,
    action: r.granted ? '同意' : '撤回',
    source: SOURCE_TEXT[r.source] ?? r.source,
    ip: r.ip,
    createdAt: r.createdAt.toISOString(),
  }));
}
