/** Replies of supplier onboarding (供应商入驻): the member's application and the console's review. */

export const SUPPLIER_APPLICATION_STATUSES = ['DRAFT', 'PENDING', 'APPROVED', 'REJECTED'] as const;
export type SupplierApplicationStatus = (typeof SUPPLIER_APPLICATION_STATUSES)[number];
export const SUPPLIER_APPLICATION_STATUS_NAMES: Record<SupplierApplicationStatus, string> = {
  DRAFT: '草稿',
  PENDING: '审核中',
  APPROVED: '已通过',
  REJECTED: '已驳回',
};
export const SUPPLIER_STATUS_NAMES: Record<'ACTIVE' | 'DISABLED', string> = { ACTIVE: '营业中', DISABLED: '已停用' };
/** The member role an approval gives. */
export const SUPPLIER_ROLE = 'supplier';
/** Field limits shared by the form and the server. */
export const SUPPLIER_LIMITS = {
  companyName: [2, 50],
  legalName: [2, 20],
  addressDetail: [1, 120],
  contactName: [2, 20],
  bankName: [2, 30],
  bankBranch: [2, 50],
  bankAccount: [12, 30],
  storeName: [2, 30],
  storeDescription: [0, 500],
  categories: [1, 10],
  rejectReason: [1, 200],
} as const;

export interface SupplierCompanyView {
  companyName: string;
  creditCode: string;
  /** The stored name of the licence image (send it back when re-saving step 1). */
  licenceImage: string;
  /** A signed link valid for 10 minutes. */
  licenceUrl: string;
  legalName: string;
  /** 1****************X: the number never comes back whole; re-saving step 1 re-sends it. */
  legalIdMasked: string;
  provinceCode: string;
  cityCode: string;
  districtCode: string;
  /** 浙江省 杭州市 西湖区 */
  regionText: string;
  addressDetail: string;
  contactName: string;
  contactMobile: string;
}

export interface SupplierBankView {
  /** The company name: the account must be the company's own. */
  accountName: string;
  bankName: string;
  bankBranch: string;
  /** 6222 **** **** 1234: the number never comes back whole. */
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
  /** The furthest step saved (0 none, 1 company, 2 bank account, 3 store): where the form reopens. */
  step: number;
  rejectReason: string | null;
  submittedAt: string | null;
  reviewedAt: string | null;
  company: SupplierCompanyView | null;
  bank: SupplierBankView | null;
  store: SupplierStoreView | null;
  /** The store made by the approval. */
  supplier: { id: string; storeName: string } | null;
}

export interface SupplierUpload {
  name: string;
  url: string;
}

/* ---- the console (供应商审核) ---- */

export interface ConsoleSupplierApplicationRow {
  id: string;
  status: SupplierApplicationStatus;
  companyName: string | null;
  storeName: string | null;
  contactName: string | null;
  contactMobileMasked: string;
  submittedAt: string | null;
  reviewedAt: string | null;
  reviewedBy: string | null;
}

export interface ConsoleSupplierApplicationPage {
  list: ConsoleSupplierApplicationRow[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** One moment of an application's life, newest last. */
export interface SupplierApplicationEvent {
  at: string;
  /** 提交申请 / 审核通过 / 审核驳回 */
  action: string;
  by: string | null;
  reason: string | null;
}

export interface ConsoleSupplierApplicationDetail extends SupplierApplicationView {
  member: { id: string; username: string; mobileMasked: string };
  reviewedBy: string | null;
  /** The operator may approve or reject (PENDING only). */
  actions: ('approve' | 'reject')[];
  history: SupplierApplicationEvent[];
}

export interface ConsoleSupplierRow {
  id: string;
  storeName: string;
  storeLogoUrl: string;
  companyName: string;
  /** The owner: username, or the masked mobile. */
  memberMasked: string;
  goodsCount: number;
  status: 'ACTIVE' | 'DISABLED';
  createdAt: string;
}

export interface ConsoleSupplierPage {
  list: ConsoleSupplierRow[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export interface SupplierApproveResult {
  supplierId: string;
  storeName: string;
}
