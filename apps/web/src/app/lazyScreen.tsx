import { lazy, useState, type ComponentType, type ReactElement } from 'react';

export interface LazyScreen {
  (): ReactElement;
  /** Loads and runs the screen's chunk (once); afterwards the screen renders without suspending. */
  preload(): Promise<void>;
}

/**
 * A screen in its own chunk. Rendered before its chunk has run, it suspends as React.lazy does; once
 * preload() has run it (the screen of the address the app opens at, see firstScreensLoaded), it renders
 * at once. That spares the first screen the Suspense fallback, and the up to 300 ms React holds back a
 * screen revealed after a fallback (measured: 0.29 s of the home's first content).
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loaded: ComponentType | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (m) => {
        loaded = m.default;
      },
      (err: unknown) => {
        pending = undefined; // a failed download may be tried again
        throw err;
      },
    ));
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  function Screen() {
    // Chosen once per element: turning from Lazy into the loaded screen later would remount it.
    const [Chosen] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Chosen />;
  }
  return Object.assign(Screen, { preload });
}
