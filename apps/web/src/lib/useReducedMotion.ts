import { useSyncExternalStore } from 'react';
import { mediaQueryStore } from './mediaQuery.ts';

/** The system setting 减弱动态效果 (reduce motion): the person asked for screens that do not animate. */
const reducedMotion = mediaQueryStore('(prefers-reduced-motion: reduce)');

/**
 * True when the person's system asks for reduced motion: antd's dialogs, drop-downs and toasts then
 * appear at once instead of sliding in (WCAG 2.3.3). The server renders with motion; the browser
 * switches after hydration, so both sides render the same first tree.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(reducedMotion.subscribe, reducedMotion.matches, () => false);
}
