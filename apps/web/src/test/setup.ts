import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// findBy…/waitFor wait for a first render that transforms antd's modules and answers through mocked
// queries: more than the default second on a busy machine (CI runs test files side by side), as the
// console's setup found.
configure({ asyncUtilTimeout: 10_000 });
