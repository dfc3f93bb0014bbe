import { useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '@mall/shared';
import { siteKeys } from './queryKeys.ts';
import { request } from './request.ts';

export const DEFAULT_SITE_NAME = '优选商城';

export function getSiteConfig() {
  return request.get<SiteConfig>('/member/site/site', undefined, { silent: true });
}

export function useSiteConfig() {
  return useQuery({ queryKey: siteKeys.config, queryFn: getSiteConfig, staleTime: Infinity, retry: 1 });
}
