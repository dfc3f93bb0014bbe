/**
 * A CSS media query as a store for React's useSyncExternalStore: whether it matches now, and a
 * subscription to its changes. One per query, made at module load (the hooks in useIsPhone.ts and
 * useReducedMotion.ts); `false` where there is no window (the server's render).
 */
export function mediaQueryStore(query: string) {
  return {
    matches: (): boolean => typeof window !== 'undefined' && window.matchMedia(query).matches,
    subscribe: (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
  };
}
