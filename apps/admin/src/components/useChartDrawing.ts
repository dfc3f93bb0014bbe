import { useCallback, useState } from 'react';
import { useReducedMotion } from '../lib/useReducedMotion.ts';

/** The part of an @ant-design/plots chart handed to `onReady`: its G2 chart, whose events carry no type. */
interface ReadyPlot {
  chart: { on(event: string, listener: () => void): void };
}

/**
 * What an AntV chart needs to honour 减弱动态效果 (no entry animation: `animate: false` on each mark)
 * and to say on its box when it has drawn (`data-drawn`, from G2's `afterrender`), so a screenshot or
 * a reader waits for the drawing itself rather than for a guessed while.
 */
export function useChartDrawing() {
  const reducedMotion = useReducedMotion();
  const [drawn, setDrawn] = useState(false);
  const onReady = useCallback((plot: ReadyPlot) => plot.chart.on('afterrender', () => setDrawn(true)), []);
  return {
    animate: reducedMotion ? (false as const) : undefined,
    onReady,
    boxProps: { 'data-drawn': drawn ? 'true' : 'false' },
  };
}
