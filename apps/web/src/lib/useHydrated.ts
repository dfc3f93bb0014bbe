import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server and while the browser takes over a page the server rendered (entry-server.tsx),
 * true afterwards and in a page the browser renders itself: for a part that only the browser draws.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
