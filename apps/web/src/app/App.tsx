import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { router } from './router.tsx';
import { connectRequestsToApp } from './requestBridge.ts';
import { restoreSession } from '../lib/session.ts';
import { prefetchSiteConfig } from '../lib/siteConfig.ts';
import { prefetchFirstData } from './firstData.ts';
import { AppShell, newQueryClient } from './AppShell.tsx';
import { takeServerState } from './serverState.ts';

const queryClient = newQueryClient();
connectRequestsToApp();
takeServerState(queryClient);
prefetchSiteConfig(queryClient);
prefetchFirstData(queryClient);

export function App() {
  useEffect(() => {
    void restoreSession();
  }, []);
  return (
    <AppShell client={queryClient}>
      <RouterProvider router={router} />
    </AppShell>
  );
}
