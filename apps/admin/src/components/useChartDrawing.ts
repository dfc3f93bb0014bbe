import { useCallback, useState } from 'react';
import { useReducedMotion } from '../lib/useReducedMotion.ts';

interface ChartEvent {
  type?: string;
}

/**
 * What an AntV chart needs to honour 减弱动态效果 (no entry animation: `animate: false` on each mark)
 * and to say on its box when it has drawn (`data-drawn`), so a screenshot or a reader waits for the
 * drawing itself rather than for a guessed while.
 */
export function useChartDrawing() {
  const reducedMotion = useReducedMotion();
  const [drawn, setDrawn] = useState(false);
  const onEvent = useCallback((_chart: unknown, event: ChartEvent) => {
    if (event.type === 'afterrender') setDrawn(true);
  }, []);
  return {
    animate: reducedMotion ? (false as const) : undefined,
    onEvent,
    boxProps: { 'data-drawn': drawn ? 'true' : 'false' },
  };
}
