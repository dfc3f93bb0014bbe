import {
  maskMobile,
  SUPPLIER_ROLE,
  type ConsoleSupplierApplicationDetail,
  type ConsoleSupplierApplicationPage,
  type ConsoleSupplierPage,
  type SupplierApproveResult,
} from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { currentMember, grantRole, memberDisplayNames } from '../accounts/accounts.service.ts';
import { createStoreAccount } from '../operators/operators.service.ts';
import { presentEvent, presentRow } from './supplier.presenter.ts';
import * as repo from './supplier.repo.ts';
import { storeLogoUrl } from './supplier-files.ts';
import { claimStoreName, presentFor, stateRefused } from './supplier.service.ts';
import { statesAllowing } from './supplier-states.ts';

/**
 * 供应商审核, the console's side: the list of submitted applications, one application whole (the
 * licence through a signed link, numbers masked), approving (the store, its console account and the
 * member's role in one transaction) and rejecting with a reason. Both decisions are conditional
 * updates from 审核中, so approving twice makes one store.
 */
const changed = () => stateRefused('申请状态已变化，请刷新后重试');

export async function opsPage(
  ctx: AppContext,
  q: repo.ApplicationFilter & { pageNum: number; pageSize: number },
): Promise<ConsoleSupplierApplicationPage> {
  const { list, total } = await repo.pageApplications(ctx.db, q, q.pageNum, q.pageSize);
  return { list: list.map(presentRow), total, pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function opsDetail(ctx: AppContext, id: string): Promise<ConsoleSupplierApplicationDetail> {
  const row = await repo.findById(ctx.db, id);
  // A draft is the member's own until submitted.
  if (!row || row.status === 'DRAFT') throw notFound('申请不存在');
  const [view, member, events] = await Promise.all([
    presentFor(ctx, ctx.db, row),
    currentMember(ctx, row.memberId),
    repo.eventsOf(ctx.db, row.id),
  ]);
  return {
    ...view,
    member: { id: member.id, username: member.username ?? '', mobileMasked: maskMobile(member.mobile) },
    reviewedBy: row.reviewedBy,
    actions: row.status === 'PENDING' ? ['approve', 'reject'] : [],
    history: events.map(presentEvent),
  };
}

/**
 * 通过: 审核中 → 已通过 once; the store (its name still free), its console account (the operators
 * module's createStoreAccount) and the member's role `supplier`, all in one transaction.
 */
export async function approve(ctx: AppContext, id: string, by: string): Promise<SupplierApproveResult> {
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.findById(tx, id))) throw notFound('申请不存在');
    const row = await repo.moveApplication(
      tx,
      { id, from: statesAllowing('approve'), minStep: 3 },
      { status: 'APPROVED', reviewedBy: by, reviewedAt: new Date() },
    );
    if (!row) throw changed();
    await claimStoreName(tx, row.storeName!, row.memberId);
    const operatorId = await createStoreAccount(tx, { storeName: row.storeName! });
    const store = await repo.insertSupplier(tx, {
      memberId: row.memberId,
      applicationId: row.id,
      operatorId,
      storeName: row.storeName!,
      storeLogo: row.storeLogo!,
      storeDescription: row.storeDescription ?? '',
      categoryIds: row.storeCategoryIds,
      companyName: row.companyName!,
    });
    await grantRole(tx, row.memberId, SUPPLIER_ROLE);
    await repo.insertEvent(tx, { applicationId: row.id, action: 'APPROVE', byName: by, reason: null });
    return { supplierId: store.id, storeName: store.storeName };
  });
}

/** 驳回 with a reason the member reads; the member edits and resubmits the same application. */
export async function reject(ctx: AppContext, id: string, reason: string, by: string) {
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.findById(tx, id))) throw notFound('申请不存在');
    const row = await repo.moveApplication(
      tx,
      { id, from: statesAllowing('reject') },
      { status: 'REJECTED', rejectReason: reason, reviewedBy: by, reviewedAt: new Date() },
    );
    if (!row) throw changed();
    await repo.insertEvent(tx, { applicationId: row.id, action: 'REJECT', byName: by, reason });
    return { id: row.id, status: row.status };
  });
}

export async function storePage(
  ctx: AppContext,
  q: repo.StoreFilter & { pageNum: number; pageSize: number },
): Promise<ConsoleSupplierPage> {
  const { list, total } = await repo.pageSuppliers(ctx.db, q, q.pageNum, q.pageSize);
  const names = await memberDisplayNames(
    ctx.db,
    list.map((r) => r.supplier.memberId),
  );
  return {
    list: list.map(({ supplier: s, goodsCount }) => {
      const who = names.get(s.memberId);
      return {
        id: s.id,
        storeName: s.storeName,
        storeLogoUrl: storeLogoUrl(s.storeLogo),
        companyName: s.companyName,
        memberMasked:
          who?.mobile && who.name !== maskMobile(who.mobile) ? `${who.name}（${maskMobile(who.mobile)}）` : (who?.name ?? '会员'),
        goodsCount,
        status: s.status as 'ACTIVE' | 'DISABLED',
        createdAt: s.createdAt.toISOString(),
      };
    }),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}
