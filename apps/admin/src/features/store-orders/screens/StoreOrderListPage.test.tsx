import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetRequestEnv } from '../../../lib/request.ts';
import { renderInConsole, reply } from '../../../test/render.tsx';
import { findOption } from '../../../test/select.ts';
import type { StoreOrderDetail, StoreOrderRow } from '@mall/shared';
import StoreOrderListPage from './StoreOrderListPage.tsx';

const line = {
  id: 'i-1',
  goodsId: 41,
  skuId: 410,
  name: '高山云雾绿茶 250g',
  image: null,
  specText: '罐装',
  unitPrice: 8800,
  quantity: 2,
  goodsAmount: 17600,
  paidShare: 16800,
  refundedQuantity: 0,
  refundedAmount: 0,
  openAfterSales: 0,
};
const order: StoreOrderRow = {
  orderNo: 'M202611260001',
  status: 'PENDING_SHIPMENT',
  statusText: '待发货',
  createdAt: '2026-11-26T02:00:00.000Z',
  paidAt: '2026-11-26T02:01:00.000Z',
  lines: [line],
  linesAmount: 16800,
  shipped: false,
  canShip: true,
  buyer: 'd***o',
};
const detail: StoreOrderDetail = {
  ...order,
  remark: '请用纸箱包装',
  address: {
    receiverName: '张三',
    mobile: '13800138000',
    provinceName: '浙江省',
    cityName: '杭州市',
    districtName: '西湖区',
    detail: '文三路 90 号',
    fullAddress: '浙江省杭州市西湖区文三路 90 号',
  },
  otherLinesCount: 1,
  shipment: null,
};

let posts: { url: string; body: unknown }[] = [];
let gets: string[] = [];
let shipReply: () => Response;

beforeEach(() => {
  posts = [];
  gets = [];
  shipReply = () => reply(0, { ...detail, shipped: true, canShip: false }, '已发货');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'POST') {
        posts.push({ url, body: JSON.parse(String(init.body)) as unknown });
        return shipReply();
      }
      gets.push(url);
      if (url.startsWith('/ops/store/order/page'))
        return reply(0, { list: [order], total: 1, pageNum: 1, pageSize: 10 });
      if (url.startsWith('/ops/store/order/detail')) return reply(0, detail);
      return reply(0, null);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetRequestEnv();
});

describe('本店订单', () => {
  // The dialog's own checks (fields, refusal) are ShipModal's tests; here, that 本店发货 sends the store's call in its words.
  it('this store’s lines and amount; the detail has the whole address; 本店发货 names the fields its way and sends the store’s call', async () => {
    const user = userEvent.setup({ delay: null });
    renderInConsole(<StoreOrderListPage />);
    const row = await screen.findByTestId('store-order-row');
    expect(row.textContent).toContain('M202611260001');
    expect(row.textContent).toContain('高山云雾绿茶 250g');
    expect(row.textContent).toContain('¥168.00');
    expect(row.textContent).toContain('d***o');
    expect(row.textContent).toContain('待发货');

    await user.click(within(row).getByRole('button', { name: '详情' }));
    const drawer = await screen.findByTestId('store-order-detail');
    expect(drawer.textContent).toContain('浙江省杭州市西湖区文三路 90 号');
    expect(drawer.textContent).toContain('13800138000');
    expect(drawer.textContent).toContain('张三');
    expect(drawer.textContent).toContain('买家留言：请用纸箱包装');
    expect(drawer.textContent).toContain('另有 1 种商品由其他商家发货');

    // the drawer's own 发货 (the row has one too)
    await user.click(screen.getAllByRole('button', { name: /发\s*货/ }).find((b) => b.closest('.ant-drawer'))!);
    const dialog = (await screen.findAllByRole('dialog')).find((d) => d.textContent?.includes('确认发货'))!;
    await user.click(within(dialog).getByRole('button', { name: '确认发货' }));
    expect(await within(dialog).findByText('请选择快递公司')).toBeTruthy();
    expect(await within(dialog).findByText('请填写运单号')).toBeTruthy();
    expect(posts).toEqual([]);

    await user.click(within(dialog).getByLabelText('快递公司'));
    await user.click(await findOption('顺丰速运'));
    await user.click(within(dialog).getByLabelText('运单号'));
    await user.paste('SF1234567890');

    shipReply = () => reply(111301, null, '已发货，请勿重复操作');
    await user.click(within(dialog).getByRole('button', { name: '确认发货' }));
    await waitFor(() =>
      expect(posts).toEqual([
        {
          url: '/ops/store/order/ship',
          body: { orderNo: 'M202611260001', company: '顺丰速运', trackingNo: 'SF1234567890' },
        },
      ]),
    );
    expect((await within(dialog).findByTestId('dialog-error')).textContent).toBe('已发货，请勿重复操作');
  }, 300_000);
});
