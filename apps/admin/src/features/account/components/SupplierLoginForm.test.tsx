import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { OpsMe } from '@mall/shared';
import { makeQueryClient } from '../../../app/queryClient.ts';
import { TOKEN_KEY } from '../../../lib/token.ts';
import LoginPage from '../screens/LoginPage.tsx';

const storeAccount: OpsMe = {
  id: 'op-9',
  username: 'store_1a2b3c4d',
  displayName: '山野茶舍',
  role: { key: 'supplier', name: '供应商' },
  permissions: ['store:goods', 'store:orders'],
  totpEnabled: false,
  mustChangePassword: false,
  store: { id: 's-1', name: '山野茶舍' },
};
const reply = (code: number, data: unknown = null, message = '') =>
  new Response(JSON.stringify({ code, message, data, success: code === 0 }), { status: 200 });
let calls: { url: string; body: Record<string, string> }[] = [];
let answer: () => Response;

beforeEach(() => {
  localStorage.clear();
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) as Record<string, string> });
      return answer();
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderLogin(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '*', element: <div>landed</div> },
    ],
    { initialEntries: [path] },
  );
  render(
    <ConfigProvider locale={zhCN}>
      <AntApp>
        <QueryClientProvider client={makeQueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>,
  );
  return router;
}

describe('供应商登录', () => {
  it('the tab signs in with the member account; a member without a store reads why, nothing is kept', async () => {
    const user = userEvent.setup();
    answer = () => reply(111201, null, '该账号不是已入驻的供应商');
    const router = renderLogin('/login?redirect=%2Forders');
    await user.click(screen.getByRole('tab', { name: '供应商登录' }));
    expect(router.state.location.search).toContain('tab=supplier');
    await user.click(screen.getByRole('button', { name: '供应商登录' }));
    expect(await screen.findByText('请输入用户名或手机号')).toBeTruthy();
    expect(calls).toEqual([]);

    await user.click(screen.getByLabelText('商城账号'));
    await user.paste(' 13912345678 ');
    await user.click(screen.getByLabelText('登录密码'));
    await user.paste('Secret#2026');
    await user.click(screen.getByRole('button', { name: '供应商登录' }));
    expect(await screen.findByTestId('supplier-login-error')).toHaveTextContent('该账号不是已入驻的供应商');
    expect(calls).toEqual([
      { url: '/ops/auth/supplier-login', body: { account: '13912345678', password: 'Secret#2026' } },
    ]);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();

    // signed in: the store's corner, not the shop's screen it was sent from
    answer = () => reply(0, { token: 'tok-store', operator: storeAccount });
    await user.click(screen.getByRole('button', { name: '供应商登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem(TOKEN_KEY)).toContain('tok-store');
  }, 300_000);
});
