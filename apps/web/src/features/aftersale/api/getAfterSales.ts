import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, type AfterSale, type AfterSaleDetail, type AfterSaleStatus, type Page } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { afterSaleKeys } from './afterSaleKeys.ts';

/** A tab of 售后订单: 全部, or one status. */
export interface AfterSaleQuery {
  status: 'ALL' | AfterSaleStatus;
  pageNum: number;
}

export function getAfterSales(q: AfterSaleQuery) {
  return request.get<Page<AfterSale>>('/member/order/afterSale/page', { ...q, pageSize: DEFAULT_PAGE_SIZE });
}

export function useAfterSales(q: AfterSaleQuery) {
  return useQuery({ queryKey: afterSaleKeys.page(q), queryFn: () => getAfterSales(q), placeholderData: keepPreviousData, staleTime: 0 });
}

export function getAfterSale(id: string) {
  return request.get<AfterSaleDetail>('/member/order/afterSale/detail', { id }, { silent: true });
}

export function useAfterSale(id: string | undefined) {
  return useQuery({ queryKey: afterSaleKeys.detail(id ?? ''), queryFn: () => getAfterSale(id!), enabled: Boolean(id), staleTime: 0 });
}
