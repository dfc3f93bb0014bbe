import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ConsoleStockLedgerRow, Page, StockLedgerKind } from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { inventoryKeys } from './inventoryKeys.ts';

export interface LedgerQuery {
  skuId?: number;
  goodsId?: number;
  kind?: StockLedgerKind;
  refNo?: string;
  pageNum: number;
  pageSize: number;
}

export function getLedger(q: LedgerQuery, signal?: AbortSignal) {
  return request.get<Page<ConsoleStockLedgerRow>>('/ops/inventory/ledger', { ...q }, { signal, silent: true });
}

/** 库存流水, newest first. */
export function useLedger(q: LedgerQuery) {
  return useQuery({
    queryKey: inventoryKeys.ledger(q),
    queryFn: ({ signal }) => getLedger(q, signal),
    placeholderData: keepPreviousData,
  });
}
