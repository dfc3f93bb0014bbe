import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CouponChannel,
  CouponKind,
  CouponTemplateStatus,
  MemberCouponStatus,
  MemberCouponView,
  OpsCouponTemplate,
  OpsGrantResult,
} from '@mall/shared';
import { request } from '../../../lib/request.ts';
import type { CouponRequest } from '../components/coupon-form.ts';

/** /ops/promotion/coupon/* (permission promotion:edit). */
const BASE = '/ops/promotion/coupon';

export interface CouponQuery {
  status?: CouponTemplateStatus;
  kind?: CouponKind;
  channel?: CouponChannel;
  keyword?: string;
  pageNum: number;
  pageSize: number;
}

export interface CouponTemplatePage {
  list: OpsCouponTemplate[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export type IssuedCoupon = MemberCouponView & { memberId: string; grantedBy: string | null };
export interface IssuedCouponPage {
  list: IssuedCoupon[];
  total: number;
  pageNum: number;
  pageSize: number;
}

const keys = {
  all: ['ops', 'coupons'] as const,
  page: (q: CouponQuery) => ['ops', 'coupons', 'page', q] as const,
  detail: (id: number) => ['ops', 'coupons', 'detail', id] as const,
  issued: (id: number, status: MemberCouponStatus | undefined, pageNum: number) =>
    ['ops', 'coupons', 'issued', id, status ?? 'ALL', pageNum] as const,
};

/** Drops empty filters so the address of the call stays clean. */
const clean = (q: CouponQuery) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number
  >;

export function useCouponPage(q: CouponQuery) {
  return useQuery({
    queryKey: keys.page(q),
    queryFn: ({ signal }) => request.get<CouponTemplatePage>(`${BASE}/page`, clean(q), { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function useCouponDetail(id: number | null) {
  return useQuery({
    queryKey: keys.detail(id ?? 0),
    queryFn: ({ signal }) => request.get<OpsCouponTemplate>(`${BASE}/detail`, { id: id! }, { signal, silent: true }),
    enabled: id !== null,
    retry: false,
  });
}

export function useIssuedCoupons(id: number | null, status: MemberCouponStatus | undefined, pageNum: number) {
  return useQuery({
    queryKey: keys.issued(id ?? 0, status, pageNum),
    queryFn: ({ signal }) =>
      request.get<IssuedCouponPage>(
        `${BASE}/coupons`,
        { id: id!, pageNum, pageSize: 10, ...(status ? { status } : {}) },
        { signal, silent: true },
      ),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

function useCouponWrite<V, R>(url: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => request.post<R>(`${BASE}/${url}`, v, { silent: true }),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
export const useCreateCoupon = () => useCouponWrite<CouponRequest, OpsCouponTemplate>('create');
export const useUpdateCoupon = () =>
  useCouponWrite<CouponRequest & { id: number }, { before: OpsCouponTemplate; after: OpsCouponTemplate }>('update');
export const useStartCoupon = () => useCouponWrite<{ id: number }, OpsCouponTemplate>('start');
export const useStopCoupon = () => useCouponWrite<{ id: number }, OpsCouponTemplate>('stop');
export const useGrantCoupon = () => useCouponWrite<{ id: number; memberIds: string[] }, OpsGrantResult>('grant');
