import { sql } from 'drizzle-orm';
import { Code, type SupplierApplicationStatus, type SupplierApplicationView, type SupplierUpload } from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTx } from '../../lib/db.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { sealText } from '../../lib/secrets.ts';
import { resolveRegion } from '../address/index.ts';
import { categoryTree } from '../catalog/catalog.service.ts';
import { checkIdNumber, maskIdNumber } from '../realname/index.ts';
import { maskBankAccount, presentApplication } from './supplier.presenter.ts';
import * as repo from './supplier.repo.ts';
import type { BankInput, CompanyInput, StoreInput } from './supplier.schema.ts';
import { licenceUrl, ownsSupplierImage, storeLogoUrl, storeSupplierImage, type SupplierFileKind } from './supplier-files.ts';
import { nextSupplierStatus, statesAllowing, type SupplierEvent } from './supplier-states.ts';

/**
 * 供应商入驻, the member's side: one application per member, filled in three steps (company, bank
 * account, store) saved as a draft between visits, then submitted for review. Each save and the
 * submit is one conditional update from the states the transition table allows.
 */
export const stateRefused = (message: string) => new AppError(Code.SUPPLIER_APPLICATION_STATE, message);
const stepMissing = (message: string) => new AppError(Code.SUPPLIER_STEP_MISSING, message);
export const nameTaken = () => new AppError(Code.SUPPLIER_STORE_NAME_TAKEN, '店铺名称已被使用');

/** Top-level categories by id: what a store may sell. */
export async function topCategories(ctx: AppContext): Promise<Map<number, string>> {
  return new Map((await categoryTree(ctx)).map((c) => [c.id, c.name]));
}

export async function presentFor(ctx: AppContext, db: DbOrTx, row: repo.ApplicationRow): Promise<SupplierApplicationView> {
  const [categories, supplier] = await Promise.all([topCategories(ctx), repo.supplierOfMember(db, row.memberId)]);
  return presentApplication(row, ctx.secrets, categories, supplier);
}

export async function application(ctx: AppContext, memberId: string): Promise<SupplierApplicationView | null> {
  const row = await repo.findByMember(ctx.db, memberId);
  return row ? presentFor(ctx, ctx.db, row) : null;
}

export async function uploadImage(
  ctx: AppContext,
  memberId: string,
  kind: SupplierFileKind,
  file: { bytes: Buffer; ext: string },
): Promise<SupplierUpload> {
  const name = await storeSupplierImage(ctx.config, ctx.secrets, memberId, kind, file.bytes, file.ext);
  return { name, url: kind === 'licence' ? licenceUrl(ctx.secrets, name) : storeLogoUrl(name) };
}

/** The refusal of `event` for an application found in `status`. */
function refusal(status: SupplierApplicationStatus, event: SupplierEvent): AppError {
  const move = nextSupplierStatus(status, event);
  return stateRefused(move.ok ? '申请状态已变化，请刷新后重试' : move.message);
}

/**
 * Saves one step: allowed while DRAFT or REJECTED (a rejected application stays rejected, its
 * reason shown, until resubmitted); the step before must be saved.
 */
async function saveStep(
  ctx: AppContext,
  memberId: string,
  step: 1 | 2 | 3,
  values: repo.ApplicationValues,
  inside?: (tx: DbOrTx) => Promise<void>,
): Promise<SupplierApplicationView> {
  const saved = await ctx.db.transaction(async (tx) => {
    const current = step === 1 ? await repo.ensureDraft(tx, memberId) : await repo.findByMember(tx, memberId);
    const status = current?.status as SupplierApplicationStatus | undefined;
    if (status && !nextSupplierStatus(status, 'save').ok) throw refusal(status, 'save');
    if (!current || current.step < step - 1) {
      throw stepMissing(step === 2 ? '请先填写公司信息' : '请先填写银行账户信息');
    }
    await inside?.(tx);
    const moved = await repo.moveApplication(
      tx,
      { memberId, from: statesAllowing('save'), minStep: step - 1 },
      { ...values, step: sql`greatest(${step}, step)` as unknown as number },
    );
    if (!moved) {
      const now = await repo.findByMember(tx, memberId);
      throw now ? refusal(now.status as SupplierApplicationStatus, 'save') : stepMissing('请先填写公司信息');
    }
    return moved;
  });
  // Read after the transaction: on the embedded database the catalogue's reads share its one connection.
  return presentFor(ctx, ctx.db, saved);
}

export async function saveCompany(ctx: AppContext, memberId: string, input: CompanyInput) {
  const id = checkIdNumber(input.legalIdNumber);
  if (!id.ok) throw badRequest(`法人${id.message}`);
  const region = resolveRegion(input.provinceCode, input.cityCode, input.districtCode);
  if (typeof region === 'string') throw badRequest(region);
  if (!(await ownsSupplierImage(ctx.config, ctx.secrets, memberId, 'licence', input.licenceImage))) {
    throw badRequest('营业执照不正确，请重新上传');
  }
  return saveStep(ctx, memberId, 1, {
    companyName: input.companyName,
    creditCode: input.creditCode,
    licenceImage: input.licenceImage,
    legalName: input.legalName,
    legalIdSealed: sealText(ctx.secrets, `supplier-legal:${memberId}`, id.value),
    legalIdMasked: maskIdNumber(id.value),
    provinceCode: region.provinceCode,
    cityCode: region.cityCode,
    districtCode: region.districtCode,
    addressDetail: input.addressDetail,
    contactName: input.contactName,
    contactMobile: input.contactMobile,
  });
}

export async function saveBank(ctx: AppContext, memberId: string, input: BankInput) {
  return saveStep(ctx, memberId, 2, {
    bankName: input.bankName,
    bankBranch: input.bankBranch,
    bankAccountSealed: sealText(ctx.secrets, `supplier-bank:${memberId}`, input.bankAccount),
    bankAccountMasked: maskBankAccount(input.bankAccount),
  });
}

async function checkCategories(ctx: AppContext, ids: number[]) {
  const top = await topCategories(ctx);
  const unknown = ids.find((id) => !top.has(id));
  if (unknown !== undefined) throw badRequest('经营类目不存在，请重新选择');
}

/** The name is free unless a store or another member's application under review has it (any case). */
export async function claimStoreName(tx: DbOrTx, storeName: string, memberId: string) {
  await repo.lockStoreName(tx, storeName);
  if (await repo.storeNameTaken(tx, storeName, memberId)) throw nameTaken();
}

export async function saveStore(ctx: AppContext, memberId: string, input: StoreInput) {
  await checkCategories(ctx, input.categoryIds);
  if (!(await ownsSupplierImage(ctx.config, ctx.secrets, memberId, 'logo', input.storeLogo))) {
    throw badRequest('店铺 Logo 不正确，请重新上传');
  }
  return saveStep(
    ctx,
    memberId,
    3,
    {
      storeName: input.storeName,
      storeLogo: input.storeLogo,
      storeCategoryIds: input.categoryIds,
      storeDescription: input.storeDescription,
    },
    (tx) => claimStoreName(tx, input.storeName, memberId),
  );
}

/** 提交审核: all three steps saved, the name still free and the categories still there; once. */
export async function submit(ctx: AppContext, memberId: string): Promise<SupplierApplicationView> {
  const top = await topCategories(ctx);
  const moved = await ctx.db.transaction(async (tx) => {
    const current = await repo.findByMember(tx, memberId);
    if (!current) throw stepMissing('请先填写入驻申请');
    const status = current.status as SupplierApplicationStatus;
    if (!nextSupplierStatus(status, 'submit').ok) throw refusal(status, 'submit');
    if (current.step < 3) throw stepMissing(current.step === 2 ? '请先填写店铺信息' : current.step === 1 ? '请先填写银行账户信息' : '请先填写公司信息');
    if (current.storeCategoryIds.some((id) => !top.has(id))) throw badRequest('经营类目不存在，请重新选择');
    await claimStoreName(tx, current.storeName!, memberId);
    const moved = await repo.moveApplication(
      tx,
      { memberId, from: statesAllowing('submit'), minStep: 3 },
      { status: 'PENDING', submittedAt: new Date(), rejectReason: null, reviewedAt: null, reviewedBy: null },
    );
    if (!moved) throw refusal(((await repo.findByMember(tx, memberId))?.status ?? 'PENDING') as SupplierApplicationStatus, 'submit');
    await repo.insertEvent(tx, { applicationId: moved.id, action: 'SUBMIT', byName: null, reason: null });
    return moved;
  });
  return presentFor(ctx, ctx.db, moved);
}
