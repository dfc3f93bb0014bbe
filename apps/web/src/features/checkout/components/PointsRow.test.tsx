import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { CheckoutPoints } from '@mall/shared';
import { PointsRow } from './PointsRow.tsx';

const offer: CheckoutPoints = { balance: 2000, maxUsable: 1500, used: 0, valueFen: 0, fenPer100Points: 100, maxDeductPercent: 50, hint: null };

afterEach(cleanup);

describe('the checkout 积分 row', () => {
  it('offers the most usable points and asks for them with 使用', () => {
    const onChange = vi.fn();
    render(<PointsRow points={offer} using={false} busy={false} onChange={onChange} />);
    expect(screen.getByTestId('checkout-points-offer').textContent).toBe('可用 1500 积分，本单最多抵扣 ¥15.00');
    expect(screen.getByText('100 积分抵 ¥1.00，最多抵扣商品金额的 50%')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: '使用' }));
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('when ticked shows what the quote took off, and unticking drops it', () => {
    const onChange = vi.fn();
    render(<PointsRow points={{ ...offer, used: 1500, valueFen: 1500 }} using busy={false} onChange={onChange} />);
    expect(screen.getByTestId('checkout-points-offer').textContent).toBe('已使用 1500 积分，抵扣 ');
    expect(screen.getByTestId('checkout-points-value').textContent).toBe('-¥15.00');
    const box = screen.getByRole('checkbox', { name: '使用' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    expect(onChange).toHaveBeenCalledWith(false);
  });

  it('says why points cannot be used, with nothing to tick', () => {
    render(<PointsRow points={{ ...offer, balance: 0, maxUsable: 0, hint: '暂无可用积分' }} using={false} busy={false} onChange={vi.fn()} />);
    expect(screen.getByTestId('checkout-points-offer').textContent).toBe('共 0 积分，暂无可用积分');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('cannot be ticked while the server is quoting', () => {
    render(<PointsRow points={offer} using={false} busy onChange={vi.fn()} />);
    expect((screen.getByRole('checkbox', { name: '使用' }) as HTMLInputElement).disabled).toBe(true);
  });
});
