import { describe, expect, it } from 'vitest';
import { ALL_OPS_PERMISSIONS } from '@mall/shared';
import { permissionGroups } from './permissionGroups.ts';

describe('the role editor’s permission groups', () => {
  it('show every permission exactly once', () => {
    const shown = permissionGroups().flatMap((g) => g.permissions);
    expect([...shown].sort()).toEqual([...ALL_OPS_PERMISSIONS].sort());
    expect(new Set(shown).size).toBe(shown.length);
  });

  it('have no empty group', () => {
    for (const g of permissionGroups()) expect(g.permissions.length, g.title).toBeGreaterThan(0);
  });
});
