import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { makeQueryClient } from '../app/queryClient.ts';

/**
 * Renders a piece of the console as the app hosts it: antd in Chinese with its App (toasts), a fresh
 * query cache and a router. No open/close animations, so dialogs and dropdowns come and go at once
 * instead of on real timers (pair with userEvent.setup({ delay: null }) for typing without pauses).
 * `path` is the address the screen opens at; `client` a cache the test has filled first.
 */
export function renderInConsole(
  ui: ReactNode,
  { path = '/', client = makeQueryClient() }: { path?: string; client?: QueryClient } = {},
) {
  return render(
    <ConfigProvider locale={zhCN} theme={{ token: { motion: false } }}>
      <AntApp>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>,
  );
}

/** An API reply in the envelope every call answers with. */
export const reply = (code: number, data: unknown, message = '') =>
  new Response(JSON.stringify({ code, message, data, success: code === 0 }), { status: 200 });
