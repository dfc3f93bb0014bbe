import { describe, expect, it } from 'vitest';
import type { CategoryNode } from '../../../entities/goods/types.ts';
import { NEW_ID, parentIds, treeRows } from './category-tree.ts';

const node = (id: number, name: string, children: CategoryNode[] = [], level = 1): CategoryNode => ({
  id,
  parentId: null,
  name,
  level,
  sortOrder: 0,
  icon: null,
  goodsCount: 0,
  children,
});
const tree = [
  node(1, '手机数码', [node(2, '手机', [node(3, '老人手机', [], 3)], 2), node(4, '耳机', [], 2)]),
  node(5, '家电'),
];

describe('the editable category tree', () => {
  it('keeps a match with its ancestors and subtree', () => {
    const rows = treeRows(tree, '老人', null);
    expect(rows.map((r) => r.id)).toEqual([1]);
    expect(rows[0]!.children!.map((r) => r.id)).toEqual([2]);
    expect(rows[0]!.children![0]!.children!.map((r) => r.id)).toEqual([3]);
    // 手机数码 matches 手机 itself: all under it stays
    expect(treeRows(tree, '手机', null)[0]!.children!.map((r) => r.id)).toEqual([2, 4]);
    expect(treeRows(tree, '家', null).map((r) => r.id)).toEqual([5]);
    expect(treeRows(tree, '没有', null)).toEqual([]);
  });

  it('puts the new row first under its parent, or at the top', () => {
    expect(treeRows(tree, '', { parentId: 4, level: 3 })[0]!.children![1]!.children![0]).toMatchObject({
      id: NEW_ID,
      level: 3,
      parentId: 4,
    });
    expect(treeRows(tree, '', { parentId: null, level: 1 })[0]).toMatchObject({ id: NEW_ID, level: 1 });
  });

  it('lists the rows that can expand', () => {
    expect(parentIds(treeRows(tree, '', null))).toEqual([1, 2]);
  });
});
