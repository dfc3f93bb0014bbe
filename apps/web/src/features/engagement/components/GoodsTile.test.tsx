import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { GoodsSummary } from '../api/types.ts';
import { GoodsTile, goodsMark } from './GoodsTile.tsx';

const goods = (over: Partial<GoodsSummary> = {}): GoodsSummary => ({
  id: 7,
  name: '保温杯 350ml',
  image: null,
  price: 16900,
  marketPrice: 19900,
  onShelf: true,
  stock: 10,
  soldOut: false,
  ...over,
});

afterEach(cleanup);

describe('a goods tile of history and favourites', () => {
  it('marks goods off the shelf, sold out or gone; buyable goods carry no mark', () => {
    expect(goodsMark(goods())).toBeNull();
    expect(goodsMark(goods({ onShelf: false }))).toBe('已下架');
    expect(goodsMark(goods({ soldOut: true, stock: 0 }))).toBe('已售罄');
    expect(goodsMark(goods({ onShelf: false, soldOut: true }))).toBe('已下架');
    expect(goodsMark(null)).toBe('商品已失效');
  });

  it("shows today's price in yuan, and the mark over a greyed tile", () => {
    const { rerender } = render(
      <GoodsTile goods={goods()} selecting={false} selected={false} onToggle={() => {}} onOpen={() => {}} testId="t" />,
    );
    expect(screen.getByTestId('tile-price').textContent).toBe('¥169.00');
    expect(screen.queryByTestId('goods-mark')).toBeNull();
    rerender(
      <GoodsTile
        goods={goods({ onShelf: false })}
        selecting={false}
        selected={false}
        onToggle={() => {}}
        onOpen={() => {}}
        testId="t"
      />,
    );
    expect(screen.getByTestId('goods-mark').textContent).toBe('已下架');
    expect(screen.getByTestId('t').className).toMatch(/inactive/);
  });

  it('opens the goods outside select mode and toggles it inside', () => {
    const onOpen = vi.fn();
    const onToggle = vi.fn();
    const { rerender } = render(
      <GoodsTile goods={goods()} selecting={false} selected={false} onToggle={onToggle} onOpen={onOpen} testId="t" />,
    );
    fireEvent.click(screen.getByTestId('t'));
    expect(onOpen).toHaveBeenCalledTimes(1);
    rerender(<GoodsTile goods={goods()} selecting selected={false} onToggle={onToggle} onOpen={onOpen} testId="t" />);
    fireEvent.click(screen.getByTestId('t'));
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(onOpen).toHaveBeenCalledTimes(1);
  });
});
