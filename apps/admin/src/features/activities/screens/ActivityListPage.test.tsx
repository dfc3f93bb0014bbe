import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsoleActivity } from '@mall/shared';
import { resetRequestEnv } from '../../../lib/request.ts';
import { renderInConsole } from '../../../test/render.tsx';
import { findOption } from '../../../test/select.ts';
import ActivityListPage from './ActivityListPage.tsx';

const sku = {
  skuId: 11,
  goodsId: 5,
  goodsName: '保温杯',
  specText: '颜色：白',
  image: null,
  usualPriceFen: 5900,
  goodsStock: 40,
  priceFen: 1990,
  percent: null,
  activityPriceFen: 1990,
  stock: 10,
  sold: 0,
  returned: 0,
};
const scheduled: ConsoleActivity = {
  id: 1,
  kind: 'FLASH_SALE',
  kindText: '秒杀',
  title: '十点秒杀',
  startsAt: '2026-11-26T02:00:00.000Z',
  endsAt: '2026-11-26T04:00:00.000Z',
  perMemberLimit: 2,
  status: 'SCHEDULED',
  statusText: '已排期',
  phase: 'RUNNING',
  phaseText: '进行中',
  skus: [{ ...sku, stock: 7, sold: 3 }],
  actions: [],
  createdAt: '2026-11-25T00:00:00.000Z',
  updatedAt: '2026-11-25T00:00:00.000Z',
};
const draft: ConsoleActivity = {
  ...scheduled,
  id: 2,
  kind: 'TIME_DISCOUNT',
  kindText: '限时折扣',
  title: '周末8折',
  perMemberLimit: 0,
  status: 'DRAFT',
  statusText: '草稿',
  phase: 'ENDED',
  phaseText: '已结束',
  skus: [{ ...sku, priceFen: null, percent: 80, activityPriceFen: 4720, stock: 0 }],
  actions: ['update', 'schedule', 'cancel'],
};

const teapot = {
  id: 8,
  name: '紫砂壶',
  skus: [
    { id: 81, code: 'ZS-1', specs: { 容量: '200ml' }, price: 12800, marketPrice: 16800, stock: 6 },
    { id: 82, code: 'ZS-2', specs: { 容量: '300ml' }, price: 15800, marketPrice: 19800, stock: 3 },
  ],
};

let posts: { url: string; body: unknown }[] = [];
beforeEach(() => {
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const reply = (code: number, data: unknown, message = '') =>
        new Response(JSON.stringify({ code, message, data, success: code === 0 }), { status: 200 });
      if (init?.method === 'POST') {
        posts.push({ url, body: JSON.parse(String(init.body)) as unknown });
        if (url.endsWith('/update')) return reply(400, null, '“保温杯”打折后不低于原价');
        return reply(0, draft);
      }
      if (url.startsWith('/ops/promotion/activity/page'))
        return reply(0, { list: [scheduled, draft], total: 2, pageNum: 1, pageSize: 10 });
      if (url.startsWith('/ops/goods/page'))
        return reply(0, { list: [{ id: 8, name: '紫砂壶', onShelf: true }], total: 1, pageNum: 1, pageSize: 20 });
      if (url.startsWith('/ops/goods/detail?goodsId=8')) return reply(0, teapot);
      return reply(0, null);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetRequestEnv();
});

// userEvent.setup({ delay: null }) below: keys typed without a real-timer pause after each one.
function renderPage() {
  renderInConsole(<ActivityListPage />);
}

const rowOf = (title: string) => screen.getAllByTestId('activity-row').find((r) => r.textContent?.includes(title))!;

describe('秒杀/活动 console', () => {
  it('rows show the Beijing window, states and figures; the buttons follow the server’s actions', async () => {
    renderPage();
    await screen.findByText('十点秒杀');
    const flash = rowOf('十点秒杀');
    expect(flash.textContent).toContain('2026-11-26 10:00 至 12:00');
    expect(flash.textContent).toContain('已排期');
    expect(flash.textContent).toContain('进行中');
    expect(flash.textContent).toContain('已售 3 / 剩余 7');
    expect(within(flash).queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(within(flash).queryByRole('button', { name: /取\s*消/ })).toBeNull();
    const d = rowOf('周末8折');
    expect(d.textContent).toContain('未排期，不展示');
    expect(d.textContent).not.toContain('已结束');
    expect(within(d).getByRole('button', { name: /排\s*期/ })).toBeTruthy();
    expect(within(d).getByRole('button', { name: /取\s*消/ })).toBeTruthy();
  }, 60_000);

  it('排期 asks first, then calls schedule', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByText('周末8折');
    await user.click(within(rowOf('周末8折')).getByRole('button', { name: /排\s*期/ }));
    await user.click(await screen.findByRole('button', { name: '确认排期' }));
    await waitFor(() => expect(posts).toEqual([{ url: '/ops/promotion/activity/schedule', body: { id: 2 } }]));
  }, 60_000);

  it('编辑 a draft: 9 折 sent as percent 90, the server’s refusal shown in the drawer', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByText('周末8折');
    await user.click(within(rowOf('周末8折')).getByRole('button', { name: /编\s*辑/ }));
    const drawer = await screen.findByRole('dialog');
    const zhe = within(drawer).getByLabelText(/^折扣 保温杯/);
    expect((zhe as HTMLInputElement).value).toBe('8.0');
    await user.clear(zhe);
    await user.type(zhe, '9');
    expect(within(drawer).getByTestId('activity-form-price').textContent).toBe('¥53.10');
    await user.click(within(drawer).getByRole('button', { name: /保\s*存/ }));
    expect(await within(drawer).findByText('“保温杯”打折后不低于原价')).toBeTruthy();
    expect(posts[0]).toEqual({
      url: '/ops/promotion/activity/update',
      body: {
        id: 2,
        kind: 'TIME_DISCOUNT',
        title: '周末8折',
        startsAt: '2026-11-26T10:00:00+08:00',
        endsAt: '2026-11-26T12:00:00+08:00',
        perMemberLimit: 0,
        skus: [{ skuId: 11, percent: 90, stock: 0 }],
      },
    });
  }, 60_000);
  it('新建: a goods found by name adds each of its SKUs with its price and stock', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByText('周末8折');
    await user.click(screen.getByRole('button', { name: /新建活动/ }));
    const drawer = await screen.findByRole('dialog');
    await user.type(within(drawer).getByLabelText('添加活动商品'), '紫砂');
    await user.click(await findOption('紫砂壶'));
    await waitFor(() => expect(within(drawer).getAllByTestId('activity-form-sku')).toHaveLength(2));
    const [small, large] = within(drawer).getAllByTestId('activity-form-sku');
    expect(small!.textContent).toContain('容量：200ml');
    expect(small!.textContent).toContain('¥128.00');
    expect(small!.textContent).toContain('库存 6');
    expect(large!.textContent).toContain('容量：300ml');
  }, 60_000);
});
