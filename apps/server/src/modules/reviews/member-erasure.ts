import { eq } from 'drizzle-orm';
import { CANCELLED_MEMBER_NAME } from '@mall/shared';
import type { DbOrTx } from '../../lib/db.ts';
import { goodsReviews } from '../../db/schema/index.ts';

/**
 * 注销账号: the member's reviews stay with the goods (other buyers read them) but name nobody: the
 * author becomes 已注销用户 with no avatar, shown as anonymous.
 */
export async function eraseMember(tx: DbOrTx, memberId: string) {
  await tx
    .update(goodsReviews)
    .set({ authorName: CANCELLED_MEMBER_NAME, authorAvatar: null, anonymous: true })
    .where(eq(goodsReviews.memberId, memberId));
}
