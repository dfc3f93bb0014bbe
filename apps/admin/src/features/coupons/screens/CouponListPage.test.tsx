import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { OpsCouponTemplate } from '@mall/shared';
import { makeQueryClient } from '../../../app/queryClient.ts';
import { resetRequestEnv } from '../../../lib/request.ts';
import CouponListPage from './CouponListPage.tsx';

const claimed: OpsCouponTemplate = {
  id: 3,
  name: '全场满199减20',
  description: '',
  kind: 'FULL_REDUCTION',
  thresholdFen: 19_900,
  amountFen: 2000,
  discountPercent: null,
  capFen: null,
  ruleText: '满199减20',
  faceText: '¥20',
  thresholdText: '满199可用',
  scope: 'ALL',
  scopeText: '全场通用',
  scopeIds: [],
  channel: 'CENTER',
  channelText: '领券中心',
  validityType: 'DAYS',
  validFrom: null,
  validTo: null,
  validDays: 7,
  validityText: '领取后7天内有效',
  totalQuantity: 100,
  perMemberLimit: 1,
  status: 'ACTIVE',
  statusText: '发放中',
  figures: {
    claimed: 4,
    unused: 2,
    held: 0,
    used: 2,
    expired: 0,
    discountFen: 4000,
    orderAmountFen: 50_000,
    remaining: 96,
  },
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

let posts: { url: string; body: unknown }[] = [];

beforeEach(() => {
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const ok = (data: unknown) =>
        new Response(JSON.stringify({ code: 0, message: '', data, success: true }), { status: 200 });
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as unknown;
        posts.push({ url, body });
        if (url.endsWith('/update')) {
          return new Response(
            JSON.stringify({
              code: 108608,
              message: '已有会员领取，不能修改优惠规则、适用范围、有效期和领取方式',
              data: null,
              success: false,
            }),
            { status: 200 },
          );
        }
        return ok({ ...claimed, id: 9 });
      }
      if (url.startsWith('/ops/promotion/coupon/page'))
        return ok({ list: [claimed], total: 1, pageNum: 1, pageSize: 10 });
      return ok([]);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetRequestEnv();
});

function renderPage() {
  render(
    <ConfigProvider locale={zhCN}>
      <AntApp>
        <QueryClientProvider client={makeQueryClient()}>
          <MemoryRouter>
            <CouponListPage />
          </MemoryRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>,
  );
}

describe('优惠券 console', () => {
  it('lists the usage, and 新建 sends yuan as fen', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('已领 4 / 已用 2 / 剩余 96')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /新建优惠券/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('优惠券名称'), '满99减9.9');
    await user.clear(within(dialog).getByLabelText('使用门槛（元）'));
    await user.type(within(dialog).getByLabelText('使用门槛（元）'), '99');
    await user.type(within(dialog).getByLabelText('减免金额（元）'), '9.9');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({
      url: '/ops/promotion/coupon/create',
      body: {
        name: '满99减9.9',
        description: '',
        kind: 'FULL_REDUCTION',
        thresholdFen: 9900,
        amountFen: 990,
        scope: 'ALL',
        scopeIds: [],
        validityType: 'DAYS',
        validDays: 7,
        totalQuantity: 100,
        perMemberLimit: 1,
        channel: 'CENTER',
      },
    });
  }, 60_000);

  it('editing a claimed coupon shows the server refusal in the dialog', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/已有会员领取 4 张/)).toBeTruthy();
    const amount = within(dialog).getByLabelText('减免金额（元）');
    await user.clear(amount);
    await user.type(amount, '25');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('已有会员领取，不能修改优惠规则、适用范围、有效期和领取方式')).toBeTruthy();
    expect(posts[0]).toMatchObject({
      url: '/ops/promotion/coupon/update',
      body: { id: 3, amountFen: 2500, thresholdFen: 19_900 },
    });
  }, 60_000);
});
