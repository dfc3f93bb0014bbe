import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClientProvider } from '@tanstack/react-query';
import { Code } from '@mall/shared';
import { makeQueryClient } from '../../../app/queryClient.ts';
import { TotpBindModal } from './TotpModals.tsx';

const reply = (code: number, data: unknown = null, message = '') =>
  new Response(JSON.stringify({ code, message, data, success: code === 0 }), { status: 200 });
let calls: { url: string; body: Record<string, string> }[] = [];

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, string>;
      calls.push({ url, body });
      if (body.password === 'Right#Pass-2026') {
        return reply(0, { secret: 'JBSWY3DPEHPK3PXPJBSWY3DP', otpauthUrl: 'otpauth://totp/%E5%95%86%E5%9F%8E:admin?secret=JBSWY3DPEHPK3PXP' });
      }
      return reply(Code.WRONG_PASSWORD, null, '当前密码错误');
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderModal() {
  render(
    <ConfigProvider locale={zhCN} theme={{ token: { motion: false } }}>
      <AntApp>
        <QueryClientProvider client={makeQueryClient()}>
          <TotpBindModal open onClose={() => {}} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>,
  );
}

describe('绑定身份验证器', () => {
  it('asks the current password first: a wrong one is said beside it, the right one shows the QR code and the key', async () => {
    const user = userEvent.setup({ delay: null });
    renderModal();
    expect(screen.queryByTestId('totp-secret')).toBeNull();
    expect(calls).toEqual([]); // nothing asked of the server before the password

    await user.click(screen.getByRole('button', { name: /下一步/ }));
    expect(await screen.findByText('请输入当前密码')).toBeTruthy();
    expect(calls).toEqual([]);

    await user.type(screen.getByLabelText('当前密码'), 'wrong-guess-1');
    await user.click(screen.getByRole('button', { name: /下一步/ }));
    expect(await screen.findByText('当前密码错误')).toBeTruthy();
    expect(screen.queryByTestId('totp-secret')).toBeNull();

    await user.type(screen.getByLabelText('当前密码'), 'Right#Pass-2026');
    await user.click(screen.getByRole('button', { name: /下一步/ }));
    await waitFor(() => expect(screen.getByTestId('totp-secret').textContent).toContain('JBSW Y3DP EHPK 3PXP'));
    expect(calls.map((c) => [c.url.replace(/^.*\/ops/, '/ops'), c.body])).toEqual([
      ['/ops/auth/totp/setup', { password: 'wrong-guess-1' }],
      ['/ops/auth/totp/setup', { password: 'Right#Pass-2026' }],
    ]);
    expect(screen.getByRole('button', { name: /确认绑定/ })).toBeTruthy();
  });
});
