import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PointsBalance, PointsLedgerPage } from '@mall/shared';
import { request } from '../../../lib/request.ts';

export type LedgerType = 'ALL' | 'IN' | 'OUT';
export const LEDGER_PAGE_SIZE = 10;

/** Keys under the points area's own prefix, so a 签到 on /points refreshes 我的积分 too. */
const memberPointsKeys = {
  balance: ['points', 'member', 'balance'] as const,
  ledger: (type: LedgerType, pageNum: number) => ['points', 'member', 'ledger', type, pageNum] as const,
};

export function useMemberPointsBalance() {
  return useQuery({
    queryKey: memberPointsKeys.balance,
    queryFn: () => request.get<PointsBalance>('/member/points/account/balance', undefined, { silent: true }),
    staleTime: 0,
  });
}

export function usePointsLedger(type: LedgerType, pageNum: number) {
  return useQuery({
    queryKey: memberPointsKeys.ledger(type, pageNum),
    queryFn: () =>
      request.get<PointsLedgerPage>('/member/points/ledger/page', { type, pageNum, pageSize: LEDGER_PAGE_SIZE }, { silent: true }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
