import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DistributionIncome,
  DistributionLedgerEntry,
  DistributionPage,
  DistributionProgramme,
  PromoterTeam,
  WithdrawalMethod,
  WithdrawalView,
} from '@mall/shared';
import { request } from '../../../lib/request.ts';
import { distributionKeys } from './keys.ts';

export const INCOME_PAGE_SIZE = 10;

export function useIncomeSummary(programme: DistributionProgramme) {
  return useQuery({
    queryKey: distributionKeys.summary(programme),
    queryFn: () => request.get<DistributionIncome>('/member/distribution/income/summary', { programme }, { silent: true }),
    staleTime: 0,
  });
}

export function useLedger(programme: DistributionProgramme, pageNum: number) {
  return useQuery({
    queryKey: distributionKeys.ledger(programme, pageNum),
    queryFn: () =>
      request.get<DistributionPage<DistributionLedgerEntry>>(
        '/member/distribution/income/ledger',
        { programme, pageNum, pageSize: INCOME_PAGE_SIZE },
        { silent: true },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useWithdrawals(programme: DistributionProgramme, pageNum: number) {
  return useQuery({
    queryKey: distributionKeys.withdrawals(programme, pageNum),
    queryFn: () =>
      request.get<DistributionPage<WithdrawalView>>(
        '/member/distribution/withdrawal/page',
        { programme, pageNum, pageSize: INCOME_PAGE_SIZE },
        { silent: true },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export type TeamTier = 'ALL' | 'DIRECT' | 'INDIRECT';

/** 推广: the member's team (direct and indirect), names masked by the server. */
export function useTeam(tier: TeamTier, pageNum: number) {
  return useQuery({
    queryKey: distributionKeys.team(tier, pageNum),
    queryFn: () =>
      request.get<PromoterTeam>(
        '/member/distribution/team',
        { tier: tier === 'ALL' ? undefined : tier, pageNum, pageSize: INCOME_PAGE_SIZE },
        { silent: true },
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export interface WithdrawInput {
  programme: DistributionProgramme;
  amountFen: number;
  method: WithdrawalMethod;
  accountName: string;
  accountNo: string;
  bankName?: string;
}

/** 提现: balances, ledger and withdrawals are read again whatever the answer (it may have changed meanwhile). */
export function useWithdraw(programme: DistributionProgramme) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WithdrawInput) =>
      request.post<WithdrawalView>('/member/distribution/withdraw', input, { silent: true }),
    onSettled: () => void client.invalidateQueries({ queryKey: distributionKeys.income(programme) }),
  });
}
