import { useEffect, useState } from 'react';
import { NumberInput } from '../../../components/NumberInput.tsx';

/**
 * A quantity bounded 1..max that tells the server once per change: at each step click, and for
 * typed numbers on blur or Enter (not per keystroke).
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
  onCommit: (quantity: number) => void;
  label: string;
}) {
  const [draft, setDraft] = useState<number | null>(value);
  useEffect(() => setDraft(value), [value]);
  const upper = Math.max(1, max);

  const commit = (next: number | null) => {
    const q = Math.max(1, Math.min(upper, Math.trunc(next ?? value)));
    setDraft(q);
    if (q !== value) onCommit(q);
  };

  return (
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
      onBlur={() => commit(draft)}
      onPressEnter={() => commit(draft)}
    />
  );
}
