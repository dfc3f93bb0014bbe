import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page, StoreOrderDetail, StoreOrderRow } from '@mall/shared';
import type { ShipInput } from '../../../entities/order/components/ShipModal.tsx';
import { request } from '../../../lib/request.ts';

/**
 * 本店订单's calls (permission store:orders): the orders holding this store's lines, read and
 * shipped by the store; the server takes the store from the session, never from the request.
 */
const BASE = '/ops/store/order';
export const storeOrderKeys = { all: ['ops', 'store', 'orders'] as const };

export interface StoreOrderQuery {
  status?: string;
  orderNo?: string;
  pageNum: number;
  pageSize: number;
}

type Params = Record<string, string | number>;
const clean = (q: object) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Params;

export function useStoreOrderPage(q: StoreOrderQuery) {
  return useQuery({
    queryKey: [...storeOrderKeys.all, 'page', q],
    queryFn: ({ signal }) => request.get<Page<StoreOrderRow>>(`${BASE}/page`, clean(q), { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function useStoreOrderDetail(orderNo: string | null) {
  return useQuery({
    queryKey: [...storeOrderKeys.all, 'detail', orderNo],
    queryFn: ({ signal }) =>
      request.get<StoreOrderDetail>(`${BASE}/detail`, { orderNo: orderNo! }, { signal, silent: true }),
    enabled: orderNo !== null,
    retry: false,
  });
}

/** 发货 of this store's lines. Silent: the dialog shows the server's refusal (shipped already, not paid…). */
export function useShipStoreOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: ShipInput) => request.post<unknown>(`${BASE}/ship`, v, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: storeOrderKeys.all }),
  });
}
