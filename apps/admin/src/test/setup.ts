import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Test files share a page per worker (vitest.config.ts `componentProjects`): each test leaves it empty, its storage clear.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
// findBy…/waitFor wait for lazily loaded screens, which take more than the default second when cold.
configure({ asyncUtilTimeout: 10_000 });

// antd's responsive pieces (Grid, Layout.Sider breakpoints) ask for matchMedia, which jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// antd's Menu overflow, Input.OTP and Table measure themselves with ResizeObserver, which jsdom lacks.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
  (globalThis as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}
