import { useSyncExternalStore } from 'react';

/** The system setting 减弱动态效果 (reduce motion): the person asked for screens that do not animate. */
const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function prefersReducedMotion(): boolean {
  return window.matchMedia(REDUCED_MOTION_QUERY).matches;
}

function subscribe(onChange: () => void) {
  const list = window.matchMedia(REDUCED_MOTION_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/**
 * True when the person's system asks for reduced motion: antd's dialogs, drop-downs and toasts then
 * appear at once instead of sliding in (WCAG 2.3.3).
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
