import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Test files share a page per worker (vitest.config.ts `componentProjects`): each test leaves it empty, its storage clear.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// findBy…/waitFor wait for a first render that transforms antd's modules and answers through mocked
// queries: more than the default second on a busy machine (CI runs test files side by side), as the
// console's setup found.
configure({ asyncUtilTimeout: 10_000 });
