import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { Code, type OpsMe } from '@mall/shared';
import { makeQueryClient } from '../../../app/queryClient.ts';
import { TOKEN_KEY } from '../../../lib/token.ts';
import LoginPage from './LoginPage.tsx';

const operator: OpsMe = {
  id: 'op-1',
  username: 'admin',
  displayName: '演示管理员',
  role: { key: 'super_admin', name: '超级管理员' },
  permissions: ['dashboard:view'],
  totpEnabled: true,
  mustChangePassword: false,
  store: null,
};

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
let bodies: Record<string, string>[] = [];
let urls: string[] = [];
let answer: (body: Record<string, string>) => Response;

beforeEach(() => {
  localStorage.clear();
  bodies = [];
  urls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, string>;
      bodies.push(body);
      urls.push(url);
      return answer(body);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderLogin(path = '/login?redirect=%2Forders') {
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

async function fillCredentials(password = 'MallAdmin#2026') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('用户名'), 'admin');
  await user.type(screen.getByLabelText('密码'), password);
  await user.click(screen.getByRole('button', { name: /登\s*录/ }));
  return user;
}

describe('登录', () => {
  it('a wrong password shows the server message under the password', async () => {
    answer = () => reply(Code.BAD_CREDENTIALS, null, '用户名或密码错误');
    renderLogin();
    await fillCredentials('nope-nope');
    expect(await screen.findByText('用户名或密码错误')).toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('a locked account: the message with the minutes above the form', async () => {
    answer = () => reply(Code.ACCOUNT_LOCKED, null, '密码错误次数过多，请 15 分钟后再试');
    renderLogin();
    await fillCredentials();
    expect(await screen.findByRole('alert')).toHaveTextContent('请 15 分钟后再试');
  });

  it('110001 asks for the 6-digit code, a wrong one is said beside it, the right one signs in and goes back', async () => {
    answer = (body) =>
      !body.totpCode
        ? reply(Code.OPS_TOTP_REQUIRED, null, '请输入身份验证器中的动态验证码')
        : body.totpCode === '123456'
          ? reply(0, { token: 'ops_new', operator })
          : reply(Code.OPS_TOTP_WRONG, null, '动态验证码错误');
    const router = renderLogin();
    const user = await fillCredentials();
    expect(await screen.findByText('两步验证')).toBeInTheDocument();

    // A complete code is sent at once, with the same credentials.
    const cells = screen.getAllByRole('textbox');
    await user.click(cells[0]!);
    await user.keyboard('000000');
    expect(await screen.findByText('动态验证码错误')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ username: 'admin', password: 'MallAdmin#2026', totpCode: '000000' });

    await user.click(screen.getAllByRole('textbox')[0]!);
    await user.keyboard('123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(localStorage.getItem(TOKEN_KEY)).toBe('ops_new');
  });
});

describe('供应商登录', () => {
  it('the tab signs in with the member account; a member without a store reads why, nothing is kept', async () => {
    const user = userEvent.setup();
    answer = () => reply(111201, null, '该账号不是已入驻的供应商');
    const router = renderLogin();
    await user.click(screen.getByRole('tab', { name: '供应商登录' }));
    expect(router.state.location.search).toContain('tab=supplier');
    await user.click(screen.getByRole('button', { name: '供应商登录' }));
    expect(await screen.findByText('请输入用户名或手机号')).toBeTruthy();
    expect(bodies).toEqual([]);

    await user.click(screen.getByLabelText('商城账号'));
    await user.paste(' 13912345678 ');
    await user.click(screen.getByLabelText('登录密码'));
    await user.paste('Secret#2026');
    await user.click(screen.getByRole('button', { name: '供应商登录' }));
    expect(await screen.findByTestId('supplier-login-error')).toHaveTextContent('该账号不是已入驻的供应商');
    expect(urls).toEqual(['/ops/auth/supplier-login']);
    expect(bodies).toEqual([{ account: '13912345678', password: 'Secret#2026' }]);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();

    // signed in: the store's corner, not the shop's screen it was sent from
    answer = () => reply(0, { token: 'tok-store', operator: storeAccount });
    await user.click(screen.getByRole('button', { name: '供应商登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem(TOKEN_KEY)).toContain('tok-store');
  });
});
