import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { stillTheme, theme } from './theme.ts';
import { useReducedMotion } from '../lib/useReducedMotion.ts';
import { router } from './router.tsx';
import { queryClient } from './queryClient.ts';
import { RequestBridge } from './RequestBridge.tsx';

export function App() {
  const reducedMotion = useReducedMotion();
  return (
    <ConfigProvider locale={zhCN} theme={reducedMotion ? stillTheme : theme}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <RequestBridge router={router} />
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
