import type { AppContext } from '../../lib/context.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import * as repo from './catalog-admin.repo.ts';
import { catalogChanged, learnWords } from './catalog-changes.ts';
import { resolveImage } from './goods-images.ts';
import * as writer from './goods-writer.ts';

/**
 * The category tree and the brands as operators edit them: the tree is the one buyers see; a
 * category or brand in use by goods (or a category with children) is never deleted; a rename
 * re-indexes the goods it names, so search follows at once.
 */

export interface OpsCategoryNode {
  id: number;
  parentId: number | null;
  name: string;
  level: number;
  sortOrder: number;
  icon: string | null;
  /** Goods in this category and all under it. */
  goodsCount: number;
  children: OpsCategoryNode[];
}

export const MAX_LEVEL = 3;

export async function categoryTree(ctx: AppContext): Promise<OpsCategoryNode[]> {
  const rows = await repo.categoriesWithCounts(ctx.db);
  const children = new Map<number | null, repo.OpsCategoryRow[]>();
  for (const r of rows) children.set(r.parent_id, [...(children.get(r.parent_id) ?? []), r]);
  const build = (parent: number | null): OpsCategoryNode[] =>
    (children.get(parent) ?? []).map((c) => {
      const kids = build(c.id);
      return {
        id: c.id,
        parentId: c.parent_id,
        name: c.name,
        level: c.level,
        sortOrder: c.sort_order,
        icon: c.icon,
        goodsCount: c.goods + kids.reduce((n, k) => n + k.goodsCount, 0),
        children: kids,
      };
    });
  return build(null);
}

const categoryView = (c: { name: string; sort_order: number; parent_id: number | null }) => ({
  categoryName: c.name,
  sort: c.sort_order,
  parentId: c.parent_id,
});

/** The SQLSTATE of a failed query, wherever the driver and the ORM put it in the cause chain. */
function sqlState(err: unknown): string | undefined {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 5;
    e = e.cause as typeof e, i++
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** Runs a statement; a unique (23505) or foreign-key (23503) violation — a race lost — becomes `refusal`. */
async function orRefuse<T>(run: () => Promise<T>, refusal: string): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (['23505', '23503'].includes(sqlState(err) ?? '')) throw badRequest(refusal);
    throw err;
  }
}

export async function saveCategory(
  ctx: AppContext,
  input: { id?: number; parentId?: number | null; name: string; sort: number },
) {
  if (input.id) {
    const was = await repo.category(ctx.db, input.id);
    if (!was) throw notFound('分类不存在');
    if (input.parentId !== undefined && input.parentId !== was.parent_id)
      throw badRequest('暂不支持移动分类，请新建分类后把商品移过去');
    if (await repo.siblingNamed(ctx.db, was.parent_id, input.name, was.id))
      throw badRequest(`同级已有分类「${input.name}」`);
    await repo.updateCategory(ctx.db, was.id, { name: input.name, sort: input.sort });
    if (was.name !== input.name) {
      learnWords([input.name]);
      await writer.reindexGoods(ctx.db, { categoryIds: await repo.subtreeIds(ctx.db, was.id) });
    }
    await catalogChanged(ctx);
    return {
      id: was.id,
      created: false,
      before: categoryView(was),
      after: categoryView({ ...was, name: input.name, sort_order: input.sort }),
    };
  }
  const parentId = input.parentId ?? null;
  let level = 1;
  let icon: string | null = null;
  if (parentId != null) {
    const parent = await repo.category(ctx.db, parentId);
    if (!parent) throw badRequest('上级分类不存在');
    if (parent.level >= MAX_LEVEL) throw badRequest(`分类最多 ${MAX_LEVEL} 级，不能在「${parent.name}」下添加子分类`);
    if (parent.goods > 0)
      throw badRequest(`分类「${parent.name}」下还有 ${parent.goods} 件商品，请先把商品移到其他分类再添加子分类`);
    level = parent.level + 1;
    icon = parent.icon; // the goods pictures of a new leaf keep the look of its parent
  }
  if (await repo.siblingNamed(ctx.db, parentId, input.name, null)) throw badRequest(`同级已有分类「${input.name}」`);
  const id = await repo.insertCategory(ctx.db, { parentId, name: input.name, level, sort: input.sort, icon });
  learnWords([input.name]);
  await catalogChanged(ctx);
  return {
    id,
    created: true,
    before: {},
    after: categoryView({ name: input.name, sort_order: input.sort, parent_id: parentId }),
  };
}

export async function deleteCategory(ctx: AppContext, id: number) {
  const was = await repo.category(ctx.db, id);
  if (!was) throw notFound('分类不存在');
  if (was.children > 0) throw badRequest(`分类「${was.name}」下还有 ${was.children} 个子分类，不能删除`);
  if (was.goods > 0) throw badRequest(`分类「${was.name}」下还有 ${was.goods} 件商品，不能删除`);
  // checked again in the statement itself: a goods or child added meanwhile keeps it
  const refusal = `分类「${was.name}」刚被使用，不能删除`;
  if (!(await orRefuse(() => repo.deleteUnusedCategory(ctx.db, id), refusal))) throw badRequest(refusal);
  await catalogChanged(ctx);
  return { id, before: categoryView(was) };
}

/* ---- brands ---- */

export async function brandPage(ctx: AppContext, q: { keyword?: string; pageNum: number; pageSize: number }) {
  const { list, total } = await repo.brandPage(ctx.db, q.keyword, (q.pageNum - 1) * q.pageSize, q.pageSize);
  return {
    list: list.map((b) => ({
      id: b.id,
      name: b.name,
      alias: b.alias,
      logo: b.logo,
      sortOrder: b.sort_order,
      goodsCount: b.goods,
    })),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

const brandView = (b: { name: string; alias: string | null; logo: string | null; sort_order: number }) => ({
  brandName: b.name,
  alias: b.alias,
  logo: b.logo,
  sort: b.sort_order,
});

export async function saveBrand(
  ctx: AppContext,
  input: { id?: number; name: string; alias?: string | null; logo?: string | null; sort: number },
) {
  const was = input.id ? await repo.brand(ctx.db, input.id) : undefined;
  if (input.id && !was) throw notFound('品牌不存在');
  if (await repo.brandNamed(ctx.db, input.name, was?.id ?? null)) throw badRequest(`品牌「${input.name}」已存在`);
  const logo = input.logo
    ? await resolveImage(ctx.config, input.logo, new Set(was?.logo ? [was.logo] : []), '品牌标志')
    : null;
  const values = { name: input.name, alias: input.alias ?? null, logo, sort: input.sort };
  const id = await orRefuse(async () => {
    if (!was) return repo.insertBrand(ctx.db, values);
    await repo.updateBrand(ctx.db, was.id, values);
    return was.id;
  }, `品牌「${input.name}」已存在`);
  learnWords([input.name, ...(values.alias ? [values.alias] : [])]);
  if (was && (was.name !== values.name || was.alias !== values.alias))
    await writer.reindexGoods(ctx.db, { brandId: was.id });
  await catalogChanged(ctx);
  return {
    id,
    created: !was,
    before: was ? brandView(was) : {},
    after: brandView({ ...values, sort_order: values.sort }),
  };
}

export async function deleteBrand(ctx: AppContext, id: number) {
  const was = await repo.brand(ctx.db, id);
  if (!was) throw notFound('品牌不存在');
  if (was.goods > 0) throw badRequest(`品牌「${was.name}」下还有 ${was.goods} 件商品，不能删除`);
  const refusal = `品牌「${was.name}」刚被使用，不能删除`;
  if (!(await orRefuse(() => repo.deleteUnusedBrand(ctx.db, id), refusal))) throw badRequest(refusal);
  await catalogChanged(ctx);
  return { id, before: brandView(was) };
}
