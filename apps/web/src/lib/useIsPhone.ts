import { createContext, useContext, useSyncExternalStore } from 'react';
import { mediaQueryStore } from './mediaQuery.ts';

/** Below antd's `md` breakpoint (768 px): the phone layout. */
const phone = mediaQueryStore('(max-width: 767.98px)');

/** The same answer outside React (a request that differs on a phone, e.g. the mobile cashier). */
export const isPhoneNow = phone.matches;

/**
 * Whether the page is rendered for a phone where no screen can be asked: on the server (a phone's
 * browser gets the phone layout, told by its user agent) and while the browser takes that page over,
 * so that both draw the same markup (entry-server.tsx, main.tsx).
 */
export const RenderedForPhone = createContext(false);

/**
 * True on a phone-wide screen (375–767 px), read synchronously so that the first paint already has
 * the right layout (antd's useBreakpoint answers only after an effect).
 */
export function useIsPhone(): boolean {
  const renderedForPhone = useContext(RenderedForPhone);
  return useSyncExternalStore(phone.subscribe, phone.matches, () => renderedForPhone);
}
