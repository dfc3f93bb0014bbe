import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetRequestEnv } from '../../../lib/request.ts';
import { getButton } from '../../../test/buttons.ts';
import { renderInConsole, reply } from '../../../test/render.tsx';
import { chosenTexts, findOption } from '../../../test/select.ts';
import { MallGoodsModal } from './MallGoodsModal.tsx';

let posts: { url: string; body: unknown }[] = [];
beforeEach(() => {
  posts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push({ url, body: JSON.parse(String(init.body)) as unknown });
        return reply(0, { id: 1 });
      }
      if (url.startsWith('/ops/goods/page'))
        return reply(0, { list: [{ id: 5, name: '保温杯', onShelf: true }], total: 1, pageNum: 1, pageSize: 20 });
      if (url.startsWith('/ops/goods/detail?goodsId=5'))
        return reply(0, {
          id: 5,
          name: '保温杯',
          skus: [{ id: 51, code: 'BW-1', specs: { 颜色: '白' }, price: 5900, marketPrice: 6900, stock: 40 }],
        });
      return reply(0, null);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetRequestEnv();
});

describe('新增积分商品', () => {
  it('a goods found by name with a single SKU has it chosen; saving sends that SKU', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    renderInConsole(<MallGoodsModal editing={null} open onClose={onClose} />);
    const dialog = (await screen.findByText('新增积分商品')).closest<HTMLElement>('[role="dialog"]')!;
    await user.type(within(dialog).getByLabelText('商品'), '保温');
    await user.click(await findOption('保温杯'));
    const sku = within(dialog).getByLabelText('规格').closest<HTMLElement>('.ant-select')!;
    await waitFor(() => expect(chosenTexts(sku)).toEqual(['颜色：白 · ¥59.00 · 库存 40']));
    await user.type(within(dialog).getByLabelText('分类'), '精选好物');
    await user.click(getButton(dialog, /保\s*存/));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts).toEqual([
      {
        url: '/ops/points/mall/create',
        body: {
          category: '精选好物',
          pointsPrice: 1000,
          cashFen: 0,
          stock: 10,
          perMemberLimit: 1,
          sort: 0,
          onShelf: false,
          skuId: 51,
        },
      },
    ]);
  });
});
