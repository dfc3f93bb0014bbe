import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { PlainNumberInput } from './PlainNumberInput.tsx';

afterEach(cleanup);

/** The box as a page holds it: the value it is given is the one it last passed on. */
function Holder(props: {
  start: number | null;
  min?: number;
  max?: number;
  precision?: number;
  stepper?: boolean;
  seen: (number | null)[];
}) {
  const [value, setValue] = useState<number | null>(props.start);
  return (
    <PlainNumberInput
      value={value}
      onChange={(v) => {
        props.seen.push(v);
        setValue(v);
      }}
      min={props.min}
      max={props.max}
      precision={props.precision}
      stepper={props.stepper}
      aria-label="购买数量"
    />
  );
}

const box = () => screen.getByRole('spinbutton', { name: '购买数量' });
const typeAndLeave = (text: string) => {
  fireEvent.change(box(), { target: { value: text } });
  fireEvent.blur(box());
};

describe('PlainNumberInput', () => {
  it.each([
    // typed, min, max, precision → shown after leaving the box, last value passed on
    ['99999', 1, 422, 0, '422', 422],
    ['0', 1, 422, 0, '1', 1],
    ['-5', 1, 422, 0, '1', 1],
    ['2', 1, 422, 0, '2', 2],
    ['2.6', 1, 422, 0, '3', 3],
    ['12.345', 0, 99999999, 2, '12.35', 12.35],
    ['1000', 0, 99999999, 2, '1000.00', 1000],
    ['', 0, 99999999, 2, '', null],
  ] as const)(
    'typed %s within %s–%s (precision %s): shows %s, passes %s',
    (typed, min, max, precision, shown, last) => {
      const seen: (number | null)[] = [];
      render(<Holder start={5} min={min} max={max} precision={precision} seen={seen} />);
      typeAndLeave(typed);
      expect(box()).toHaveValue(shown === '' ? null : Number(shown));
      expect((box() as HTMLInputElement).value).toBe(shown);
      expect(seen.at(-1)).toBe(last);
    },
  );

  it('passes a number within range on while typing, not one out of range', () => {
    const seen: (number | null)[] = [];
    render(<Holder start={1} min={1} max={10} seen={seen} />);
    fireEvent.change(box(), { target: { value: '7' } });
    expect(seen).toEqual([7]);
    fireEvent.change(box(), { target: { value: '70' } });
    expect(seen).toEqual([7]);
    expect((box() as HTMLInputElement).value).toBe('70');
    fireEvent.blur(box());
    expect(seen).toEqual([7, 10]);
  });

  it('steps with − and + within its bounds, the buttons named in Chinese and disabled at the ends', () => {
    const seen: (number | null)[] = [];
    render(<Holder start={1} min={1} max={2} stepper seen={seen} />);
    const less = screen.getByRole('button', { name: '减少购买数量' });
    const more = screen.getByRole('button', { name: '增加购买数量' });
    expect(less).toBeDisabled();
    fireEvent.click(more);
    expect((box() as HTMLInputElement).value).toBe('2');
    expect(more).toBeDisabled();
    fireEvent.click(less);
    expect(seen).toEqual([2, 1]);
  });
});
