import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConsoleSupplierApplicationDetail, ConsoleSupplierApplicationRow, ConsoleSupplierRow } from '@mall/shared';
import { resetRequestEnv } from '../../../lib/request.ts';
import { renderInConsole, reply } from '../../../test/render.tsx';
import { findButton, findDialog, getButton } from '../../../test/buttons.ts';
import SupplierReviewPage from './SupplierReviewPage.tsx';

const ID = '5f0c6f5e-8a55-4a4e-9d4c-2b1f0f3c9a11';
const row: ConsoleSupplierApplicationRow = {
  id: ID,
  status: 'PENDING',
  companyName: '杭州山野茶业有限公司',
  storeName: '山野茶舍',
  contactName: '林青',
  contactMobileMasked: '139****5678',
  submittedAt: '2026-11-26T02:00:00.000Z',
  reviewedAt: null,
  reviewedBy: null,
};
const detail: ConsoleSupplierApplicationDetail = {
  id: ID,
  status: 'PENDING',
  step: 3,
  rejectReason: null,
  submittedAt: '2026-11-26T02:00:00.000Z',
  reviewedAt: null,
  reviewedBy: null,
  company: {
    companyName: '杭州山野茶业有限公司',
    creditCode: '91330106MA2H3X5L1T',
    licenceImage: 'lic-1.png',
    licenceUrl: '/member/supplier/file/lic-1.png?exp=1&sig=abc',
    legalName: '林青',
    legalIdMasked: '3****************X',
    provinceCode: '330000',
    cityCode: '330100',
    districtCode: '330106',
    regionText: '浙江省 杭州市 西湖区',
    addressDetail: '龙井路 18 号',
    contactName: '林青',
    contactMobile: '13912345678',
  },
  bank: {
    accountName: '杭州山野茶业有限公司',
    bankName: '招商银行',
    bankBranch: '杭州西湖支行',
    accountMasked: '6222 **** **** 1234',
  },
  store: {
    storeName: '山野茶舍',
    storeLogo: 'logo-1.png',
    storeLogoUrl: '/uploads/supplier/logo-1.png',
    categoryIds: [1],
    categoryNames: ['食品饮料'],
    storeDescription: '高山茶园直供',
  },
  supplier: null,
  member: { id: 'm-1', username: 'tea_supplier', mobileMasked: '139****5678' },
  actions: ['approve', 'reject'],
  history: [{ at: '2026-11-26T02:00:00.000Z', action: '提交申请', by: null, reason: null }],
};
const store: ConsoleSupplierRow = {
  id: 's-1',
  storeName: '云上果园',
  storeLogoUrl: '/uploads/supplier/logo-2.png',
  companyName: '云南果园有限公司',
  memberMasked: 'fruit_***',
  goodsCount: 3,
  status: 'ACTIVE',
  createdAt: '2026-11-20T02:00:00.000Z',
};

let posts: { url: string; body: unknown }[] = [];
let gets: string[] = [];
let approveReply: () => Response;

beforeEach(() => {
  posts = [];
  gets = [];
  approveReply = () => reply(0, { supplierId: 's-9', storeName: '山野茶舍' }, '已通过');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push({ url, body: JSON.parse(String(init.body)) as unknown });
        if (url.endsWith('/approve')) return approveReply();
        return reply(0, null, '已驳回');
      }
      gets.push(url);
      if (url.startsWith('/ops/supplier/application/page'))
        return reply(0, { list: [row], total: 1, pageNum: 1, pageSize: 10 });
      if (url.startsWith('/ops/supplier/application/detail')) return reply(0, detail);
      if (url.startsWith('/ops/supplier/page')) return reply(0, { list: [store], total: 1, pageNum: 1, pageSize: 10 });
      return reply(0, null);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetRequestEnv();
});

function renderPage(path = '/suppliers') {
  renderInConsole(<SupplierReviewPage />, { path });
}

describe('供应商审核', () => {
  it('待审核 first; the detail shows every step masked where it must be, the licence and the logo', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    const first = await screen.findByTestId('supplier-row');
    expect(gets[0]).toContain('status=PENDING');
    expect(first.textContent).toContain('杭州山野茶业有限公司');
    expect(first.textContent).toContain('山野茶舍');
    expect(first.textContent).toContain('139****5678');

    await user.click(getButton(first, '详情'));
    const drawer = await screen.findByTestId('supplier-detail');
    for (const text of [
      '91330106MA2H3X5L1T',
      '3****************X',
      '浙江省 杭州市 西湖区 龙井路 18 号',
      '6222 **** **** 1234',
      '招商银行',
      '杭州西湖支行',
      '食品饮料',
      '高山茶园直供',
      'tea_supplier',
      '提交申请',
    ])
      expect(drawer.textContent, text).toContain(text);
    expect(within(drawer).getByAltText('营业执照').getAttribute('src')).toContain('sig=abc');
    expect(within(drawer).getByAltText('店铺 Logo').getAttribute('src')).toBe('/uploads/supplier/logo-1.png');
  });

  it('驳回 needs a reason and sends it trimmed', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    const first = await screen.findByTestId('supplier-row');
    await user.click(getButton(first, /^驳\s*回$/));
    const dialog = await findDialog('驳回入驻申请');
    await user.click(getButton(dialog, '确认驳回'));
    expect(await within(dialog).findByText('请填写驳回原因')).toBeTruthy();
    expect(posts).toEqual([]);
    await user.click(within(dialog).getByLabelText('驳回原因'));
    await user.paste('  营业执照不清晰  ');
    await user.click(getButton(dialog, '确认驳回'));
    await waitFor(() =>
      expect(posts).toEqual([{ url: '/ops/supplier/application/reject', body: { id: ID, reason: '营业执照不清晰' } }]),
    );
  });

  it('通过 asks first, sends the application and reads the list again', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage();
    const first = await screen.findByTestId('supplier-row');
    const before = gets.length;
    await user.click(getButton(first, /^通\s*过$/));
    await user.click(await findButton('通 过'));
    await waitFor(() => expect(posts).toEqual([{ url: '/ops/supplier/application/approve', body: { id: ID } }]));
    await waitFor(() => expect(gets.length).toBeGreaterThan(before));
  });

  it('供应商列表 lists the stores opened', async () => {
    renderPage('/suppliers?view=stores');
    const r = await screen.findByTestId('store-row');
    expect(r.textContent).toContain('云上果园');
    expect(r.textContent).toContain('云南果园有限公司');
    expect(r.textContent).toContain('营业中');
    expect(gets.some((u) => u.startsWith('/ops/supplier/page'))).toBe(true);
  });
});
