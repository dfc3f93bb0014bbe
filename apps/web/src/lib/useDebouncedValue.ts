import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `waitMs` (what was typed, after the typing pauses). */
export function useDebouncedValue<T>(value: T, waitMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), waitMs);
    return () => window.clearTimeout(timer);
  }, [value, waitMs]);
  return settled;
}
