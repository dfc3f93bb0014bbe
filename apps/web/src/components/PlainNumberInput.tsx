import { useState, type CSSProperties, type ReactNode } from 'react';
import { Button } from 'antd';
import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import styles from './PlainNumberInput.module.css';

interface Props {
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  min?: number;
  max?: number;
  /** Decimal places kept (and shown once the box is left). */
  precision?: number;
  /** − and + beside the box, JD's quantity stepper. */
  stepper?: boolean;
  size?: 'small' | 'middle';
  prefix?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
  'aria-label': string;
  style?: CSSProperties;
}

const round = (n: number, precision: number) => Math.round(n * 10 ** precision) / 10 ** precision;

/** What the box holds: a number, nothing (''), or text that is no number yet (undefined). */
function parse(raw: string): number | null | undefined {
  const text = raw.trim();
  if (!text) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * A number box drawn as antd's (a native number field: screen readers hear a spin button with its
 * Chinese name). For the landing pages' first screens (the goods page's 数量, the list's 价格): antd's
 * InputNumber brings its own styles and rc-field-form's context, about 20 kB and 40 ms before the first
 * screen. While typing, a number within min–max is passed on at once; leaving the box (or Enter) keeps
 * a number out of range as its nearest bound, rounded to `precision`. Elsewhere use NumberInput.
 */
export function PlainNumberInput({
  value,
  onChange,
  min,
  max,
  precision = 0,
  stepper,
  size,
  prefix,
  placeholder,
  disabled,
  style,
  ...rest
}: Props) {
  const label = rest['aria-label'];
  const [draft, setDraft] = useState<string | null>(null);
  const clamp = (n: number) => round(Math.min(max ?? Infinity, Math.max(min ?? -Infinity, n)), precision);
  const inRange = (n: number) => n >= (min ?? -Infinity) && n <= (max ?? Infinity);

  const type = (raw: string) => {
    setDraft(raw);
    const n = parse(raw);
    if (n === null) onChange(null);
    else if (n !== undefined && inRange(n)) onChange(round(n, precision));
  };
  const commit = () => {
    if (draft === null) return;
    const n = parse(draft);
    if (n === null) onChange(null);
    else if (n !== undefined) onChange(clamp(n));
    setDraft(null);
  };
  const step = (delta: number) => onChange(clamp((value ?? min ?? 0) + delta));

  const field = (
    <input
      type="number"
      inputMode={precision > 0 ? 'decimal' : 'numeric'}
      placeholder={placeholder}
      disabled={disabled}
      min={min}
      max={max}
      step={precision > 0 ? 10 ** -precision : 1}
      value={draft ?? (value == null ? '' : value.toFixed(precision))}
      onChange={(e) => type(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      aria-label={label}
    />
  );
  const box = (
    <span
      className={`${styles.box} ${size === 'small' ? styles.small : ''} ${disabled ? styles.disabled : ''}`}
      style={stepper ? undefined : style}
    >
      {prefix ? <span className={styles.prefix}>{prefix}</span> : null}
      {field}
    </span>
  );
  if (!stepper) return box;
  return (
    <span className={styles.stepper} style={style}>
      <Button
        size={size}
        icon={<MinusOutlined />}
        disabled={disabled || value == null || value <= (min ?? -Infinity)}
        onClick={() => step(-1)}
        aria-label={`减少${label}`}
      />
      {box}
      <Button
        size={size}
        icon={<PlusOutlined />}
        disabled={disabled || (value ?? 0) >= (max ?? Infinity)}
        onClick={() => step(1)}
        aria-label={`增加${label}`}
      />
    </span>
  );
}
