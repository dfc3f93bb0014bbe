import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { OrderDetail, OrderItem, OrderShipment } from '@mall/shared';

// antd's Descriptions reads the breakpoints.
window.matchMedia = (query: string) =>
  ({ matches: false, media: query, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;

const { needsPackages, OrderPackages } = await import('./OrderPackages.tsx');

const item = (id: string, name: string, quantity = 1) => ({ id, name, quantity }) as OrderItem;

const order = (shipments: OrderShipment[] | undefined, status = 'PENDING_RECEIPT') =>
  ({
    status,
    items: [item('a', '明前龙井 250g', 2), item('b', '保温杯 350ml'), item('c', '白茶饼')],
    ...(shipments ? { shipments } : {}),
  }) as unknown as OrderDetail;

const parcel = (storeName: string | null, itemIds: string[], trackingNo: string): OrderShipment => ({
  storeName,
  company: '顺丰速运',
  trackingNo,
  shippedAt: '2026-11-20T02:00:00.000Z',
  itemIds,
});

afterEach(cleanup);

describe('the buyer sees each party’s parcel', () => {
  it('one parcel of the whole order (or none) keeps 物流信息 as it was', () => {
    expect(needsPackages(order(undefined))).toBe(false);
    expect(needsPackages(order([]))).toBe(false);
    expect(needsPackages(order([parcel(null, ['a', 'b', 'c'], 'SF1')]))).toBe(false);
  });

  it('two parcels: 包裹 1 from the shop, 包裹 2 from the store, each with its goods', () => {
    const o = order([parcel(null, ['b'], 'SF100'), parcel('山野茶舍', ['a', 'c'], 'SF200')]);
    expect(needsPackages(o)).toBe(true);
    render(<OrderPackages order={o} />);
    expect(screen.getByText('订单已分 2 个包裹发出')).toBeTruthy();
    const [first, second] = screen.getAllByTestId('order-package');
    expect(within(first!).getByRole('heading').textContent).toBe('包裹 1 · 商城自营');
    expect(within(first!).getByText('SF100')).toBeTruthy();
    expect(within(first!).getByText('保温杯 350ml')).toBeTruthy();
    expect(within(second!).getByRole('heading').textContent).toBe('包裹 2 · 店铺：山野茶舍');
    expect(within(second!).getByText('明前龙井 250g ×2、白茶饼')).toBeTruthy();
    expect(screen.queryByTestId('order-package-waiting')).toBeNull();
  });

  it('one party shipped, another not yet: the parcel and what is still waiting', () => {
    const o = order([parcel('山野茶舍', ['a'], 'YT9')], 'PENDING_SHIPMENT');
    expect(needsPackages(o)).toBe(true);
    render(<OrderPackages order={o} />);
    expect(screen.getByText('已发出 1 个包裹，其余商品待发货')).toBeTruthy();
    expect(screen.getByTestId('order-package-waiting').textContent).toBe('待发货：保温杯 350ml、白茶饼');
  });
});
