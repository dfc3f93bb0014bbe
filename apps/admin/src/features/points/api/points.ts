import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsolePointsMallGoods, ConsolePointsMallPage, PointsLedgerPage } from '@mall/shared';
import { request } from '../../../lib/request.ts';

/** 积分设置 as the server keeps it (modules/points/points-settings.ts). */
export interface PointsSettingsValue {
  signInPoints: number;
  streakBonuses: { days: number; points: number }[];
  taskPoints: { FIRST_ORDER: number; PROFILE: number; MOBILE: number };
  pointsPerYuan: number;
  fenPer100Points: number;
  maxDeductPercent: number;
  expiryYears: number;
}

export interface MallQuery {
  shelf: 'ALL' | 'ON' | 'OFF';
  category?: string;
  pageNum: number;
  pageSize: number;
}

export interface MallInput {
  category: string;
  pointsPrice: number;
  cashFen: number;
  stock: number;
  perMemberLimit: number;
  sort: number;
  onShelf: boolean;
}

export interface MemberPoints {
  memberId: string;
  balance: number;
  totalEarned: number;
  totalUsed: number;
  expiringSoon: { points: number; expiresAt: string | null };
  ledger: PointsLedgerPage;
}

const keys = {
  all: ['ops', 'points'] as const,
  mall: (q: MallQuery) => ['ops', 'points', 'mall', q] as const,
  settings: ['ops', 'points', 'settings'] as const,
  member: (memberId: string, pageNum: number) => ['ops', 'points', 'member', memberId, pageNum] as const,
};

export function useMallPage(q: MallQuery) {
  return useQuery({
    queryKey: keys.mall(q),
    queryFn: ({ signal }) => request.get<ConsolePointsMallPage>('/ops/points/mall/page', { ...q }, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

function useMallWrite<V>(url: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => request.post<ConsolePointsMallGoods>(url, v, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: ['ops', 'points', 'mall'] }),
  });
}
export const useCreateMallGoods = () => useMallWrite<MallInput & { skuId: number }>('/ops/points/mall/create');
export const useUpdateMallGoods = () => useMallWrite<MallInput & { id: number }>('/ops/points/mall/update');
export const useShelfMallGoods = () => useMallWrite<{ id: number; onShelf: boolean }>('/ops/points/mall/shelf');

export function usePointsSettings() {
  return useQuery({
    queryKey: keys.settings,
    queryFn: ({ signal }) =>
      request.get<{ value: PointsSettingsValue; default: PointsSettingsValue; rules: string[] }>('/ops/points/settings', undefined, {
        signal,
        silent: true,
      }),
  });
}

export function useSavePointsSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (value: PointsSettingsValue) =>
      request.post<{ value: PointsSettingsValue; rules: string[] }>('/ops/points/settings/save', { value }, { silent: true }),
    onSuccess: (saved) =>
      client.setQueryData(keys.settings, (old: { default: PointsSettingsValue } | undefined) => (old ? { ...old, ...saved } : old)),
  });
}

export function useMemberPoints(memberId: string | null, pageNum: number) {
  return useQuery({
    queryKey: keys.member(memberId ?? '', pageNum),
    queryFn: ({ signal }) =>
      request.get<MemberPoints>('/ops/points/member', { memberId: memberId!, pageNum, pageSize: 10 }, { signal, silent: true }),
    enabled: Boolean(memberId),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useAdjustPoints() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { memberId: string; amount: number; reason: string }) =>
      request.post<{ memberId: string; amount: number; balance: number }>('/ops/points/adjust', v, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: ['ops', 'points', 'member'] }),
  });
}
