import {
  CANCELLATION_ERASED,
  CANCELLATION_KEPT,
  Code,
  maskMobile,
  type CancellationBlocker,
  type CancellationPreview,
  type MemberStatus,
} from '@mall/shared';
import type { AppContext } from '../lib/context.ts';
import type { DbOrTx } from '../lib/db.ts';
import { AppError } from '../lib/errors.ts';
import { removeStoredImage } from '../lib/image-upload.ts';
import * as accounts from '../modules/accounts/index.ts';
import * as activities from '../modules/activities/index.ts';
import * as address from '../modules/address/index.ts';
import * as aftersale from '../modules/aftersale/index.ts';
import * as assistant from '../modules/assistant/index.ts';
import * as cart from '../modules/cart/index.ts';
import * as coupons from '../modules/coupons/index.ts';
import * as distribution from '../modules/distribution/index.ts';
import * as engagement from '../modules/engagement/index.ts';
import * as member from '../modules/member/index.ts';
import * as orders from '../modules/orders/index.ts';
import * as points from '../modules/points/index.ts';
import * as realname from '../modules/realname/index.ts';
import * as reviews from '../modules/reviews/index.ts';
import * as search from '../modules/search/index.ts';
import { getSetting } from '../modules/site/site.service.ts';
import * as supplier from '../modules/supplier/index.ts';

/**
 * 注销账号 across the modules (PIPL art. 47): what stops a request (each module answers for its own
 * business), the request itself (the SMS code, then the cooling-off), and the erasure when the
 * cooling-off is over, each module erasing its own rows in one transaction with the claim.
 */

const DAY_MS = 86_400_000;

/** What the member must finish first: unfinished orders, open after-sales, money or a withdrawal in distribution, an open store. */
export async function cancellationBlockers(db: DbOrTx, memberId: string): Promise<CancellationBlocker[]> {
  return [
    ...(await orders.cancellationBlockers(db, memberId)),
    ...(await aftersale.cancellationBlockers(db, memberId)),
    ...(await distribution.cancellationBlockers(db, memberId)),
    ...(await supplier.cancellationBlockers(db, memberId)),
  ];
}

/** The refusal's sentence: everything to finish, in one message the buyer can read as it is. */
export function blockedMessage(blockers: CancellationBlocker[]): string {
  return `账号暂不能注销，请先处理：${blockers.map((b) => b.text).join('；')}`;
}

export async function cancellationPreview(ctx: AppContext, memberId: string): Promise<CancellationPreview> {
  const me = await accounts.currentMember(ctx, memberId);
  const open = await accounts.openCancellation(ctx.db, memberId);
  return {
    status: me.status as MemberStatus,
    eraseAt: open?.eraseAt.toISOString() ?? null,
    coolingDays: await getSetting(ctx, 'cancellationCoolingDays'),
    mobile: me.mobile ? maskMobile(me.mobile) : null,
    erased: CANCELLATION_ERASED,
    kept: CANCELLATION_KEPT,
    blockers: await cancellationBlockers(ctx.db, memberId),
  };
}

/**
 * The member confirms with the code sent to the bound mobile. Blockers are checked before the code is
 * used (nothing to burn on a refusal) and again in the transaction that starts the cooling-off, which
 * also ends every session of the member: from here on only signing in (to take it back) works.
 */
export async function applyForCancellation(ctx: AppContext, memberId: string, smsCode: string, now = new Date()) {
  const before = await cancellationBlockers(ctx.db, memberId);
  if (before.length) throw new AppError(Code.CANCELLATION_BLOCKED, blockedMessage(before), { blockers: before });
  await member.confirmCancellationCode(ctx, memberId, smsCode);
  const coolingDays = await getSetting(ctx, 'cancellationCoolingDays');
  const eraseAt = new Date(now.getTime() + coolingDays * DAY_MS);
  await ctx.db.transaction(async (tx) => {
    const blockers = await cancellationBlockers(tx, memberId);
    if (blockers.length) throw new AppError(Code.CANCELLATION_BLOCKED, blockedMessage(blockers), { blockers });
    if (!(await accounts.startCancellation(tx, memberId, eraseAt))) throw new AppError(Code.CANCELLATION_STATE);
  });
  ctx.log.info({ memberId, eraseAt: eraseAt.toISOString() }, 'member cancellation requested');
  return { eraseAt: eraseAt.toISOString(), coolingDays };
}

/**
 * Erases one member whose cooling-off is over, in one transaction: the claim (COOLING_OFF → ERASED,
 * true for one caller only), then each module's rows, the accounts module last (its sessions are
 * pointed at by others), whose tombstone frees the username and mobile; once committed, the member's
 * stored pictures (avatar, after-sale evidence). False when another sweep or a 撤销注销 got there first.
 */
export async function eraseDueMember(ctx: AppContext, memberId: string, now = new Date()): Promise<boolean> {
  const avatar = member.storedAvatarOf((await accounts.currentMember(ctx, memberId)).avatar);
  let afterSalePictures: string[] = [];
  const erased = await ctx.db.transaction(async (tx) => {
    if (!(await accounts.claimDueCancellation(tx, memberId, now))) return false;
    await member.eraseMember(tx, memberId);
    await distribution.eraseMember(tx, memberId); // before realname: applications point at its records
    await supplier.eraseMember(tx, memberId);
    await realname.eraseMember(tx, memberId);
    await address.eraseMember(tx, memberId);
    await engagement.eraseMember(tx, memberId);
    await search.eraseMember(tx, memberId);
    await cart.eraseMember(tx, memberId);
    await coupons.eraseMember(tx, memberId);
    await points.eraseMember(tx, memberId);
    await activities.eraseMember(tx, memberId);
    await assistant.eraseMember(tx, memberId);
    await reviews.eraseMember(tx, memberId);
    await orders.eraseMember(tx, memberId);
    afterSalePictures = await aftersale.eraseMember(tx, memberId);
    if (!(await accounts.eraseMember(tx, memberId)))
      throw new Error('member not cancelling while its erasure was claimed');
    return true;
  });
  if (!erased) return false;
  // The member's own pictures go once nothing points at them: a failure here leaves a file no record
  // names (and no one can open by a guessable name), never a record without its file.
  if (avatar) await removeStoredImage(ctx, 'avatars', avatar);
  for (const name of afterSalePictures) await removeStoredImage(ctx, 'aftersale', name);
  ctx.log.info({ memberId }, 'member erased after cancellation');
  return true;
}

/** Erases every member due now (a batch at a time); answers how many this call erased. */
export async function eraseDueMembers(ctx: AppContext, now = new Date(), batch = 50): Promise<number> {
  let count = 0;
  const seen = new Set<string>();
  for (;;) {
    const due = (await accounts.dueCancellations(ctx.db, now, batch)).filter((id) => !seen.has(id));
    if (!due.length) return count;
    for (const id of due) {
      seen.add(id);
      if (await eraseDueMember(ctx, id, now)) count++;
    }
  }
}
