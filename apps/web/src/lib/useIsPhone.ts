import { useSyncExternalStore } from 'react';

/** Below antd's `md` breakpoint (768 px): the phone layout. */
const PHONE_QUERY = '(max-width: 767.98px)';

/** The same answer outside React (a request that differs on a phone, e.g. the mobile cashier). */
export function isPhoneNow(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(PHONE_QUERY).matches;
}

function subscribe(onChange: () => void) {
  const list = window.matchMedia(PHONE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/**
 * True on a phone-wide screen (375–767 px), read synchronously so that the first paint already has
 * the right layout (antd's useBreakpoint answers only after an effect).
 */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, isPhoneNow, () => false);
}
