import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ApplicationStatus,
  ConsoleApplication,
  ConsoleApplicationPage,
  ConsoleWithdrawal,
  DistributionPage,
  DistributionProgramme,
  WithdrawalStatusCode,
} from '@mall/shared';
import { request } from '../../../lib/request.ts';

/**
 * The console's 分销 calls (apps/server/src/modules/ops/ops-distribution.routes.ts): applications,
 * goods and levels (distribution:manage), withdrawals (withdrawal:review). Reads are silent (the
 * screens show a failure with 重试); writes invalidate their area so a state moved on elsewhere shows.
 */
const BASE = '/ops/distribution';

const keys = {
  applications: ['ops', 'distribution', 'applications'] as const,
  goods: ['ops', 'distribution', 'goods'] as const,
  levels: ['ops', 'distribution', 'levels'] as const,
  withdrawals: ['ops', 'distribution', 'withdrawals'] as const,
};

type Params = Record<string, string | number | undefined>;
const clean = (q: object) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Params;

/* ---- 分销申请 ---- */

export interface ApplicationQuery {
  programme?: DistributionProgramme;
  status?: ApplicationStatus;
  keyword?: string;
  pageNum: number;
  pageSize: number;
}

export function useApplicationPage(q: ApplicationQuery) {
  return useQuery({
    queryKey: [...keys.applications, 'page', q],
    queryFn: ({ signal }) =>
      request.get<ConsoleApplicationPage>(`${BASE}/application/page`, clean(q), { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function useApplicationDetail(id: number | null) {
  return useQuery({
    queryKey: [...keys.applications, 'detail', id],
    queryFn: ({ signal }) =>
      request.get<ConsoleApplication>(`${BASE}/application/detail`, { id: id! }, { signal, silent: true }),
    enabled: id !== null,
    retry: false,
  });
}

/** The member's applications (newest first): found by the whole mobile, kept to the same member. */
export function useApplicationHistory(a: ConsoleApplication | undefined) {
  return useQuery({
    queryKey: [...keys.applications, 'history', a?.memberId, a?.mobile],
    queryFn: async ({ signal }) => {
      const page = await request.get<ConsoleApplicationPage>(
        `${BASE}/application/page`,
        { keyword: a!.mobile, pageNum: 1, pageSize: 50 },
        { signal, silent: true },
      );
      return page.list.filter((x) => x.memberId === a!.memberId);
    },
    enabled: Boolean(a),
  });
}

function useWrite<V, R>(url: string, area: readonly string[], silent: boolean) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => request.post<R>(`${BASE}/${url}`, v, { silent }),
    onSettled: () => client.invalidateQueries({ queryKey: area }),
  });
}

/** 通过 is a confirm button: a refusal (already decided by a colleague) is the request helper's toast. */
export const useApproveApplication = () =>
  useWrite<{ id: number }, ConsoleApplication>('application/approve', keys.applications, false);
/** 驳回 is a dialog: it shows the refusal itself. */
export const useRejectApplication = () =>
  useWrite<{ id: number; reason: string }, ConsoleApplication>('application/reject', keys.applications, true);

/* ---- 分销商品 ---- */

export interface DistributionSkuRow {
  skuId: number;
  specText: string;
  priceFen: number;
  ruleType: 'FIXED' | 'RATE' | null;
  amountFen: number | null;
  basisPoints: number | null;
  ruleText: string;
  /** What one unit at today's price earns (分销); null for 推广 (the levels' rates). */
  commissionFen: number | null;
}

export interface DistributionGoodsRow {
  goodsId: number;
  goodsName: string;
  image: string | null;
  onShelf: boolean;
  skus: DistributionSkuRow[];
}

export interface GoodsQuery {
  programme: DistributionProgramme;
  pageNum: number;
  pageSize: number;
}

export function useDistributionGoodsPage(q: GoodsQuery) {
  return useQuery({
    queryKey: [...keys.goods, 'page', q],
    queryFn: ({ signal }) =>
      request.get<DistributionPage<DistributionGoodsRow>>(`${BASE}/goods/page`, clean(q), { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

export interface DistributionSkuInput {
  skuId: number;
  ruleType?: 'FIXED' | 'RATE';
  amountFen?: number;
  basisPoints?: number;
}

export const useSaveDistributionGoods = () =>
  useWrite<{ programme: DistributionProgramme; goodsId: number; skus: DistributionSkuInput[] }, DistributionGoodsRow>(
    'goods/save',
    keys.goods,
    true,
  );
export const useRemoveDistributionGoods = () =>
  useWrite<{ programme: DistributionProgramme; goodsId: number }, null>('goods/remove', keys.goods, false);

/* ---- 推广等级 ---- */

export interface PromoterLevelRow {
  code: string;
  name: string;
  minSettledSalesFen: number;
  minTeamSize: number;
  directBasisPoints: number;
  indirectBasisPoints: number;
}

export function usePromoterLevels() {
  return useQuery({
    queryKey: keys.levels,
    queryFn: ({ signal }) => request.get<PromoterLevelRow[]>(`${BASE}/levels`, undefined, { signal, silent: true }),
  });
}

/** Saves every level (names, rates, thresholds); silent: the editor shows the server's refusal. */
export const useSavePromoterLevels = () =>
  useWrite<{ levels: PromoterLevelRow[] }, PromoterLevelRow[]>('levels/save', keys.levels, true);

/* ---- 提现审核 ---- */

export interface WithdrawalQuery {
  programme?: DistributionProgramme;
  status?: WithdrawalStatusCode;
  pageNum: number;
  pageSize: number;
}

export function useWithdrawalPage(q: WithdrawalQuery) {
  return useQuery({
    queryKey: [...keys.withdrawals, 'page', q],
    queryFn: ({ signal }) =>
      request.get<DistributionPage<ConsoleWithdrawal>>(`${BASE}/withdrawal/page`, clean(q), {
        signal,
        silent: true,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The whole account number, read on request (the server audits each reading). */
export const useWithdrawalAccount = () =>
  useMutation({
    mutationFn: (id: number) =>
      request.post<{ id: number; accountNo: string }>(`${BASE}/withdrawal/account`, { id }, { silent: true }),
  });

export const useApproveWithdrawal = () =>
  useWrite<{ id: number; payoutRef: string }, ConsoleWithdrawal>('withdrawal/approve', keys.withdrawals, true);
export const useRejectWithdrawal = () =>
  useWrite<{ id: number; reason: string }, ConsoleWithdrawal>('withdrawal/reject', keys.withdrawals, true);
