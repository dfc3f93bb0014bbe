/**
 * The member's 供应商入驻 application as `GET /member/supplier/application` answers it (the shared
 * SupplierApplicationView of issue 15's contract). Times are ISO 8601 in UTC.
 */
export type SupplierApplicationStatus = 'DRAFT' | 'PENDING' | 'APPROVED' | 'REJECTED';

export interface SupplierCompanyView {
  companyName: string;
  creditCode: string;
  licenceImage: string;
  /** A signed link valid for 10 minutes. */
  licenceUrl: string;
  legalName: string;
  /** The number never comes back whole: re-saving step 1 re-sends it. */
  legalIdMasked: string;
  provinceCode: string;
  cityCode: string;
  districtCode: string;
  regionText: string;
  addressDetail: string;
  contactName: string;
  contactMobile: string;
}

export interface SupplierBankView {
  accountName: string;
  bankName: string;
  bankBranch: string;
  /** 6222 **** **** 1234: never whole; re-saving step 2 re-sends it. */
  accountMasked: string;
}

export interface SupplierStoreView {
  storeName: string;
  storeLogo: string;
  storeLogoUrl: string;
  categoryIds: number[];
  categoryNames: string[];
  storeDescription: string;
}

export interface SupplierApplicationView {
  id: string;
  status: SupplierApplicationStatus;
  /** The furthest step saved (0 none, 1 company, 2 bank account, 3 store). */
  step: number;
  rejectReason: string | null;
  submittedAt: string | null;
  reviewedAt: string | null;
  company: SupplierCompanyView | null;
  bank: SupplierBankView | null;
  store: SupplierStoreView | null;
  supplier: { id: string; storeName: string } | null;
}

export interface CompanyInput {
  companyName: string;
  creditCode: string;
  licenceImage: string;
  legalName: string;
  legalIdNumber: string;
  provinceCode: string;
  cityCode: string;
  districtCode: string;
  addressDetail: string;
  contactName: string;
  contactMobile: string;
}

export interface BankInput {
  bankName: string;
  bankBranch: string;
  bankAccount: string;
}

export interface StoreInput {
  storeName: string;
  storeLogo: string;
  categoryIds: number[];
  storeDescription: string;
}

/** The three steps of the form, in order; index 3 is 确认提交. */
export const STEP_TITLES = ['企业信息', '结算账户', '店铺信息'] as const;
