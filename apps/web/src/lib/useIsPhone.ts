import { useSyncExternalStore } from 'react';
import { mediaQueryStore } from './mediaQuery.ts';

/** Below antd's `md` breakpoint (768 px): the phone layout. */
const phone = mediaQueryStore('(max-width: 767.98px)');

/** The same answer outside React (a request that differs on a phone, e.g. the mobile cashier). */
export const isPhoneNow = phone.matches;

/**
 * True on a phone-wide screen (375–767 px), read synchronously so that the first paint already has
 * the right layout (antd's useBreakpoint answers only after an effect).
 */
export function useIsPhone(): boolean {
  return useSyncExternalStore(phone.subscribe, phone.matches, () => false);
}
