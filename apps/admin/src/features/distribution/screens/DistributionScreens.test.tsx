import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsoleApplication, ConsoleWithdrawal, OpsMe } from '@mall/shared';
import { resetRequestEnv } from '../../../lib/request.ts';
import { makeQueryClient } from '../../../app/queryClient.ts';
import { meQueryKey } from '../../../lib/session.ts';
import { renderInConsole } from '../../../test/render.tsx';
import { findOption } from '../../../test/select.ts';
import ApplicationListPage from './ApplicationListPage.tsx';
import GoodsListPage from './GoodsListPage.tsx';
import WithdrawalListPage from './WithdrawalListPage.tsx';

const pending: ConsoleApplication = {
  id: 7,
  programme: 'CLASSIC',
  programmeText: '分销',
  realName: '王小明',
  idMasked: '1****************X',
  mobile: '13912345678',
  channel: '微信群',
  reason: '小区团购群',
  inviterName: null,
  status: 'PENDING',
  statusText: '审核中',
  rejectReason: null,
  createdAt: '2026-11-26T02:00:00.000Z',
  reviewedAt: null,
  memberId: 'm-1',
  memberName: '小明',
  reviewedBy: null,
  actions: ['approve', 'reject'],
};
const rejected: ConsoleApplication = {
  ...pending,
  id: 8,
  realName: '李小红',
  mobile: '13900000000',
  status: 'REJECTED',
  statusText: '已驳回',
  rejectReason: '请补充分享渠道',
  reviewedAt: '2026-11-26T03:00:00.000Z',
  actions: [],
};
const withdrawal: ConsoleWithdrawal = {
  id: 31,
  programme: 'PROMOTER',
  amountFen: 12345,
  method: 'BANK',
  methodText: '银行卡',
  accountName: '周晓彤',
  bankName: '招商银行',
  accountMasked: '6225 **** **** 6789',
  status: 'PENDING',
  statusText: '审核中',
  payoutRef: null,
  rejectReason: null,
  createdAt: '2026-11-26T02:00:00.000Z',
  reviewedAt: null,
  memberId: 'm-2',
  memberName: '晓彤',
  reviewedBy: null,
  actions: ['approve', 'reject'],
};

let posts: { url: string; body: unknown }[] = [];
let gets: string[] = [];
beforeEach(() => {
  posts = [];
  gets = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const reply = (code: number, data: unknown, message = '') =>
        new Response(JSON.stringify({ code, message, data, success: code === 0 }), { status: 200 });
      if (init?.method === 'POST') {
        posts.push({ url, body: JSON.parse(String(init.body)) as unknown });
        if (url.endsWith('/withdrawal/approve')) return reply(400, null, '该提现申请已打款，不能再审核');
        if (url.endsWith('/withdrawal/account')) return reply(0, { id: 31, accountNo: '6225888866666789' });
        return reply(0, { ...pending, status: 'REJECTED', statusText: '已驳回', actions: [] });
      }
      gets.push(url);
      if (url.startsWith('/ops/distribution/application/page'))
        return reply(0, {
          list: [pending, rejected],
          total: 2,
          pageNum: 1,
          pageSize: 10,
          counts: { ALL: 9, PENDING: 3, APPROVED: 5, REJECTED: 1 },
        });
      if (url.startsWith('/ops/distribution/withdrawal/page'))
        return reply(0, { list: [withdrawal], total: 1, pageNum: 1, pageSize: 10 });
      if (url.startsWith('/ops/distribution/goods/page'))
        return reply(0, { list: [], total: 0, pageNum: 1, pageSize: 10 });
      if (url.startsWith('/ops/goods/page'))
        return reply(0, { list: [{ id: 8, name: '紫砂壶', onShelf: false }], total: 1, pageNum: 1, pageSize: 20 });
      if (url.startsWith('/ops/goods/detail?goodsId=8'))
        return reply(0, {
          id: 8,
          name: '紫砂壶',
          skus: [
            { id: 81, code: 'ZS-1', specs: { 容量: '200ml' }, price: 12800, marketPrice: 16800, stock: 6 },
            { id: 82, code: 'ZS-2', specs: {}, price: 15800, marketPrice: 19800, stock: 3 },
          ],
        });
      return reply(0, null);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetRequestEnv();
});

// userEvent.setup({ delay: null }) below: keys typed without a real-timer pause after each one.
function renderPage(page: React.ReactNode) {
  renderInConsole(page);
}

const rowOf = (testId: string, text: string) =>
  screen.getAllByTestId(testId).find((r) => r.textContent?.includes(text))!;

describe('分销申请', () => {
  it('通过 and 驳回 only as a row’s actions allow; 驳回 needs a reason and sends it', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<ApplicationListPage />);
    await screen.findByText('王小明');
    const done = rowOf('application-row', '李小红');
    expect(done.textContent).toContain('请补充分享渠道');
    expect(within(done).queryByRole('button', { name: /通\s*过/ })).toBeNull();
    expect(within(done).queryByRole('button', { name: /驳\s*回/ })).toBeNull();

    await user.click(within(rowOf('application-row', '王小明')).getByRole('button', { name: /驳\s*回/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '确认驳回' }));
    expect(await within(dialog).findByText('请填写驳回原因')).toBeTruthy();
    expect(posts).toEqual([]);
    await user.type(within(dialog).getByLabelText('驳回原因'), '  渠道不符  ');
    await user.click(within(dialog).getByRole('button', { name: '确认驳回' }));
    await waitFor(() =>
      expect(posts).toEqual([{ url: '/ops/distribution/application/reject', body: { id: 7, reason: '渠道不符' } }]),
    );
  }, 60_000);
});

describe('分销申请 tabs', () => {
  it('shows how many applications each tab holds, as the server counts them', async () => {
    renderPage(<ApplicationListPage />);
    await screen.findByText('王小明');
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent?.replace(/\s+/g, ''));
    expect(tabs).toEqual(['全部9', '审核中3', '已通过5', '已驳回1']);
  }, 60_000);
});

describe('提现审核', () => {
  it('pending first; 查看账号 reads the whole number; a second approval shows the server’s words in the dialog', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<WithdrawalListPage />);
    await screen.findByText('晓彤');
    expect(gets[0]).toContain('status=PENDING');
    const row = rowOf('withdrawal-row', '晓彤');
    expect(row.textContent).toContain('¥123.45');
    expect(row.textContent).toContain('6225 **** **** 6789');
    expect(row.textContent).not.toContain('6225888866666789');

    await user.click(within(row).getByRole('button', { name: '查看账号' }));
    const account = await screen.findByTestId('withdrawal-account');
    expect(account.textContent).toContain('6225888866666789');
    expect(posts).toEqual([{ url: '/ops/distribution/withdrawal/account', body: { id: 31 } }]);
    await user.click(screen.getByRole('button', { name: '关 闭' }));

    await user.click(within(row).getByRole('button', { name: /通\s*过/ }));
    const dialog = (await screen.findAllByRole('dialog')).find((d) => d.textContent?.includes('确认打款'))!;
    await user.type(within(dialog).getByLabelText('打款流水号'), 'ALI-2026_001');
    await user.click(within(dialog).getByRole('button', { name: '确认已打款' }));
    expect((await within(dialog).findByTestId('dialog-error')).textContent).toBe('该提现申请已打款，不能再审核');
    expect(posts[1]).toEqual({
      url: '/ops/distribution/withdrawal/approve',
      body: { id: 31, payoutRef: 'ALI-2026_001' },
    });
  }, 60_000);
});

const operator: OpsMe = {
  id: 'op-1',
  username: 'yunying',
  displayName: '运营小王',
  role: { key: 'operator', name: '运营' },
  permissions: [],
  totpEnabled: true,
  mustChangePassword: false,
  store: null,
};

describe('分销商品', () => {
  it('添加: a goods found by name (marked when off the shelf) brings every SKU in, each earning', async () => {
    const user = userEvent.setup({ delay: null });
    // 添加 searches the catalogue, so it needs goods:view as well.
    const client = makeQueryClient();
    client.setQueryData(meQueryKey, { ...operator, permissions: ['distribution:manage', 'goods:view'] });
    renderInConsole(<GoodsListPage />, { client });
    await user.click(await screen.findByRole('button', { name: /添加分销商品/ }));
    const drawer = await screen.findByRole('dialog');
    await user.type(within(drawer).getByLabelText('选择商品'), '紫砂');
    await user.click(await findOption('紫砂壶（已下架）'));
    await waitFor(() => expect(within(drawer).getAllByTestId('goods-form-sku')).toHaveLength(2));
    const [first, second] = within(drawer).getAllByTestId('goods-form-sku');
    expect(first!.textContent).toContain('容量：200ml');
    expect(first!.textContent).toContain('¥128.00');
    expect(second!.textContent).toContain('默认规格');
    expect((within(first!).getByLabelText(/^参与分销/) as HTMLInputElement).checked).toBe(true);
  }, 60_000);
});
