import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { OrderAction, OrderItem } from '@mall/shared';
import { shownOrderActions } from '../lib/afterSale.ts';
import { ItemAfterSale } from './ItemAfterSale.tsx';

const item = (over: Partial<OrderItem> = {}): OrderItem => ({
  id: 'item-1',
  goodsId: 7,
  skuId: 70,
  name: '保温杯 350ml',
  image: null,
  specText: '白色',
  unitPrice: 16900,
  quantity: 2,
  goodsAmount: 33800,
  discountAmount: 0,
  paidShare: 33800,
  isCrossBorder: false,
  refundedQuantity: 0,
  afterSale: null,
  activity: null,
  ...over,
});

const afterSaleOffered: OrderAction[] = [
  { key: 'buyAgain', name: '再次购买' },
  { key: 'afterSale', name: '申请售后' },
];

function renderCell(line: OrderItem, actions = afterSaleOffered) {
  const onApply = vi.fn();
  render(
    <MemoryRouter>
      <ItemAfterSale item={line} actions={actions} onApply={onApply} />
    </MemoryRouter>,
  );
  return onApply;
}

const link = (name: string) => screen.queryByRole('link', { name });
const applyButton = () => screen.queryByRole('button', { name: '申请售后' });

afterEach(cleanup);

describe("an order line's after-sale cell", () => {
  it('offers 申请售后 on a line never applied for, and opens the application', () => {
    const onApply = renderCell(item());
    fireEvent.click(applyButton()!);
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('item-after-sale')).toBe(applyButton());
    expect(screen.queryByText('售后中')).toBeNull();
    expect(link('查看售后')).toBeNull();
  });

  it('shows 售后中 and 查看进度 to the request while it is being handled, never 申请售后', () => {
    renderCell(item({ afterSale: { id: 'as-9', open: true } }));
    expect(screen.getByText('售后中')).toBeVisible();
    expect(link('查看进度')).toHaveAttribute('href', '/user/order/afterSaleOrderDetail/as-9');
    expect(applyButton()).toBeNull();
  });

  it('shows 查看售后 for a request that ended, and 申请售后 again only while units are left', () => {
    renderCell(item({ afterSale: { id: 'as-3', open: false }, refundedQuantity: 1 }));
    expect(link('查看售后')).toHaveAttribute('href', '/user/order/afterSaleOrderDetail/as-3');
    expect(applyButton()).toBeVisible();
    expect(screen.queryByText('售后中')).toBeNull();
    cleanup();

    renderCell(item({ afterSale: { id: 'as-3', open: false }, refundedQuantity: 2 }));
    expect(link('查看售后')).toHaveAttribute('href', '/user/order/afterSaleOrderDetail/as-3');
    expect(applyButton()).toBeNull();
  });

  it('offers no 申请售后 when the order does not (state or window), whatever the line', () => {
    renderCell(item(), [{ key: 'buyAgain', name: '再次购买' }]);
    expect(applyButton()).toBeNull();
    expect(screen.getByText('—')).toBeVisible();
  });

  it("drops the order's own 申请售后 once no line may be applied for", () => {
    const open = item({ afterSale: { id: 'as-9', open: true } });
    const refunded = item({ id: 'item-2', refundedQuantity: 2, afterSale: { id: 'as-3', open: false } });
    expect(shownOrderActions({ items: [open, refunded], actions: afterSaleOffered }).map((a) => a.key)).toEqual(['buyAgain']);
    expect(shownOrderActions({ items: [open, item({ id: 'item-3' })], actions: afterSaleOffered })).toEqual(afterSaleOffered);
  });
});
