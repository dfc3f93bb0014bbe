import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { OrderItem, ReviewLineState } from '@mall/shared';
import { ItemReview } from './ItemReview.tsx';

const line: OrderItem = {
  id: 'item-9',
  goodsId: 7,
  skuId: 70,
  name: '保温杯 350ml',
  image: '/static/a.png',
  specText: '白色',
  unitPrice: 16900,
  quantity: 1,
  goodsAmount: 16900,
  discountAmount: 0,
  paidShare: 16900,
  isCrossBorder: false,
  refundedQuantity: 0,
  afterSale: null,
  activity: null,
};

function renderCell(state: ReviewLineState | undefined) {
  const onWrite = vi.fn();
  const { container } = render(<ItemReview item={line} state={state} onWrite={onWrite} />);
  return { onWrite, container };
}

afterEach(cleanup);

describe('ItemReview: what a received line offers', () => {
  it.each([
    ['REVIEW', /^评\s?价$/],
    ['FOLLOW_UP', /^追\s?评$/],
  ] as const)('%s: a %s button that opens the dialog for this line', (state, name) => {
    const { onWrite } = renderCell(state);
    // antd spaces a two-character label out (评 价).
    fireEvent.click(screen.getByRole('button', { name }));
    expect(onWrite).toHaveBeenCalledWith({
      orderItemId: 'item-9',
      name: '保温杯 350ml',
      image: '/static/a.png',
      specText: '白色',
      mode: state,
    });
  });

  it('DONE: 已评价, and no button', () => {
    renderCell('DONE');
    expect(screen.getByText('已评价')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it.each([['CLOSED'], [undefined]] as const)('%s: nothing (not received, or past the period unreviewed)', (state) => {
    const { container } = renderCell(state);
    expect(container.textContent).toBe('');
  });
});
