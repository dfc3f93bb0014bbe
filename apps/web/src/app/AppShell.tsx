import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
// The ES build: the package's root entry is CommonJS and brings a copy of the picker's locale and lodash.
import zhCN from 'antd/es/locale/zh_CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FOCUS_REFRESH_SPAN_MS, REQUEST_CACHE_MS } from '@mall/shared';
import { stillTheme, theme } from './theme.ts';
import { useReducedMotion } from '../lib/useReducedMotion.ts';
import { Feedback } from './Feedback.tsx';
import { SiteFavicon } from './SiteFavicon.tsx';

/** Spec §9: cache for 5 minutes; refetch on focus at most every 5 seconds. */
export function newQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: REQUEST_CACHE_MS, staleTime: FOCUS_REFRESH_SPAN_MS, retry: false, refetchOnWindowFocus: true },
    },
  });
}

/**
 * What wraps every page, in the browser and when the server renders a landing page (entry-server.tsx):
 * the same tree on both sides, so that the browser takes over the server's page as it is.
 */
export function AppShell({ client, children }: { client: QueryClient; children: ReactNode }) {
  const reducedMotion = useReducedMotion();
  return (
    <ConfigProvider locale={zhCN} theme={reducedMotion ? stillTheme : theme}>
      <QueryClientProvider client={client}>
        <Feedback />
        <SiteFavicon />
        {children}
      </QueryClientProvider>
    </ConfigProvider>
  );
}
