import { useEffect } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { FOCUS_REFRESH_SPAN_MS, REQUEST_CACHE_MS } from '@mall/shared';
import { theme } from './theme.ts';
import { router } from './router.tsx';
import { RequestBridge } from './RequestBridge.tsx';
import { SiteFavicon } from './SiteFavicon.tsx';
import { restoreSession } from '../lib/session.ts';
import { prefetchSiteConfig } from '../lib/siteConfig.ts';

/** Spec §9: cache for 5 minutes; refetch on focus at most every 5 seconds. */
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { gcTime: REQUEST_CACHE_MS, staleTime: FOCUS_REFRESH_SPAN_MS, retry: false, refetchOnWindowFocus: true },
  },
});
prefetchSiteConfig(queryClient);

export function App() {
  useEffect(() => {
    void restoreSession();
  }, []);
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <RequestBridge />
          <SiteFavicon />
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
