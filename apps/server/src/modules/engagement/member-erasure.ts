import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../lib/db.ts';
import { goodsFavorites, goodsHistory } from '../../db/schema/index.ts';

/** 注销账号: favourites and footprints deleted. */
export async function eraseMember(tx: DbOrTx, memberId: string) {
  await tx.delete(goodsFavorites).where(eq(goodsFavorites.memberId, memberId));
  await tx.delete(goodsHistory).where(eq(goodsHistory.memberId, memberId));
}
