import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OpsCouponTemplate } from '@mall/shared';
import { resetRequestEnv } from '../../../lib/request.ts';
import { renderInConsole } from '../../../test/render.tsx';
import { chosenTexts, findOption } from '../../../test/select.ts';
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
let templates: OpsCouponTemplate[] = [];

beforeEach(() => {
  posts = [];
  templates = [claimed];
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
        if (url.endsWith('/grant'))
          return ok({ granted: 1, remaining: 95, skipped: [{ memberId: 'm-2', reason: '已达每人限领数量' }] });
        return ok({ ...claimed, id: 9 });
      }
      if (url.startsWith('/ops/promotion/coupon/page'))
        return ok({ list: templates, total: templates.length, pageNum: 1, pageSize: 10 });
      if (url.startsWith('/ops/goods/detail?goodsId=5')) return ok({ id: 5, name: '保温杯', skus: [] });
      if (url.startsWith('/ops/goods/detail'))
        return new Response(JSON.stringify({ code: 404, message: '资源不存在', data: null, success: false }));
      if (url.startsWith('/ops/member/page'))
        return ok({
          list: [
            { id: 'm-1', username: 'xiaoming', nickname: '小明', mobile: '138****0001' },
            { id: 'm-2', username: 'hong', nickname: null, mobile: '138****0002' },
          ],
          total: 2,
          pageNum: 1,
          pageSize: 10,
        });
      return ok([]);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetRequestEnv();
});

function renderPage() {
  renderInConsole(<CouponListPage />);
}

describe('优惠券 console', () => {
  it('lists the usage, and 新建 sends yuan as fen', async () => {
    const user = userEvent.setup({ delay: null });
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
    const user = userEvent.setup({ delay: null });
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
  it('editing a coupon for named goods names them from the catalogue (or by number when gone)', async () => {
    templates = [
      {
        ...claimed,
        scope: 'GOODS',
        scopeText: '指定商品',
        scopeIds: [5, 7],
        figures: { ...claimed.figures, claimed: 0 },
      },
    ];
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    const goods = within(dialog).getByLabelText('适用商品').closest<HTMLElement>('.ant-select')!;
    await waitFor(() => expect(chosenTexts(goods)).toEqual(['保温杯', '商品 7']));
  }, 60_000);

  it('发放 to members found by search; each member skipped is named with the reason', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('button', { name: /^发\s*放$/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('会员'), '138');
    await user.click(await findOption('小明 · 138****0001'));
    await user.click(await findOption('hong · 138****0002'));
    await user.click(within(dialog).getByRole('button', { name: '确认发放' }));
    expect((await within(dialog).findByTestId('coupon-grant-result')).textContent).toContain(
      'hong · 138****0002：已达每人限领数量',
    );
    expect(posts).toEqual([{ url: '/ops/promotion/coupon/grant', body: { id: 3, memberIds: ['m-1', 'm-2'] } }]);
  }, 60_000);
});
