import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { OPS_BUILTIN_ROLES, type OpsMe } from '@mall/shared';
import { request, resetRequestEnv } from '../lib/request.ts';
import { TOKEN_KEY } from '../lib/token.ts';
import { makeQueryClient } from './queryClient.ts';
import { RequestBridge } from './RequestBridge.tsx';
import { routes } from './router.tsx';

const service: OpsMe = {
  id: 'op-1',
  username: 'kefu01',
  displayName: '小林',
  role: { key: 'service', name: '客服' },
  permissions: [...OPS_BUILTIN_ROLES.service.permissions],
  totpEnabled: false,
  mustChangePassword: false,
  store: null,
};

let me: OpsMe = service;

beforeEach(() => {
  localStorage.clear();
  me = service;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const body =
        url === '/ops/auth/me'
          ? { code: 0, message: '', data: me, success: true }
          : { code: 0, message: '', data: null, success: true };
      return new Response(JSON.stringify(body), { status: 200 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetRequestEnv();
});

function renderConsole(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <ConfigProvider locale={zhCN}>
      <AntApp>
        <QueryClientProvider client={makeQueryClient()}>
          <RequestBridge router={router} />
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>,
  );
  return router;
}

describe('the console shell', () => {
  it('without a token, a console address goes to 登录 with the way back', async () => {
    const router = renderConsole('/orders?status=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Forders%3Fstatus%3D1');
    expect(await screen.findByRole('button', { name: /登\s*录/ })).toBeInTheDocument();
  });

  it('a session the server has ended: the request helper sends to 登录 with the way back inside the /admin basename', async () => {
    localStorage.setItem(TOKEN_KEY, 'ops_token');
    const refusal = { code: 105, message: '登录已失效，请重新登录', data: null, success: false };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(refusal), { status: 200 })),
    );
    // The bridge alone, as the browser has it (the router's own location carries /admin), with no guard
    // that would also send to 登录.
    const router = createMemoryRouter([{ path: '*', element: <p>页面</p> }], {
      initialEntries: ['/admin/orders?status=1'],
      basename: '/admin',
    });
    render(
      <AntApp>
        <QueryClientProvider client={makeQueryClient()}>
          <RequestBridge router={router} />
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>,
    );
    await expect(request.get('/ops/orders')).rejects.toMatchObject({ code: 105 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    // Not %2Fadmin%2Forders: after signing in the console goes there inside its basename.
    expect(router.state.location.search).toBe('?redirect=%2Forders%3Fstatus%3D1');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it("a 客服's menu has orders but not 站点设置, and 站点设置 opened by address says 无权访问", async () => {
    localStorage.setItem(TOKEN_KEY, 'ops_token');
    renderConsole('/settings');
    const nav = await screen.findByRole('navigation', { name: '管理后台菜单' });
    expect(within(nav).getByRole('menuitem', { name: /订单/ })).toBeInTheDocument();
    expect(within(nav).getByRole('menuitem', { name: /售后/ })).toBeInTheDocument();
    expect(within(nav).queryByRole('menuitem', { name: /站点设置/ })).toBeNull();
    expect(within(nav).queryByRole('menuitem', { name: /操作日志/ })).toBeNull();
    expect(await screen.findByText('无权访问')).toBeInTheDocument();
    expect(screen.getByText('小林')).toBeInTheDocument();
    expect(screen.getByText('客服')).toBeInTheDocument();
  });

  it('a screen the role has opens', async () => {
    localStorage.setItem(TOKEN_KEY, 'ops_token');
    renderConsole('/orders');
    expect(await screen.findByRole('heading', { name: '订单' })).toBeInTheDocument();
    expect(screen.queryByText('无权访问')).toBeNull();
  });

  it('the console home opens the first screen of the menu', async () => {
    localStorage.setItem(TOKEN_KEY, 'ops_token');
    const router = renderConsole('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('a one-time password: only 修改密码, no menu', async () => {
    localStorage.setItem(TOKEN_KEY, 'ops_token');
    me = { ...service, mustChangePassword: true };
    const router = renderConsole('/orders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/password'));
    expect(await screen.findByText('请先修改初始密码')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '管理后台菜单' })).toBeNull();
  });
});
