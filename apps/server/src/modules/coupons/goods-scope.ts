import type { AppContext } from '../../lib/context.ts';
import type { CategoryNode } from '../catalog/index.ts';
import { categoryTree, goodsSummaries } from '../catalog/catalog.service.ts';

/** Each category tree the catalogue handed out (one until the catalogue changes) → its categories' paths. */
const pathsByTree = new WeakMap<CategoryNode[], ReadonlyMap<number, readonly number[]>>();

/**
 * Category id → its path from itself up to the top level, from the catalogue's (cached) tree: worked out
 * once per tree, not on every order (walking the tree was 2 % of the server's CPU under the checkout's load).
 */
async function pathsOfCategories(ctx: AppContext): Promise<ReadonlyMap<number, readonly number[]>> {
  const tree = await categoryTree(ctx);
  let paths = pathsByTree.get(tree);
  if (!paths) pathsByTree.set(tree, (paths = pathsIn(tree)));
  return paths;
}

function pathsIn(tree: CategoryNode[]): Map<number, readonly number[]> {
  const out = new Map<number, readonly number[]>();
  const walk = (nodes: CategoryNode[], above: readonly number[]) => {
    for (const n of nodes) {
      const path = [n.id, ...above];
      out.set(n.id, path);
      walk(n.children, path);
    }
  };
  walk(tree, []);
  return out;
}

/**
 * Each goods' category and every category above it (a coupon scoped to 手机数码 covers a goods filed
 * under 手机), read through the catalogue's service. Unknown goods are absent.
 */
export async function goodsCategoryPaths(ctx: AppContext, goodsIds: number[]): Promise<Map<number, readonly number[]>> {
  if (goodsIds.length === 0) return new Map();
  const [summaries, paths] = await Promise.all([goodsSummaries(ctx, goodsIds), pathsOfCategories(ctx)]);
  return new Map([...summaries.values()].map((g) => [g.id, paths.get(g.categoryId) ?? [g.categoryId]]));
}

/**
 * The same paths for goods whose category the caller has read already (the checkout's SKUs carry
 * it): from the cached tree alone, without a query.
 */
export async function categoryPathsOfGoods(
  ctx: AppContext,
  goods: { goodsId: number; categoryId: number }[],
): Promise<Map<number, readonly number[]>> {
  if (goods.length === 0) return new Map();
  const paths = await pathsOfCategories(ctx);
  return new Map(goods.map((g) => [g.goodsId, paths.get(g.categoryId) ?? [g.categoryId]]));
}

/** Names of categories by id (for a coupon's scope), unknown ones left out. */
export async function categoryNames(ctx: AppContext, ids: readonly number[]): Promise<{ id: number; name: string }[]> {
  const names = new Map<number, string>();
  const walk = (nodes: CategoryNode[]) => {
    for (const n of nodes) {
      names.set(n.id, n.name);
      walk(n.children);
    }
  };
  walk(await categoryTree(ctx));
  return ids.flatMap((id) => (names.has(id) ? [{ id, name: names.get(id)! }] : []));
}
