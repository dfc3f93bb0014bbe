/**
 * The operation log (操作日志) reads in Chinese: every action and object type the server's audit calls
 * record has a name in packages/shared/src/audit-names.ts, which the console shows. Read from the
 * source, as an operator would meet each one only after someone did it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_NAMES, AUDIT_FIELD_NAMES, AUDIT_OBJECT_NAMES } from '@mall/shared';
import { SETTINGS } from '../src/modules/site/settings.ts';
import { serverSrc } from './module-graph.js';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

/**
 * Each audit entry's `objectType: '…'` and the `action:` written before it (a ternary names two, the
 * after-sale routes' template four).
 */
function recorded() {
  const actions = new Set<string>();
  const objectTypes = new Set<string>();
  for (const file of sourceFiles(serverSrc)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/objectType:\s*'([\w.]+)'/g)) {
      const before = text.slice(Math.max(0, m.index - 300), m.index);
      const line = before.slice(before.lastIndexOf('action:')).split('\n')[0]!;
      for (const code of line.matchAll(/'(\w+\.[\w.]+)'/g)) actions.add(code[1]!);
      for (const code of line.matchAll(/`([\w.]+)\$\{/g)) {
        for (const suffix of ['approve', 'reject', 'receive', 'refund']) actions.add(`${code[1]!}${suffix}`);
      }
      objectTypes.add(m[1]!);
    }
  }
  return { actions: [...actions].sort(), objectTypes: [...objectTypes].sort() };
}

describe('the operation log in words', () => {
  const { actions, objectTypes } = recorded();

  it('finds the audit calls it checks', () => {
    expect(actions).toEqual(expect.arrayContaining(['coupon.create', 'goods.onShelf', 'goods.offShelf', 'aftersale.refund']));
    expect(actions.length).toBeGreaterThan(50);
  });

  it('names every action and object type the server records', () => {
    expect(actions.filter((a) => !AUDIT_ACTION_NAMES[a])).toEqual([]);
    expect(objectTypes.filter((o) => !AUDIT_OBJECT_NAMES[o])).toEqual([]);
  });

  it('names every site setting, the fields 修改站点设置 records', () => {
    expect(Object.keys(SETTINGS).filter((key) => !AUDIT_FIELD_NAMES[key])).toEqual([]);
  });
});
