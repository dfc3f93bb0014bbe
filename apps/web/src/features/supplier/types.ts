/**
 * 供应商入驻: the application as `GET /member/supplier/application` answers it (shared reply types),
 * and the bodies of the three step saves.
 */
export type {
  SupplierApplicationStatus,
  SupplierApplicationView,
  SupplierBankView,
  SupplierCompanyView,
  SupplierStoreView,
} from '@mall/shared';

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
