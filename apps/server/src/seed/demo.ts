import type { AppContext } from '../lib/context.ts';
import { ensureDefaultSiteConfig, hasSetting, setSetting } from '../modules/site/site.service.ts';
import { DEFAULT_DELIVERY } from '../modules/site/delivery-setting.ts';
import { findMemberByUsername, insertMember } from '../modules/accounts/accounts.repo.ts';
import { hashPassword } from '../lib/passwords.ts';
import { ensureDemoOperator } from '../modules/operators/operators.service.ts';
import { marketingConsent, recordDemoConsent } from '../modules/member/index.ts';
import { seedDemoCatalog } from './catalog/demo-catalog.ts';
import { seedDemoReviews } from './demo-reviews.ts';
import { seedDemoCoupons } from './demo-coupons.ts';
import { seedDemoPoints } from './demo-points.ts';
import { seedDemoActivities } from './demo-activities.ts';
import { seedDemoActivityPages } from './demo-activity-pages.ts';
import { seedDemoDistribution } from './demo-distribution.ts';
import { seedDemoSuppliers } from './demo-suppliers.ts';
import { seedDemoAssistant } from './demo-assistant.ts';
import { seedDemoCancellation } from './demo-cancellation.ts';
import { foldSales } from '../modules/catalog/catalog.service.ts';

/** The demo member of the README; the password is printed at start so a newcomer can sign in. */
export const DEMO_USERNAME = 'demo';
export const DEMO_PASSWORD = 'MallDemo#2026';
export const DEMO_MOBILE = '13800138000';
/** The demo operator of the console (/admin/), a 超级管理员. */
export const DEMO_OPERATOR = 'admin';
export const DEMO_OPERATOR_PASSWORD = 'MallAdmin#2026';

/** Makes what a demo shop needs, once; every step skips what is already there. */
export async function seedDemoData(ctx: AppContext, progress: (message: string) => void) {
  await ensureDefaultSiteConfig(ctx.db);
  // 配送时效 stored as a row, so the console shows it as the shop's own rule from the start.
  if (!(await hasSetting(ctx, 'delivery'))) await setSetting(ctx.db, 'delivery', DEFAULT_DELIVERY);
  if (!(await findMemberByUsername(ctx.db, DEMO_USERNAME))) {
    await insertMember(ctx.db, {
      username: DEMO_USERNAME,
      mobile: DEMO_MOBILE,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      nickname: '演示会员',
      roles: ['member'],
    });
  }
  await ensureDemoOperator(ctx.db, DEMO_OPERATOR, DEMO_OPERATOR_PASSWORD);
  // 账户安全 › 营销消息 shows a recorded consent (given) for the demo member, not only the default.
  const demoMember = await findMemberByUsername(ctx.db, DEMO_USERNAME);
  if (demoMember && (await marketingConsent(ctx, demoMember.id)).byDefault) await recordDemoConsent(ctx.db, demoMember.id);
  await seedDemoCatalog(ctx, progress);
  await seedDemoReviews(ctx, progress);
  await seedDemoCoupons(ctx, (await findMemberByUsername(ctx.db, DEMO_USERNAME))?.id ?? null, progress);
  await seedDemoPoints(ctx, DEMO_USERNAME, progress);
  await seedDemoActivities(ctx, progress);
  await seedDemoActivityPages(ctx, progress);
  await seedDemoDistribution(ctx, DEMO_USERNAME, progress);
  await seedDemoSuppliers(ctx, DEMO_PASSWORD, progress);
  await seedDemoAssistant(ctx, DEMO_USERNAME, progress);
  await seedDemoCancellation(ctx, (await findMemberByUsername(ctx.db, DEMO_USERNAME))?.passwordHash ?? (await hashPassword(DEMO_PASSWORD)), progress);
  // the demo orders' 销量, counted now rather than at the shop's first timed fold
  await foldSales(ctx.db);
  progress(`演示会员 (demo member): 用户名 ${DEMO_USERNAME} 密码 ${DEMO_PASSWORD}，手机 ${DEMO_MOBILE}`);
  progress(`演示运营 (demo operator, /admin/): 账号 ${DEMO_OPERATOR} 密码 ${DEMO_OPERATOR_PASSWORD}`);
}
