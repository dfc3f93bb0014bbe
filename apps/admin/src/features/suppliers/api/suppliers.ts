import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';

/**
 * 供应商审核's calls (apps/server/src/modules/supplier, permission supplier:review): applications
 * to open a store, their review, and the stores opened. Reads are silent (the screen shows a failure
 * with 重试); writes invalidate the whole area so a state moved on elsewhere shows.
 */
const BASE = '/ops/supplier';
export const supplierKeys = {
  all: ['ops', 'supplier'] as const,
  applications: ['ops', 'supplier', 'applications'] as const,
  stores: ['ops', 'supplier', 'stores'] as const,
};

export const SUPPLIER_APPLICATION_STATUSES = ['PENDING', 'REJECTED', 'APPROVED', 'DRAFT'] as const;
export type SupplierApplicationStatus = (typeof SUPPLIER_APPLICATION_STATUSES)[number];
export const SUPPLIER_APPLICATION_STATUS_NAMES: Record<SupplierApplicationStatus, string> = {
  PENDING: '待审核',
  REJECTED: '已驳回',
  APPROVED: '已通过',
  DRAFT: '填写中',
};

export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export interface SupplierApplicationRow {
  id: number;
  status: SupplierApplicationStatus;
  companyName: string | null;
  storeName: string | null;
  contactName: string | null;
  contactMobileMasked: string | null;
  submittedAt: string | null;
  reviewedAt: string | null;
  reviewedBy: string | null;
}

export interface SupplierHistoryEntry {
  action?: string;
  status?: string;
  text?: string;
  reason?: string | null;
  by?: string | null;
  at: string;
}

/** The whole application as a reviewer reads it (masked where the law of the shop says so). */
export interface SupplierApplicationDetail {
  id: number;
  status: SupplierApplicationStatus;
  rejectReason: string | null;
  submittedAt: string | null;
  reviewedAt: string | null;
  reviewedBy?: string | null;
  member?: { username?: string | null; usernameMasked?: string | null; mobileMasked?: string | null } | null;
  company: {
    companyName: string;
    creditCode: string;
    licenceImage?: string;
    licenceUrl: string | null;
    legalName: string;
    legalIdMasked: string;
    regionText: string;
    addressDetail: string;
    contactName: string;
    contactMobile?: string;
    contactMobileMasked?: string;
  } | null;
  bank: { accountName: string; bankName: string; bankBranch: string; accountMasked: string } | null;
  store: {
    storeName: string;
    storeLogo?: string;
    storeLogoUrl: string | null;
    categoryIds?: number[];
    categoryNames: string[];
    storeDescription: string;
  } | null;
  supplier?: { id: number | string; storeName: string } | null;
  history?: SupplierHistoryEntry[];
}

export interface SupplierStoreRow {
  id: number | string;
  storeName: string;
  companyName: string;
  memberMasked: string;
  goodsCount: number;
  status: string;
  createdAt: string;
}

export interface ApplicationQuery {
  status?: SupplierApplicationStatus;
  keyword?: string;
  pageNum: number;
  pageSize: number;
}

type Params = Record<string, string | number | undefined>;
const clean = (q: object) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Params;

export function useSupplierApplicationPage(q: ApplicationQuery) {
  return useQuery({
    queryKey: [...supplierKeys.applications, 'page', q],
    queryFn: ({ signal }) =>
      request.get<Page<SupplierApplicationRow>>(`${BASE}/application/page`, clean(q), { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function useSupplierApplicationDetail(id: number | null) {
  return useQuery({
    queryKey: [...supplierKeys.applications, 'detail', id],
    queryFn: ({ signal }) =>
      request.get<SupplierApplicationDetail>(`${BASE}/application/detail`, { id: id! }, { signal, silent: true }),
    enabled: id !== null,
    retry: false,
    // The licence link lives 10 minutes: read again well before it runs out.
    staleTime: 0,
    refetchInterval: 5 * 60_000,
  });
}

export function useSupplierStorePage(q: { keyword?: string; pageNum: number; pageSize: number }) {
  return useQuery({
    queryKey: [...supplierKeys.stores, 'page', q],
    queryFn: ({ signal }) => request.get<Page<SupplierStoreRow>>(`${BASE}/page`, clean(q), { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

function useWrite<V, R>(url: string, silent: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => request.post<R>(`${BASE}/${url}`, v, { silent }),
    // Whatever the answer (a colleague may have decided first), read the area again.
    onSettled: () => client.invalidateQueries({ queryKey: supplierKeys.all }),
  });
}

/** 通过: a refusal (the state moved on) is the request helper's toast; the list is read again. */
export const useApproveSupplier = () =>
  useWrite<{ id: number }, { supplierId: number | string; storeName: string }>('application/approve', false);
/** 驳回 is a dialog: it shows the refusal itself. */
export const useRejectSupplier = () => useWrite<{ id: number; reason: string }, unknown>('application/reject', true);
