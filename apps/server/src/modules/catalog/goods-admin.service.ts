import crypto from 'node:crypto';
import { Code, LOW_STOCK_DEFAULT_THRESHOLD } from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTx } from '../../lib/db.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { DetailBlock } from '../../db/schema/catalog.ts';
import { restoreStock } from '../inventory/inventory.service.ts';
import * as repo from './catalog-admin.repo.ts';
import { brandName, categoryTree, leafIdsUnder } from './catalog.service.ts';
import { specsOf, type CategoryNode } from './catalog.presenter.ts';
import { catalogChanged } from './catalog-changes.ts';
import { resolveImage } from './goods-images.ts';
import {
  goodsProblem,
  type DetailInput,
  type GoodsInput,
  type GoodsPageQuery,
  type GoodsUpdateInput,
} from './goods-input.ts';
import * as writer from './goods-writer.ts';

/**
 * The console's goods: the list with stock, one goods as an operator edits it, creating and
 * changing a goods with its SKU grid, and the shelf. Each write answers the goods before and after
 * in the audit log's terms (auditView), and reaches the buyer's pages and search at once.
 */

export interface Operator {
  id: string | null;
  name: string;
}

export const LOW_STOCK = LOW_STOCK_DEFAULT_THRESHOLD;

/**
 * A store's console goes through these same functions with its store: it sees and
 * changes only its own goods (another's id reads as 商品不存在), each save sends the goods to review
 * off shelf, and it goes on shelf only once approved. Without a scope: the shop's operators, who see
 * every goods with its store's name.
 */
export interface StoreScope {
  storeId: string;
}

const REVIEW_NAMES: Record<string, string> = { PENDING: '待审核', APPROVED: '已通过', REJECTED: '已驳回' };
const reviewOf = (r: { supplier_id: string | null; store_name: string | null; review_status: string; review_reason: string | null }) => ({
  store: r.supplier_id ? { id: r.supplier_id, name: r.store_name ?? '' } : null,
  storeName: r.supplier_id ? (r.store_name ?? '') : null,
  reviewStatus: r.review_status,
  reviewStatusName: REVIEW_NAMES[r.review_status] ?? r.review_status,
  reviewReason: r.review_reason,
});

async function categoryPaths(ctx: AppContext): Promise<Map<number, { id: number; name: string }[]>> {
  const paths = new Map<number, { id: number; name: string }[]>();
  const walk = (nodes: CategoryNode[], trail: { id: number; name: string }[]) => {
    for (const n of nodes) {
      const here = [...trail, { id: n.id, name: n.name }];
      paths.set(n.id, here);
      walk(n.children, here);
    }
  };
  walk(await categoryTree(ctx), []);
  return paths;
}

const stockState = (stock: number, minStock: number) =>
  stock <= 0 ? 'soldOut' : minStock <= LOW_STOCK ? 'low' : 'inStock';

export async function goodsPage(ctx: AppContext, q: GoodsPageQuery, scope?: StoreScope) {
  const leafIds = q.categoryId ? ((await leafIdsUnder(ctx, q.categoryId)) ?? []) : undefined;
  const { list, total } = await repo.goodsPage(
    ctx.db,
    {
      keyword: q.keyword,
      leafIds,
      brandId: q.brandId,
      onShelf: q.shelf === undefined ? undefined : q.shelf === 'on',
      crossBorder: q.crossBorder,
      stock: q.stock,
      lowStock: LOW_STOCK,
      supplierId: scope?.storeId,
    },
    q.sort ?? 'newest',
    (q.pageNum - 1) * q.pageSize,
    q.pageSize,
  );
  const paths = await categoryPaths(ctx);
  return {
    list: await Promise.all(
      list.map(async (r) => ({
        id: r.id,
        name: r.name,
        image: r.image,
        categoryId: r.category_id,
        categoryPath: (paths.get(r.category_id) ?? []).map((c) => c.name),
        brandId: r.brand_id,
        brandName: await brandName(ctx, r.brand_id),
        priceMin: r.price_min,
        priceMax: r.price_max,
        stock: r.stock,
        minSkuStock: r.min_stock,
        stockState: stockState(r.stock, r.min_stock),
        skuCount: r.sku_count,
        sales: r.sales,
        onShelf: r.on_shelf,
        isCrossBorder: r.is_cross_border,
        ...reviewOf(r),
        createdAt: new Date(r.created_at).toISOString(),
        updatedAt: new Date(r.updated_at).toISOString(),
      })),
    ),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    lowStock: LOW_STOCK,
  };
}

async function loadGoods(db: DbOrTx, goodsId: number, scope?: StoreScope) {
  const row = await repo.goodsForEdit(db, goodsId);
  if (!row || (scope && row.supplier_id !== scope.storeId)) throw new AppError(Code.GOODS_NOT_FOUND, '商品不存在');
  return { row, skus: await repo.skusForEdit(db, goodsId) };
}

export async function goodsDetail(ctx: AppContext, goodsId: number, scope?: StoreScope) {
  const { row, skus } = await loadGoods(ctx.db, goodsId, scope);
  const paths = await categoryPaths(ctx);
  return {
    id: row.id,
    name: row.name,
    subtitle: row.subtitle,
    categoryId: row.category_id,
    categoryPath: paths.get(row.category_id) ?? [],
    brandId: row.brand_id,
    brandName: await brandName(ctx, row.brand_id),
    images: row.images,
    params: row.params,
    detail: row.detail,
    isCrossBorder: row.is_cross_border,
    onShelf: row.on_shelf,
    ...reviewOf(row),
    sales: row.sales,
    // as the operator defined them (values no SKU uses included), so the grid reopens as it was left
    specs: row.spec_defs.length ? row.spec_defs : specsOf([], skus),
    skus: skus.map((s) => ({
      id: s.id,
      code: s.code,
      specs: s.specs,
      price: s.price_fen,
      marketPrice: s.market_price_fen,
      stock: s.stock,
    })),
    stock: skus.reduce((n, s) => n + s.stock, 0),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/**
 * A goods as the audit log keeps it. Field names avoid the log's masking of personal data
 * (`name`, `detail`, `*code` would be masked), and params read as 名：值 lines.
 */
export function auditView(row: repo.OpsGoodsDetailRow, skus: repo.OpsSkuRow[]) {
  return {
    goodsName: row.name,
    subtitle: row.subtitle,
    categoryId: row.category_id,
    brandId: row.brand_id,
    images: row.images,
    params: row.params.map((p) => `${p.name}：${p.value}`),
    content: row.detail,
    isCrossBorder: row.is_cross_border,
    onShelf: row.on_shelf,
    specs: row.spec_defs.map((d) => `${d.name}：${d.values.join('、')}`),
    skus: skus.map((s) => ({
      skuId: s.id,
      spec:
        specsOf(row.spec_defs, [s])
          .map((d) => d.values[0])
          .join(' / ') || '默认',
      price: s.price_fen,
      marketPrice: s.market_price_fen,
      stock: s.stock,
      skuNo: s.code,
    })),
  };
}
export const AUDIT_FIELDS = [
  'goodsName',
  'subtitle',
  'categoryId',
  'brandId',
  'images',
  'params',
  'content',
  'isCrossBorder',
  'onShelf',
  'specs',
  'skus',
];

async function checkCategory(ctx: AppContext, categoryId: number) {
  const c = await repo.category(ctx.db, categoryId);
  if (!c) throw badRequest('分类不存在，请重新选择');
  if (c.children > 0) throw badRequest(`分类「${c.name}」下还有子分类，请选择最末级分类`);
}

async function checkBrand(ctx: AppContext, brandId: number | null | undefined) {
  if (brandId != null && !(await repo.brand(ctx.db, brandId))) throw badRequest('品牌不存在，请重新选择');
}

async function resolveDetail(ctx: AppContext, blocks: DetailInput[], kept: ReadonlySet<string>): Promise<DetailBlock[]> {
  const out: DetailBlock[] = [];
  // One at a time: the first missing picture is the one named in the message.
  for (const [i, b] of blocks.entries()) {
    out.push(
      b.type === 'image'
        ? {
            type: 'image',
            src: await resolveImage(ctx.config, b.src, kept, `详情第 ${i + 1} 段的图片`),
            ...(b.alt ? { alt: b.alt } : {}),
          }
        : b,
    );
  }
  return out;
}

async function resolveImages(ctx: AppContext, refs: string[], kept: ReadonlySet<string>): Promise<string[]> {
  const out: string[] = [];
  for (const [i, ref] of refs.entries()) out.push(await resolveImage(ctx.config, ref, kept, `第 ${i + 1} 张商品图片`));
  return out;
}

const newCode = () => `SK${crypto.randomBytes(5).toString('hex').toUpperCase()}`;

async function checkCodes(db: DbOrTx, codes: string[], goodsId: number | null) {
  const taken = await repo.takenCodes(db, codes, goodsId);
  if (taken.length) throw badRequest(`SKU 编码「${taken[0]}」已被其他商品使用`);
}

function checkInput(input: GoodsInput | GoodsUpdateInput) {
  const problem = goodsProblem(input);
  if (problem) throw badRequest(problem);
}

/** Gives each new SKU its opening stock through the inventory module, so the stock ledger has it. */
async function openStock(tx: DbOrTx, lines: { skuId: number; stock: number }[], operator: Operator, reason: string) {
  for (const l of [...lines].sort((a, b) => a.skuId - b.skuId)) {
    if (l.stock > 0) await restoreStock(tx, l.skuId, l.stock, { kind: 'adjustment', actor: 'ops', operator, reason });
  }
}

export async function createGoods(ctx: AppContext, input: GoodsInput, operator: Operator, scope?: StoreScope) {
  checkInput(input);
  await checkCategory(ctx, input.categoryId);
  await checkBrand(ctx, input.brandId);
  const none = new Set<string>();
  const images = await resolveImages(ctx, input.images, none);
  const detail = await resolveDetail(ctx, input.detail, none);
  const missingStock = input.skus.findIndex((s) => s.stock === undefined);
  if (missingStock >= 0) throw badRequest(`SKU 第 ${missingStock + 1} 行：请填写库存`);
  const skus = input.skus.map((s, n) => ({ ...s, code: s.code || newCode(), sortOrder: n }));
  await checkCodes(
    ctx.db,
    skus.map((s) => s.code),
    null,
  );

  const goodsId = await ctx.db.transaction(async (tx) => {
    const id = await writer.createGoods(tx, {
      name: input.name,
      subtitle: input.subtitle ?? '',
      categoryId: input.categoryId,
      brandId: input.brandId ?? null,
      images,
      params: input.params,
      detail,
      onShelf: scope ? false : input.onShelf,
      isCrossBorder: input.isCrossBorder,
      specDefs: input.specs,
      supplierId: scope?.storeId ?? null,
      skus: skus.map((s) => ({
        code: s.code,
        specs: s.specs,
        priceFen: s.price,
        marketPriceFen: s.marketPrice,
        stock: 0,
        sortOrder: s.sortOrder,
      })),
    });
    const made = await repo.skusForEdit(tx, id);
    await openStock(
      tx,
      made.map((m, n) => ({ skuId: m.id, stock: skus[n]!.stock ?? 0 })),
      operator,
      '新建商品',
    );
    if (scope) await repo.sendToReview(tx, id);
    return id;
  });
  await catalogChanged(ctx);
  const after = await loadGoods(ctx.db, goodsId);
  return { goodsId, after: auditView(after.row, after.skus) };
}

export async function updateGoods(
  ctx: AppContext,
  input: GoodsUpdateInput,
  operator: Operator,
  scope?: StoreScope,
) {
  const goodsId = input.goodsId;
  checkInput(input);
  await checkCategory(ctx, input.categoryId);
  await checkBrand(ctx, input.brandId);
  // the goods row is locked while its SKUs are compared and rewritten: two operators saving at
  // once apply one after the other, each against what the other left
  const before = await ctx.db.transaction(async (tx) => {
    if (!(await repo.lockGoods(tx, goodsId))) throw new AppError(Code.GOODS_NOT_FOUND, '商品不存在');
    const was = await loadGoods(tx, goodsId, scope);
    const kept = new Set<string>([
      ...was.row.images,
      ...was.row.detail.flatMap((b) => (b.type === 'image' ? [b.src] : [])),
    ]);
    const images = await resolveImages(ctx, input.images, kept);
    const detail = await resolveDetail(ctx, input.detail, kept);
    const plan = skuPlan(was.skus, input.skus);
    await checkCodes(
      tx,
      [...plan.change, ...plan.add].map((s) => s.code),
      goodsId,
    );
    const addedIds = await writer.writeSkus(tx, goodsId, plan);
    await writer.updateGoods(tx, goodsId, {
      name: input.name,
      subtitle: input.subtitle ?? '',
      categoryId: input.categoryId,
      brandId: input.brandId ?? null,
      images,
      params: input.params,
      detail,
      isCrossBorder: input.isCrossBorder,
      specDefs: input.specs,
    });
    await openStock(
      tx,
      addedIds.map((skuId, n) => ({ skuId, stock: plan.add[n]!.stock })),
      operator,
      '商品编辑新增 SKU',
    );
    // a store's change is seen by an operator before buyers see it
    if (scope) {
      await repo.sendToReview(tx, goodsId);
      if (was.row.on_shelf) await writer.updateGoods(tx, goodsId, { onShelf: false });
    }
    return was;
  });
  await catalogChanged(ctx);
  const after = await loadGoods(ctx.db, goodsId);
  return { goodsId, before: auditView(before.row, before.skus), after: auditView(after.row, after.skus) };
}

/**
 * Which SKUs stay (by id: carts and the stock ledger keep pointing at them), which are new and
 * which go. Stock is not changed here: an existing SKU's stock moves only through 库存 with a
 * reason; a new one gets its opening stock.
 */
function skuPlan(current: repo.OpsSkuRow[], rows: GoodsUpdateInput['skus']) {
  const byId = new Map(current.map((s) => [s.id, s]));
  const keptIds = new Set<number>();
  const change: writer.SkuChange[] = [];
  const add: (Omit<writer.SkuChange, 'id'> & { stock: number })[] = [];
  for (const [n, s] of rows.entries()) {
    const row = `SKU 第 ${n + 1} 行`;
    const common = { specs: s.specs, priceFen: s.price, marketPriceFen: s.marketPrice, sortOrder: n };
    if (s.id !== undefined) {
      const was = byId.get(s.id);
      if (!was || keptIds.has(s.id)) throw badRequest(`${row}：SKU 不属于该商品，请刷新后重试`);
      if (s.stock !== undefined && s.stock !== was.stock)
        throw badRequest(`${row}：已有 SKU 的库存请在库存管理中调整（需填写原因）`);
      keptIds.add(s.id);
      change.push({ id: s.id, code: s.code || was.code, ...common });
    } else {
      if (s.stock === undefined) throw badRequest(`${row}：请填写库存`);
      add.push({ code: s.code || newCode(), stock: s.stock, ...common });
    }
  }
  return { remove: current.filter((s) => !keptIds.has(s.id)).map((s) => s.id), change, add };
}

/** One goods on or off shelf; its row is locked while read and changed, so a double click changes it once. */
export async function setShelf(ctx: AppContext, goodsId: number, onShelf: boolean, scope?: StoreScope) {
  const before = await ctx.db.transaction(async (tx) => {
    if (!(await repo.lockGoods(tx, goodsId))) throw new AppError(Code.GOODS_NOT_FOUND, '商品不存在');
    const [found] = await repo.shelfStates(tx, [goodsId]);
    if (scope && found!.supplier_id !== scope.storeId) throw new AppError(Code.GOODS_NOT_FOUND, '商品不存在');
    if (onShelf && found!.supplier_id && found!.review_status !== 'APPROVED') {
      throw new AppError(Code.GOODS_NOT_REVIEWED, scope ? '商品审核通过后才能上架' : '该商品尚未通过审核');
    }
    // through the writer, which also rewrites the search document (a goods written around it is repaired)
    if (found!.on_shelf !== onShelf) await writer.updateGoods(tx, goodsId, { onShelf });
    return found!.on_shelf;
  });
  await catalogChanged(ctx);
  return { goodsId, onShelf, before };
}

/** Puts goods on or off shelf together: all exist or nothing changes; those already there are left. */
export async function setShelfBatch(ctx: AppContext, goodsIds: number[], onShelf: boolean) {
  const unique = [...new Set(goodsIds)];
  const found = await repo.shelfStates(ctx.db, unique);
  const missing = unique.filter((id) => !found.some((f) => f.id === id));
  if (missing.length) throw new AppError(Code.GOODS_NOT_FOUND, `商品不存在：${missing.slice(0, 5).join('、')}`);
  const unreviewed = onShelf ? found.filter((f) => f.supplier_id && f.review_status !== 'APPROVED') : [];
  if (unreviewed.length) throw new AppError(Code.GOODS_NOT_REVIEWED, `该商品尚未通过审核：${unreviewed.slice(0, 5).map((f) => f.name).join('、')}`);
  const changed = await writer.setShelfMany(ctx.db, unique, onShelf);
  if (changed.length) await catalogChanged(ctx);
  return { changed, unchanged: unique.filter((id) => !changed.includes(id)) };
}
