import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { moduleBoundaries } from './module-boundaries.js';
import { placeOf, serverSrc, violation } from './module-graph.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.afterAll = afterAll;

const inSrc = (relative: string) => path.join(serverSrc, relative);

describe('the module-boundaries rule', () => {
  const tester = new RuleTester({ languageOptions: { parser: tseslint.parser as never } });
  tester.run('module-boundaries', moduleBoundaries as never, {
    valid: [
      { filename: inSrc('modules/cart/cart.service.ts'), code: "import { goodsCards } from '../catalog/catalog.service.ts';" },
      { filename: inSrc('modules/cart/cart.routes.ts'), code: "import { requireMember } from '../accounts/index.ts';" },
      { filename: inSrc('modules/cart/cart.service.ts'), code: "import * as repo from './cart.repo.ts';" },
      { filename: inSrc('modules/cart/cart.service.ts'), code: "import { AppError } from '../../lib/errors.ts';" },
      { filename: inSrc('flows/checkout.ts'), code: "import { placeOrder } from '../modules/orders/orders.service.ts';" },
      { filename: inSrc('routes.ts'), code: "import { cartRoutes } from './modules/cart/cart.routes.ts';" },
      { filename: inSrc('modules/cart/cart.test.ts'), code: "import * as repo from '../catalog/catalog.repo.ts';" },
    ],
    invalid: [
      // The deliberate violations: another module's repo, helper or schema; a module reaching flows.
      {
        filename: inSrc('modules/cart/cart.service.ts'),
        code: "import { goodsRows } from '../catalog/catalog.repo.ts';",
        errors: [{ messageId: 'private' }],
      },
      {
        filename: inSrc('modules/coupons/coupons.routes.ts'),
        code: "export { quoteBody } from '../orders/orders.schema.ts';",
        errors: [{ messageId: 'private' }],
      },
      {
        filename: inSrc('modules/orders/orders.service.ts'),
        code: "const flow = await import('../../flows/checkout.ts');",
        errors: [{ messageId: 'upward' }],
      },
      {
        filename: inSrc('lib/context.ts'),
        code: "import type { SmsProvider } from '../modules/accounts/sms.service.ts';",
        errors: [{ messageId: 'upward' }],
      },
      {
        filename: inSrc('flows/refund.ts'),
        code: "import * as repo from '../modules/payments/payments.repo.ts';",
        errors: [{ messageId: 'private' }],
      },
    ],
  });
});

/** Every production file of the server with the relative imports it makes (type-only ones too). */
function serverImports() {
  const files: { file: string; targets: string[] }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !full.includes(`${path.sep}test${path.sep}`)) {
        const { importedFiles } = ts.preProcessFile(fs.readFileSync(full, 'utf8'), true, true);
        const targets = importedFiles
          .map((i) => i.fileName)
          .filter((name) => name.startsWith('.'))
          .map((name) => path.resolve(path.dirname(full), name));
        files.push({ file: full, targets });
      }
    }
  };
  walk(serverSrc);
  return files;
}

/** Modules as nodes, "imports something of" as edges. */
function moduleGraph() {
  const graph = new Map<string, Set<string>>();
  for (const { file, targets } of serverImports()) {
    const from = placeOf(file);
    if (!from?.startsWith('module:')) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const target of targets) {
      const to = placeOf(target);
      if (to?.startsWith('module:') && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Each cycle's modules (strongly connected components of more than one module, or a self-loop). */
function cycles(graph: Map<string, Set<string>>) {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (stack.includes(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

describe('the server as it stands', () => {
  it('has no import across a boundary', () => {
    const crossings = serverImports().flatMap(({ file, targets }) =>
      targets
        .filter((target) => violation(file, target))
        .map((target) => `${path.relative(serverSrc, file)} → ${path.relative(serverSrc, target)}`),
    );
    expect(crossings).toEqual([]);
  });

  it('has no cycle among its modules (the graph is printed)', () => {
    const graph = moduleGraph();
    const lines = [...graph.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([from, to]) => `${from.slice(7).padEnd(14)} → ${[...to].map((m) => m.slice(7)).sort().join(', ') || '—'}`);
    console.log(`The server's modules and what each imports:\n${lines.join('\n')}`);
    expect(cycles(graph)).toEqual([]);
  });

  it('sees a cycle when there is one', () => {
    const graph = new Map([
      ['module:a', new Set(['module:b'])],
      ['module:b', new Set(['module:c'])],
      ['module:c', new Set(['module:a'])],
      ['module:d', new Set(['module:a'])],
    ]);
    expect(cycles(graph)).toEqual([['module:a', 'module:b', 'module:c']]);
  });
});
