import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ConsoleSupplierApplicationDetail,
  ConsoleSupplierApplicationPage,
  ConsoleSupplierPage,
  SupplierApplicationStatus,
  SupplierApproveResult,
} from '@mall/shared';
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

/** The tabs' states, 待审核 first (DRAFT is the applicant's own business until submitted). */
export const REVIEW_TABS = ['PENDING', 'REJECTED', 'APPROVED'] as const satisfies readonly SupplierApplicationStatus[];

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
      request.get<ConsoleSupplierApplicationPage>(`${BASE}/application/page`, clean(q), { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function useSupplierApplicationDetail(id: string | null) {
  return useQuery({
    queryKey: [...supplierKeys.applications, 'detail', id],
    queryFn: ({ signal }) =>
      request.get<ConsoleSupplierApplicationDetail>(
        `${BASE}/application/detail`,
        { id: id! },
        { signal, silent: true },
      ),
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
    queryFn: ({ signal }) => request.get<ConsoleSupplierPage>(`${BASE}/page`, clean(q), { signal, silent: true }),
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
export const useApproveSupplier = () => useWrite<{ id: string }, SupplierApproveResult>('application/approve', false);
/** 驳回 is a dialog: it shows the refusal itself. */
export const useRejectSupplier = () => useWrite<{ id: string; reason: string }, unknown>('application/reject', true);
