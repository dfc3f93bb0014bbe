import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActivityPagePreviewToken,
  ActivityPageStatus,
  ConsoleActivity,
  ConsoleActivityPage,
  ConsoleActivityPageRows,
  ConsoleActivityPageView,
  OpsCouponTemplate,
} from '@mall/shared';
import { request } from '../../../lib/request.ts';
import type { PageRequest } from '../components/page-form.ts';

/** /ops/promotion/activityPage/* (permission promotion:edit). */
const BASE = '/ops/promotion/activityPage';

export interface PagesQuery {
  status?: ActivityPageStatus;
  pageNum: number;
  pageSize: number;
}

const keys = {
  all: ['ops', 'activityPages'] as const,
  page: (q: PagesQuery) => ['ops', 'activityPages', 'page', q] as const,
  detail: (id: number) => ['ops', 'activityPages', 'detail', id] as const,
};

export function usePages(q: PagesQuery) {
  const params: Record<string, string | number> = { pageNum: q.pageNum, pageSize: q.pageSize };
  if (q.status) params.status = q.status;
  return useQuery({
    queryKey: keys.page(q),
    queryFn: ({ signal }) => request.get<ConsoleActivityPageRows>(`${BASE}/page`, params, { signal, silent: true }),
    placeholderData: keepPreviousData,
  });
}

export function usePageDetail(id: number | null) {
  return useQuery({
    queryKey: keys.detail(id ?? 0),
    queryFn: ({ signal }) => request.get<ConsoleActivityPageView>(`${BASE}/detail`, { id: id! }, { signal, silent: true }),
    enabled: id !== null,
    retry: false,
  });
}

function useWrite<V>(url: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => request.post<ConsoleActivityPageView>(`${BASE}/${url}`, v, { silent: true }),
    // The editor opens the saved page at once, without waiting for its detail to load again.
    onSuccess: (saved) => client.setQueryData(keys.detail(saved.id), saved),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}
export const useCreatePage = () => useWrite<PageRequest>('create');
export const useUpdatePage = () => useWrite<PageRequest & { id: number }>('update');
export const usePublishPage = () => useWrite<{ id: number }>('publish');
export const useOfflinePage = () => useWrite<{ id: number }>('offline');

export const previewToken = (id: number) =>
  request.post<ActivityPagePreviewToken>(`${BASE}/previewToken`, { id }, { silent: true });

/** A banner picture, uploaded through the goods picture call (same checks, same public place). */
export function uploadBanner(file: Blob) {
  const form = new FormData();
  form.append('file', file);
  return request.upload<{ name: string; url: string }>('/ops/goods/image', form, { silent: true, timeoutMs: 60_000 });
}

/** The activities a section may show (not cancelled), newest first. */
export function useActivityChoices() {
  return useQuery({
    queryKey: ['ops', 'activityPages', 'activityChoices'],
    queryFn: async ({ signal }) => {
      const [drafts, scheduled, ended] = await Promise.all(
        (['DRAFT', 'SCHEDULED', 'ENDED'] as const).map((status) =>
          request.get<ConsoleActivityPage>('/ops/promotion/activity/page', { status, pageNum: 1, pageSize: 50 }, { signal, silent: true }),
        ),
      );
      return [...scheduled!.list, ...drafts!.list, ...ended!.list] as ConsoleActivity[];
    },
    staleTime: 30_000,
  });
}

/** Coupons buyers may claim (领券中心 and goods-detail ones) that are 发放中. */
export function useCouponChoices() {
  return useQuery({
    queryKey: ['ops', 'activityPages', 'couponChoices'],
    queryFn: async ({ signal }) => {
      const lists = await Promise.all(
        (['CENTER', 'GOODS'] as const).map((channel) =>
          request.get<{ list: OpsCouponTemplate[] }>(
            '/ops/promotion/coupon/page',
            { channel, status: 'ACTIVE', pageNum: 1, pageSize: 50 },
            { signal, silent: true },
          ),
        ),
      );
      return lists.flatMap((l) => l.list);
    },
    staleTime: 30_000,
  });
}
