// The server's module boundaries as an ESLint rule (eslint.config.js applies it to apps/server/src):
// a module reaches another only through its public face (index.ts or a *.service.ts); modules never
// reach flows or start-up code; lib and db reach neither. Cycles between modules are found by the
// rule's test, which sees the whole graph (module-boundaries.test.ts).
import path from 'node:path';
import { violation } from './module-graph.js';

export const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: "Server modules import each other only through their public face, and never flows or start-up code." },
    messages: {
      private:
        '{{to}} is private to its module: import its index.ts or service, or move what both need to lib/ (see docs/architecture.md).',
      upward:
        '{{from}} may not import {{to}}: modules never reach flows or start-up code, and lib/db reach no module; react to another module through a subscriber in flows/.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const why = violation(file, target);
      if (!why) return;
      const cwd = context.cwd ?? process.cwd();
      context.report({
        node,
        messageId: why,
        data: { from: path.relative(cwd, file), to: path.relative(cwd, target) },
      });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
