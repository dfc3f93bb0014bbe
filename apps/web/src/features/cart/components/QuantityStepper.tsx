import { useEffect, useState } from 'react';
import { NumberInput } from '../../../components/NumberInput.tsx';

/** The whole number typed in the box (antd keeps an out-of-range text out of onChange), or null. */
function typedNumber(text: string): number | null {
  const n = Number(text.replace(/[,\s]/g, ''));
  return text.trim() && Number.isFinite(n) ? Math.trunc(n) : null;
}

/**
 * A quantity bounded 1..max that tells the server once per change: at each step click, and for
 * typed numbers on blur or Enter (not per keystroke). A number above max is capped, saved and
 * explained (最多购买 N 件); a refused change puts the box back to what the server holds.
 */
export function QuantityStepper({
  value,
  max,
  disabled,
  onCommit,
  label,
}: {
  value: number;
  max: number;
  disabled?: boolean;
  onCommit: (quantity: number) => Promise<unknown>;
  label: string;
}) {
  const [draft, setDraft] = useState<number | null>(value);
  const [capped, setCapped] = useState<number>();
  useEffect(() => setDraft(value), [value]);
  const upper = Math.max(1, max);

  const commit = (typed: number | null) => {
    const wanted = typed ?? value;
    const q = Math.max(1, Math.min(upper, wanted));
    setCapped(wanted > upper ? upper : undefined);
    setDraft(q);
    if (q !== value) onCommit(q).catch(() => setDraft(value));
  };

  return (
    <div>
      <NumberInput
        size="small"
        min={1}
        max={upper}
        precision={0}
        value={draft}
        disabled={disabled}
        aria-label={label}
        mode="spinner"
        style={{ width: 112 }}
        onChange={(v) => setDraft(v)}
        onStep={(v) => commit(v)}
        onBlur={(e) => commit(typedNumber(e.target.value))}
        onPressEnter={(e) => commit(typedNumber((e.target as HTMLInputElement).value))}
      />
      {capped ? (
        <div role="status" style={{ color: '#d0252b', fontSize: 12, marginTop: 4 }} data-testid="cart-quantity-capped">
          最多购买 {capped} 件
        </div>
      ) : null}
    </div>
  );
}
