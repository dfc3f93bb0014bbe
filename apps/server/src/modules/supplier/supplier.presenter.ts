import type {
  ConsoleSupplierApplicationRow,
  SupplierApplicationStatus,
  SupplierApplicationView,
  SupplierApplicationEvent,
} from '@mall/shared';
import { maskMobile } from '@mall/shared';
import type { Secrets } from '../../lib/secrets.ts';
import { resolveRegion } from '../address/index.ts';
import { licenceUrl, storeLogoUrl } from './supplier-files.ts';
import type { ApplicationRow, SupplierRow } from './supplier.repo.ts';

/** Reply shapes of onboarding: sealed numbers never leave, only their masks. */
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** 6222 **** **** 1234: the first and last four digits. */
export function maskBankAccount(account: string): string {
  return `${account.slice(0, 4)} **** **** ${account.slice(-4)}`;
}

function regionText(row: ApplicationRow): string {
  const r = resolveRegion(row.provinceCode ?? '', row.cityCode ?? '', row.districtCode ?? '');
  return typeof r === 'string' ? '' : [r.provinceName, r.cityName, r.districtName].join(' ');
}

export function presentApplication(
  row: ApplicationRow,
  secrets: Secrets,
  categoryNames: ReadonlyMap<number, string>,
  supplier: SupplierRow | undefined,
): SupplierApplicationView {
  return {
    id: row.id,
    status: row.status as SupplierApplicationStatus,
    step: row.step,
    rejectReason: row.rejectReason,
    submittedAt: iso(row.submittedAt),
    reviewedAt: iso(row.reviewedAt),
    company:
      row.step >= 1
        ? {
            companyName: row.companyName!,
            creditCode: row.creditCode!,
            licenceImage: row.licenceImage!,
            licenceUrl: licenceUrl(secrets, row.licenceImage!),
            legalName: row.legalName!,
            legalIdMasked: row.legalIdMasked!,
            provinceCode: row.provinceCode!,
            cityCode: row.cityCode!,
            districtCode: row.districtCode!,
            regionText: regionText(row),
            addressDetail: row.addressDetail!,
            contactName: row.contactName!,
            contactMobile: row.contactMobile!,
          }
        : null,
    bank:
      row.step >= 2
        ? {
            accountName: row.companyName!,
            bankName: row.bankName!,
            bankBranch: row.bankBranch!,
            accountMasked: row.bankAccountMasked!,
          }
        : null,
    store:
      row.step >= 3
        ? {
            storeName: row.storeName!,
            storeLogo: row.storeLogo!,
            storeLogoUrl: storeLogoUrl(row.storeLogo!),
            categoryIds: row.storeCategoryIds,
            categoryNames: row.storeCategoryIds.map((id) => categoryNames.get(id) ?? '（类目已删除）'),
            storeDescription: row.storeDescription ?? '',
          }
        : null,
    supplier: supplier ? { id: supplier.id, storeName: supplier.storeName } : null,
  };
}

export function presentRow(row: ApplicationRow): ConsoleSupplierApplicationRow {
  return {
    id: row.id,
    status: row.status as SupplierApplicationStatus,
    companyName: row.companyName,
    storeName: row.storeName,
    contactName: row.contactName,
    contactMobileMasked: maskMobile(row.contactMobile),
    submittedAt: iso(row.submittedAt),
    reviewedAt: iso(row.reviewedAt),
    reviewedBy: row.reviewedBy,
  };
}

const ACTIONS: Record<string, string> = { SUBMIT: '提交申请', APPROVE: '审核通过', REJECT: '审核驳回' };

export function presentEvent(e: {
  action: string;
  byName: string | null;
  reason: string | null;
  createdAt: Date;
}): SupplierApplicationEvent {
  return { at: e.createdAt.toISOString(), action: ACTIONS[e.action] ?? e.action, by: e.byName, reason: e.reason };
}
