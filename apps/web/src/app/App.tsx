import { useEffect } from 'react';
import { ConfigProvider } from 'antd';
// The ES build: the package's root entry is CommonJS and brings a copy of the picker's locale and lodash.
import zhCN from 'antd/es/locale/zh_CN';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { FOCUS_REFRESH_SPAN_MS, REQUEST_CACHE_MS } from '@mall/shared';
import { theme } from './theme.ts';
import { router } from './router.tsx';
import { connectRequestsToApp } from './requestBridge.ts';
import { Feedback } from './Feedback.tsx';
import { SiteFavicon } from './SiteFavicon.tsx';
import { restoreSession } from '../lib/session.ts';
import { prefetchSiteConfig } from '../lib/siteConfig.ts';
import { prefetchFirstData } from './firstData.ts';

/** Spec §9: cache for 5 minutes; refetch on focus at most every 5 seconds. */
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { gcTime: REQUEST_CACHE_MS, staleTime: FOCUS_REFRESH_SPAN_MS, retry: false, refetchOnWindowFocus: true },
  },
});
connectRequestsToApp();
prefetchSiteConfig(queryClient);
prefetchFirstData(queryClient);

export function App() {
  useEffect(() => {
    void restoreSession();
  }, []);
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <QueryClientProvider client={queryClient}>
        <Feedback />
        <SiteFavicon />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
