import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { SupplierApplicationView } from '@mall/shared';

/** The server as the page meets it: the member's application, and what a save answers. */
const server = vi.hoisted(() => ({
  app: null as unknown,
  refuse: null as { message: string; code: number } | null,
  posts: [] as { url: string; body: unknown }[],
}));

vi.mock('../../../lib/session.ts', () => ({ useSession: () => ({ user: { id: 'm1', username: 'yunxiu', mobile: '139****0001', roles: ['member'] } }) }));

vi.mock('../../../lib/request.ts', () => {
  class RequestError extends Error {
    constructor(
      message: string,
      readonly code?: number,
    ) {
      super(message);
    }
  }
  return {
    RequestError,
    request: {
      get: vi.fn(async (url: string) => {
        if (url === '/member/supplier/application') return server.app;
        if (url === '/member/trade/address/regions') return [];
        if (url === '/member/goods/category/tree') return [{ id: 1, name: '茶饮冲调' }];
        throw new Error(`unexpected ${url}`);
      }),
      post: vi.fn(async (url: string, body: unknown) => {
        server.posts.push({ url, body });
        if (server.refuse) throw new RequestError(server.refuse.message, server.refuse.code);
        return server.app;
      }),
    },
  };
});

window.matchMedia = (query: string) =>
  ({ matches: false, media: query, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

const { default: SupplierRegisterPage } = await import('./SupplierRegisterPage.tsx');

const company = {
  companyName: '杭州云岫茶业有限公司',
  creditCode: '91110000802100433B',
  licenceImage: 'lic.png',
  licenceUrl: '/member/supplier/file/lic.png?exp=1&sig=x',
  legalName: '林晓岚',
  legalIdMasked: '3****************3',
  provinceCode: '33',
  cityCode: '3301',
  districtCode: '330106',
  regionText: '浙江省 杭州市 西湖区',
  addressDetail: '龙井路 18 号',
  contactName: '林晓岚',
  contactMobile: '13900000001',
};
const bank = { accountName: company.companyName, bankName: '中国工商银行', bankBranch: '西湖支行', accountMasked: '6222 **** **** 0123' };
const store = { storeName: '云岫茶坊', storeLogo: 'logo.png', storeLogoUrl: '/static/uploads/store-logos/logo.png', categoryIds: [1], categoryNames: ['茶饮冲调'], storeDescription: '' };

const view = (over: Partial<SupplierApplicationView>): SupplierApplicationView => ({
  id: 'a1',
  status: 'DRAFT',
  step: 0,
  rejectReason: null,
  submittedAt: null,
  reviewedAt: null,
  company: null,
  bank: null,
  store: null,
  supplier: null,
  ...over,
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SupplierRegisterPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const heading = async (name: string) => within(await screen.findByTestId('supplier-steps')).findByRole('heading', { name });

beforeEach(() => {
  server.app = null;
  server.refuse = null;
  server.posts = [];
});
afterEach(cleanup);

describe('供应商入驻', () => {
  it('no application: 入驻须知 and the empty 企业信息', async () => {
    renderPage();
    expect(await heading('企业信息')).toBeTruthy();
    expect(screen.getByText('入驻须知')).toBeTruthy();
    expect((screen.getByLabelText('公司名称') as HTMLInputElement).value).toBe('');
  });

  it('reopens after the furthest saved step, 开户名 the company name', async () => {
    server.app = view({ step: 1, company });
    renderPage();
    expect(await heading('结算账户')).toBeTruthy();
    expect((screen.getByLabelText('开户名') as HTMLInputElement).value).toBe(company.companyName);
  });

  it('all three saved: 核对并提交 with the numbers masked', async () => {
    server.app = view({ step: 3, company, bank, store });
    renderPage();
    expect(await heading('核对并提交')).toBeTruthy();
    const summary = screen.getByTestId('supplier-summary');
    expect(summary.textContent).toContain('3****************3');
    expect(summary.textContent).toContain('6222 **** **** 0123');
    expect(screen.getByRole('button', { name: '确认提交' })).toBeTruthy();
  });

  it('已驳回: the reason first; 修改后重新提交 opens the steps filled, the ID number asked again', async () => {
    server.app = view({ status: 'REJECTED', step: 3, rejectReason: '营业执照照片不清晰', company, bank, store });
    renderPage();
    expect((await screen.findByTestId('supplier-reject-reason')).textContent).toBe('驳回原因：营业执照照片不清晰');
    fireEvent.click(screen.getByRole('button', { name: '修改后重新提交' }));
    expect(await heading('企业信息')).toBeTruthy();
    expect(screen.getByText('驳回原因：营业执照照片不清晰')).toBeTruthy();
    expect((screen.getByLabelText('公司名称') as HTMLInputElement).value).toBe(company.companyName);
    expect((screen.getByLabelText('法人身份证号') as HTMLInputElement).value).toBe('');
    expect(screen.getByText(/已保存的号码为 3\*+3；.*请重新填写/)).toBeTruthy();
  });

  it("the server's refusal goes beside its field, and nothing moves on", async () => {
    server.app = view({ status: 'REJECTED', step: 3, rejectReason: '店铺名称不合适', company, bank, store });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '修改后重新提交' }));
    fireEvent.click(await screen.findByRole('button', { name: /店铺信息/ }));
    expect(await heading('店铺信息')).toBeTruthy();
    server.refuse = { message: '店铺名称已被使用', code: 111103 };
    fireEvent.click(screen.getByRole('button', { name: '保存并下一步' }));
    await waitFor(() => expect(server.posts.map((p) => p.url)).toEqual(['/member/supplier/application/store']));
    const field = screen.getByLabelText('店铺名称').closest('.ant-form-item')!;
    expect(await within(field as HTMLElement).findByText('店铺名称已被使用')).toBeTruthy();
    expect(await heading('店铺信息')).toBeTruthy();
  });

  it('待审核 and 已通过 say what happens next and how to sign in to the console', async () => {
    server.app = view({ status: 'PENDING', step: 3, submittedAt: '2026-11-26T02:00:00.000Z', company, bank, store });
    renderPage();
    expect((await screen.findByTestId('supplier-pending')).textContent).toContain('审核期间资料不能修改');
    cleanup();
    server.app = view({ status: 'APPROVED', step: 3, company, bank, store, supplier: { id: 's1', storeName: '云岫茶坊' } });
    renderPage();
    const approved = await screen.findByTestId('supplier-approved');
    expect(screen.getByTestId('supplier-store-name').textContent).toBe('云岫茶坊');
    expect(approved.textContent).toContain('供应商登录');
    expect(approved.textContent).toContain('/admin/');
    expect(screen.getByTestId('supplier-account').textContent).toBe('yunxiu');
  });
});
