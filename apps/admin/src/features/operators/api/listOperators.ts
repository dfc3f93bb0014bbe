import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/request.ts';
import type { OperatorRow, Page } from '../types.ts';
import { operatorsKeys } from './operatorsKeys.ts';

export function useOperators(q: { keyword?: string; pageNum: number; pageSize: number }) {
  return useQuery({
    queryKey: operatorsKeys.list(q),
    queryFn: ({ signal }) => request.get<Page<OperatorRow>>('/ops/operator/list', q, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}
