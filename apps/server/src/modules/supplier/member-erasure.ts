import { and, eq } from 'drizzle-orm';
import type { CancellationBlocker } from '@mall/shared';
import type { DbOrTx } from '../../lib/db.ts';
import { supplierApplications, suppliers } from '../../db/schema/index.ts';

/** A store still open (营业中) must be closed by the shop first: its orders and goods need it. */
export async function cancellationBlockers(db: DbOrTx, memberId: string): Promise<CancellationBlocker[]> {
  const [store] = await db
    .select({ storeName: suppliers.storeName })
    .from(suppliers)
    .where(and(eq(suppliers.memberId, memberId), eq(suppliers.status, 'ACTIVE')));
  return store ? [{ key: 'openStore', text: `店铺「${store.storeName}」仍在营业（请联系平台客服关闭店铺）`, link: null }] : [];
}

/**
 * 注销账号: the onboarding application keeps the company's details (a closed store's goods and orders
 * point at it) but loses the people's: the legal representative's name and ID, the contact, the bank
 * account and the street address.
 */
export async function eraseMember(tx: DbOrTx, memberId: string) {
  await tx
    .update(supplierApplications)
    .set({
      legalName: null,
      legalIdSealed: null,
      legalIdMasked: null,
      addressDetail: null,
      contactName: null,
      contactMobile: null,
      bankName: null,
      bankBranch: null,
      bankAccountSealed: null,
      bankAccountMasked: null,
      licenceImage: null,
      updatedAt: new Date(),
    })
    .where(eq(supplierApplications.memberId, memberId));
}
