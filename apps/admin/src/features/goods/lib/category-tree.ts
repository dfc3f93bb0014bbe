import type { CategoryNode } from '../../../entities/goods/types.ts';

/** A row of the editable tree: a category, or the new one being typed (id < 0). */
export interface CategoryRow extends Omit<CategoryNode, 'children'> {
  children?: CategoryRow[];
}

export const NEW_ID = -1;

/**
 * The tree for the table: filtered by a keyword (a match keeps its ancestors and its whole subtree),
 * with a new row under `addingUnder` (null: at the top level) while one is being added.
 */
export function treeRows(
  nodes: CategoryNode[],
  keyword: string,
  adding: { parentId: number | null; level: number } | null,
): CategoryRow[] {
  const kw = keyword.trim().toLowerCase();
  const fresh = (parentId: number | null, level: number): CategoryRow => ({
    id: NEW_ID,
    parentId,
    name: '',
    level,
    sortOrder: 0,
    icon: null,
    goodsCount: 0,
  });
  const walk = (list: CategoryNode[], parentId: number | null, keepAll: boolean): CategoryRow[] => {
    const out: CategoryRow[] = [];
    for (const n of list) {
      const hit = !kw || keepAll || n.name.toLowerCase().includes(kw);
      let children = walk(n.children, n.id, hit && !!kw ? true : keepAll);
      if (adding && adding.parentId === n.id) children = [fresh(n.id, n.level + 1), ...children];
      if (hit || children.length) out.push({ ...n, children: children.length ? children : undefined });
    }
    return out;
  };
  const rows = walk(nodes, null, false);
  return adding && adding.parentId === null ? [fresh(null, 1), ...rows] : rows;
}

/** Ids of every row that has children (to expand all, or what a search found). */
export function parentIds(rows: CategoryRow[]): number[] {
  return rows.flatMap((r) => (r.children?.length ? [r.id, ...parentIds(r.children)] : []));
}

export const LEVEL_NAMES = ['', '一级', '二级', '三级'];
