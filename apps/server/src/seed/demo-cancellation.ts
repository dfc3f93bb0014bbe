import type { AppContext } from '../lib/context.ts';
import { findMemberByUsername, insertMember } from '../modules/accounts/accounts.repo.ts';
import { startCancellation } from '../modules/accounts/index.ts';
import { getSetting } from '../modules/site/site.service.ts';

/**
 * One demo member who asked to cancel the account (注销账号), so the console's 会员 shows 注销中 with the
 * date the erasure is due. Signing in as them (leaving_member / the demo password) offers 撤销注销.
 */
export const DEMO_LEAVING_USERNAME = 'leaving_member';
const DEMO_LEAVING_MOBILE = '13800138009';

export async function seedDemoCancellation(ctx: AppContext, passwordHash: string, progress: (message: string) => void) {
  if (await findMemberByUsername(ctx.db, DEMO_LEAVING_USERNAME)) return;
  const days = await getSetting(ctx, 'cancellationCoolingDays');
  await ctx.db.transaction(async (tx) => {
    const member = await insertMember(tx, {
      username: DEMO_LEAVING_USERNAME,
      mobile: DEMO_LEAVING_MOBILE,
      passwordHash,
      nickname: '准备离开的会员',
      roles: ['member'],
    });
    await startCancellation(tx, member.id, new Date(Date.now() + days * 86_400_000));
  });
  progress(`演示数据: 一位注销中的会员 (${DEMO_LEAVING_USERNAME})`);
}
