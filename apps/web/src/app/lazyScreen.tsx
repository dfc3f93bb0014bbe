import type { ComponentType } from 'react';
import { lazyPart, type LazyPart } from '../lib/lazyPart.tsx';

export type LazyScreen = LazyPart<object>;

/** A screen module: its component, and the parts it needs on this device before its first render. */
interface ScreenModule {
  default: ComponentType;
  preloadParts?: () => Promise<unknown>;
}

/**
 * A screen in its own chunk (see lazyPart); the app preloads the screen of the address it opens at
 * (see firstScreensLoaded). A screen that shows a part of its own chunk on some devices (the goods
 * page's phone layout) names it in `preloadParts`, so that it too is in before the screen renders.
 */
export function lazyScreen(load: () => Promise<ScreenModule>): LazyScreen {
  return lazyPart(() =>
    load().then(async (m) => {
      await m.preloadParts?.();
      return m.default;
    }),
  );
}
