import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OpsMe } from '@mall/shared';
import { makeQueryClient } from '../../../app/queryClient.ts';
import { resetRequestEnv } from '../../../lib/request.ts';
import { renderInConsole, reply } from '../../../test/render.tsx';
import { meQueryKey } from '../../../lib/session.ts';
import type { GoodsRow } from '../../../entities/goods/types.ts';
import { findButton, findDialog, getButton, queryButton } from '../../../test/buttons.ts';
import GoodsReviewPage from './GoodsReviewPage.tsx';
import StoreGoodsListPage from './StoreGoodsListPage.tsx';

const base: GoodsRow = {
  id: 41,
  name: '高山云雾绿茶 250g',
  image: null,
  categoryId: 9,
  categoryPath: ['食品饮料', '茶叶'],
  brandId: null,
  brandName: null,
  priceMin: 8800,
  priceMax: 8800,
  stock: 100,
  minSkuStock: 100,
  stockState: 'inStock',
  skuCount: 1,
  sales: 0,
  onShelf: false,
  isCrossBorder: false,
  createdAt: '2026-11-26T02:00:00.000Z',
  updatedAt: '2026-11-26T02:00:00.000Z',
  storeName: '山野茶舍',
  reviewStatus: 'PENDING',
  reviewReason: null,
};
const approved: GoodsRow = { ...base, id: 42, name: '明前龙井 100g', reviewStatus: 'APPROVED', onShelf: true };
const rejected: GoodsRow = {
  ...base,
  id: 43,
  name: '白茶饼 357g',
  reviewStatus: 'REJECTED',
  reviewReason: '主图含联系方式',
};

const storeMe: OpsMe = {
  id: 'op-9',
  username: 'store_1a2b3c4d',
  displayName: '山野茶舍',
  role: { key: 'supplier', name: '供应商' },
  permissions: ['store:goods', 'store:orders'],
  totpEnabled: false,
  mustChangePassword: false,
  store: { id: 's-1', name: '山野茶舍' },
};

let posts: { url: string; body: unknown }[] = [];
let gets: string[] = [];

beforeEach(() => {
  posts = [];
  gets = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push({ url, body: JSON.parse(String(init.body)) as unknown });
        return reply(0, null, '操作成功');
      }
      gets.push(url);
      if (url.startsWith('/ops/store/goods/page'))
        return reply(0, { list: [base, approved, rejected], total: 3, pageNum: 1, pageSize: 20, lowStock: 10 });
      if (url.startsWith('/ops/goods/review/page'))
        return reply(0, {
          list: [
            {
              id: 41,
              name: base.name,
              image: null,
              store: { id: 's-1', name: '山野茶舍' },
              storeName: '山野茶舍',
              priceMin: 8800,
              priceMax: 8800,
              reviewStatus: 'PENDING',
              reviewStatusName: '待审核',
              reviewReason: null,
              onShelf: false,
              submittedAt: '2026-11-26T02:00:00.000Z',
            },
          ],
          total: 1,
          pageNum: 1,
          pageSize: 10,
        });
      return reply(0, null);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetRequestEnv();
});

function renderPage(page: React.ReactNode, me?: OpsMe) {
  const client = makeQueryClient();
  if (me) client.setQueryData(meQueryKey, me);
  renderInConsole(page, { client });
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

describe('本店商品', () => {
  it('the store’s goods with their review state; 上架/下架 only once approved, against the store’s calls', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<StoreGoodsListPage />, storeMe);
    await screen.findByText(base.name);
    expect(gets.some((u) => u.startsWith('/ops/store/goods/page'))).toBe(true);
    // a store account reads none of the shop's catalogue calls: the buyer's category tree serves its pickers
    expect(gets.filter((u) => u.startsWith('/ops/') && !u.startsWith('/ops/store/'))).toEqual([]);
    expect(gets.some((u) => u.startsWith('/member/goods/category/tree'))).toBe(true);

    const pending = rowOf(base.name);
    expect(within(pending).getByTestId('review-status').textContent).toBe('审核中');
    expect(queryButton(pending, /上\s*架/)).toBeNull();
    expect(getButton(pending, /编\s*辑/)).toBeTruthy();

    const no = rowOf(rejected.name);
    expect(within(no).getByTestId('review-status').textContent).toBe('已驳回');
    expect(no.textContent).toContain('驳回原因：主图含联系方式');
    expect(queryButton(no, /上\s*架/)).toBeNull();

    const yes = rowOf(approved.name);
    expect(within(yes).getByTestId('review-status').textContent).toBe('已通过');
    await user.click(getButton(yes, /下\s*架/));
    await user.click(await findButton('下 架'));
    await waitFor(() =>
      expect(posts).toEqual([{ url: '/ops/store/goods/shelf', body: { goodsId: 42, onShelf: false } }]),
    );
    // no batch selection and no brand filter for a store
    expect(document.querySelector('input[type="checkbox"], [role="checkbox"]')).toBeNull();
    expect(screen.queryByLabelText('品牌')).toBeNull();
  });
});

describe('商品审核', () => {
  it('待审核 store goods with the store; 驳回 sends the reason, 通过 asks first', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage(<GoodsReviewPage />);
    const row = await screen.findByTestId('review-goods-row');
    expect(gets[0]).toContain('status=PENDING');
    expect(row.textContent).toContain('山野茶舍');
    expect(row.textContent).toContain('¥88.00');

    await user.click(getButton(row, /驳\s*回/));
    const dialog = await findDialog('驳回商品');
    await user.click(within(dialog).getByLabelText('驳回原因'));
    await user.paste('主图含联系方式');
    await user.click(getButton(dialog, '确认驳回'));
    await waitFor(() =>
      expect(posts).toEqual([{ url: '/ops/goods/review/reject', body: { goodsId: 41, reason: '主图含联系方式' } }]),
    );

    await user.click(getButton(screen.getByTestId('review-goods-row'), /^通\s*过$/));
    await user.click(await findButton('通 过'));
    await waitFor(() => expect(posts[1]).toEqual({ url: '/ops/goods/review/approve', body: { goodsId: 41 } }));
  });
});
