// One lint setup for the whole repo: TypeScript-aware recommended rules, kept quiet about style
// (prettier owns formatting).
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { moduleBoundaries } from './apps/server/lint/module-boundaries.js';

const APPS = ['web', 'admin'];
const appsDir = path.resolve(import.meta.dirname, 'apps');

/**
 * The only imports from one feature into another in the buyer app (architecture: features do not
 * import each other; shared pieces live in src/components and src/lib; src/app composes features).
 * Each is here because moving the piece would be worse than the import. The console has none.
 */
const FEATURE_IMPORT_EXCEPTIONS = [
  // 申请售后 opens on the order's page, but the dialog is the after-sale domain's: its calls, its
  // refund estimate (a mirror of the server's), its evidence upload. Moving it into orders or into
  // src/components would scatter after-sales over the code.
  { from: 'orders', to: 'aftersale/components/ApplyAfterSaleModal.tsx' },
  // The cashier lists the order it is paying (goods, address) from the same cached order detail the
  // order pages read and refresh; a second fetcher of that call in payment would be a copy.
  { from: 'payment', to: 'orders/api/getOrderDetail.ts' },
  // Checkout picks an address from the member's book and adds one in place with the book's own
  // form (regions, validation, save); that is the address feature's work, not a shared widget.
  { from: 'checkout', to: 'address/api/getAddresses.ts' },
  { from: 'checkout', to: 'address/components/AddressFormModal.tsx' },
  { from: 'checkout', to: 'address/types.ts' },
  // Cross-border goods need a real-name record: checkout adds one in place with the member area's
  // own dialog (name and ID checks, save into the one cached list), as it does for addresses.
  { from: 'checkout', to: 'member/components/RealNameModal.tsx' },
];

/** Where a file of an app's src sits: 'features/<name>', 'lib', 'components', 'app', … (null outside). */
function layerOf(relative) {
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [top, feature] = relative.split(path.sep);
  return top === 'features' ? `features/${feature}` : top;
}

/**
 * A tiny local rule rather than no-restricted-imports: it resolves each relative import against the
 * importing file, so it holds at any folder depth and for `export … from` and `import()` too.
 */
const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Features import no other feature and no app code; src/lib, src/components and src/entities (console) import neither; no app imports another app.',
    },
    messages: {
      crossFeature:
        '{{from}} may not import {{to}}: move what both need to src/components, src/lib, src/entities (console) or packages/shared (or name an exception in eslint.config.js, with the reason).',
      upward:
        '{{from}} may not import {{to}}: shared code and features are imported by src/app, never the other way round.',
      otherApp: '{{from}} may not import {{to}}: the buyer app and the console share code only through packages/shared.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const app = APPS.find((a) => !path.relative(path.join(appsDir, a, 'src'), file).startsWith('..'));
    if (!app) return {};
    const appSrc = path.join(appsDir, app, 'src');
    const from = layerOf(path.relative(appSrc, file));
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const resolved = path.resolve(path.dirname(file), source);
      const otherApp = APPS.find((a) => a !== app && !path.relative(path.join(appsDir, a), resolved).startsWith('..'));
      if (otherApp) {
        context.report({ node, messageId: 'otherApp', data: { from: `apps/${app}`, to: `apps/${otherApp}` } });
        return;
      }
      // src/app, main.tsx, the test setup and tests compose everything: only features and shared code are held.
      // The console's src/entities (what several features pick or show: goods, member) is shared code too.
      const shared = from === 'lib' || from === 'components' || (app === 'admin' && from === 'entities');
      if (!from || !(shared || from.startsWith('features/')) || /\.test\.tsx?$/.test(file)) return;
      const relative = path.relative(appSrc, resolved);
      const to = layerOf(relative);
      if (!to || to === from) return;
      const target = relative.split(path.sep).join('/');
      if (to === 'app' || (shared && to.startsWith('features/'))) {
        context.report({ node, messageId: 'upward', data: { from, to: target } });
      } else if (to.startsWith('features/') && from.startsWith('features/')) {
        const allowed =
          app === 'web' &&
          FEATURE_IMPORT_EXCEPTIONS.some((e) => `features/${e.from}` === from && `features/${e.to}` === target);
        if (!allowed) context.report({ node, messageId: 'crossFeature', data: { from, to: target } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dist-server/**', 'data/**', 'bench-results/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly', URLSearchParams: 'readonly',
        setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly',
        window: 'readonly', document: 'readonly', localStorage: 'readonly', fetch: 'readonly', AbortSignal: 'readonly',
        TextEncoder: 'readonly', structuredClone: 'readonly', performance: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-control-regex': 'off',
      // Chinese text separates fields with the ideographic space (U+3000).
      'no-irregular-whitespace': ['error', { skipJSXText: true, skipStrings: true, skipTemplates: true }],
    },
  },
  {
    files: ['apps/{web,admin}/src/**/*.{ts,tsx}'],
    plugins: { web: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: { 'web/feature-boundaries': 'error' },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { server: { rules: { 'module-boundaries': moduleBoundaries } } },
    rules: { 'server/module-boundaries': 'error' },
  },
  {
    // The buyer app has no antd <App>: its toasts and dialogs load after the first screen (lib/feedback.ts).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='antd'] > ImportSpecifier[imported.name='App']",
          message: "The buyer app's toasts and dialogs come from useFeedback() in src/lib/feedback.ts, not antd's App.",
        },
      ],
    },
  },
);
