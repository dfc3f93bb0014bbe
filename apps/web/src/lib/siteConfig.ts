import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { SiteConfig } from '@mall/shared';
import { siteKeys } from './queryKeys.ts';
import { request } from './request.ts';

export const DEFAULT_SITE_NAME = '优选商城';

export function getSiteConfig() {
  return request.get<SiteConfig>('/member/site/site', undefined, { silent: true });
}

const siteConfigQuery = { queryKey: siteKeys.config, queryFn: getSiteConfig, staleTime: Infinity, retry: 1 } as const;

export function useSiteConfig() {
  return useQuery(siteConfigQuery);
}

/**
 * Asks for the site settings as the app starts, before React renders: the home page waits on them
 * (which home to show), so they arrive while its screen's script is still loading.
 */
export function prefetchSiteConfig(client: QueryClient) {
  void client.prefetchQuery(siteConfigQuery);
}
