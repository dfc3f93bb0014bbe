import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QuantityStepper } from './QuantityStepper.tsx';

afterEach(cleanup);

function box() {
  return screen.getByRole('spinbutton', { name: '商品的数量' });
}

describe('QuantityStepper', () => {
  it('caps a typed 99999 at the stock, saves the capped value and says 最多购买 N 件', async () => {
    const commit = vi.fn(() => Promise.resolve());
    render(<QuantityStepper value={3} max={422} label="商品的数量" onCommit={commit} />);
    fireEvent.change(box(), { target: { value: '99999' } });
    await act(async () => fireEvent.blur(box()));
    expect(commit).toHaveBeenCalledWith(422);
    expect(box()).toHaveValue('422');
    expect(screen.getByRole('status')).toHaveTextContent('最多购买 422 件');
  });

  it('puts the box back to the server quantity when the change is refused', async () => {
    const commit = vi.fn(() => Promise.reject(new Error('库存不足')));
    render(<QuantityStepper value={3} max={422} label="商品的数量" onCommit={commit} />);
    fireEvent.change(box(), { target: { value: '7' } });
    await act(async () => fireEvent.blur(box()));
    expect(commit).toHaveBeenCalledWith(7);
    expect(box()).toHaveValue('3');
  });

  it('sends nothing for an empty box or an unchanged number', async () => {
    const commit = vi.fn(() => Promise.resolve());
    render(<QuantityStepper value={3} max={422} label="商品的数量" onCommit={commit} />);
    fireEvent.change(box(), { target: { value: '' } });
    await act(async () => fireEvent.blur(box()));
    fireEvent.change(box(), { target: { value: '3' } });
    await act(async () => fireEvent.keyDown(box(), { key: 'Enter' }));
    expect(commit).not.toHaveBeenCalled();
    expect(box()).toHaveValue('3');
  });
});
