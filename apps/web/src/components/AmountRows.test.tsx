import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { AmountRows } from './AmountRows.tsx';

afterEach(cleanup);

describe('AmountRows', () => {
  it('lists an order’s discounts by kind, one row each, in place of 优惠', () => {
    render(
      <AmountRows
        goodsAmount={9800}
        discount={4020}
        pointsDiscount={300}
        discounts={[
          { kind: 'FLASH_SALE', name: '秒杀优惠', amount: 4020 },
          { kind: 'POINTS', name: '积分抵扣', amount: 300 },
        ]}
        freight={1000}
        payable={6480}
      />,
    );
    expect(screen.getByText('秒杀优惠：')).toBeTruthy();
    expect(screen.getByTestId('amount-discount-FLASH_SALE').textContent).toBe('-¥40.20');
    expect(screen.getByTestId('amount-points').textContent).toBe('-¥3.00');
    expect(screen.queryByText('优惠：')).toBeNull();
    expect(screen.queryByTestId('amount-discount')).toBeNull();
  });

  it('without the split (the checkout) shows one 优惠 row', () => {
    render(<AmountRows goodsAmount={9800} discount={4020} freight={0} payable={5780} />);
    expect(screen.getByTestId('amount-discount').textContent).toBe('-¥40.20');
  });
});
