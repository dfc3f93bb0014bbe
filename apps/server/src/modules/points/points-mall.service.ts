import {
  Code,
  type ConsolePointsMallGoods,
  type ConsolePointsMallPage,
  type PointsMallCard,
  type PointsMallDetail,
  type PointsMallPage,
} from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { goodsSummaries } from '../catalog/catalog.service.ts';
import { findTradeSkus, type TradeSku } from '../inventory/index.ts';
import { getSetting } from '../site/site.service.ts';
import * as repo from './points-mall.repo.ts';

/**
 * 积分商城: SKUs of the catalogue offered for points (and an optional cash part) from their own
 * stock, with a per-member limit. Names, pictures and specs are read live from the catalogue (the
 * inventory's read-only SKU view); a goods taken off the catalogue's shelf shows as unavailable.
 * Redeeming goes through the checkout (a later session): it takes stock with repo.takeMallStock.
 */

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

function unavailable(row: repo.MallRow, sku: TradeSku | undefined): string | null {
  if (!row.on_shelf || !sku || !sku.onShelf) return '该积分商品已下架';
  if (row.stock <= 0) return '该积分商品已兑完';
  return null;
}

function card(row: repo.MallRow, sku: TradeSku | undefined): PointsMallCard {
  return {
    id: row.id,
    goodsId: row.goods_id,
    skuId: row.sku_id,
    name: sku?.goodsName ?? '',
    image: sku?.image ?? null,
    specText: sku?.specText ?? '',
    category: row.category,
    pointsPrice: row.points_price,
    cashFen: row.cash_fen,
    marketPrice: sku?.priceFen ?? 0,
    stock: row.stock,
    redeemed: row.redeemed,
    perMemberLimit: row.per_member_limit,
    soldOut: row.stock <= 0,
    unavailable: unavailable(row, sku),
  };
}

async function cards(ctx: AppContext, list: repo.MallRow[]) {
  const skus = await findTradeSkus(ctx.db, list.map((r) => r.sku_id));
  return list.map((r) => ({ row: r, sku: skus.get(r.sku_id) }));
}

/** The buyer's mall: goods on shelf, by category, sorted (默认, 积分从低到高/从高到低, 热门). */
export async function mallPage(
  ctx: AppContext,
  q: { category?: string; sort: repo.MallSort; pageNum: number; pageSize: number },
): Promise<PointsMallPage> {
  const [{ list, total }, categories] = await Promise.all([
    repo.mallPage(ctx.db, { category: q.category, shelf: 'ON' }, q.sort, q.pageNum, q.pageSize),
    repo.categories(ctx.db),
  ]);
  return {
    list: (await cards(ctx, list)).map(({ row, sku }) => card(row, sku)),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    categories,
  };
}

export async function mallDetail(ctx: AppContext, id: number): Promise<PointsMallDetail> {
  const row = await repo.findMall(ctx.db, id);
  if (!row || !row.on_shelf) throw new AppError(row ? Code.POINTS_MALL_OFF_SHELF : Code.NOT_FOUND, row ? undefined : '积分商品不存在');
  const [[found], summaries, freight] = await Promise.all([cards(ctx, [row]), goodsSummaries(ctx, [row.goods_id]), getSetting(ctx, 'freight')]);
  const summary = summaries.get(row.goods_id);
  const c = card(row, found!.sku);
  return {
    ...c,
    subtitle: summary?.subtitle ?? '',
    images: [c.image, summary?.image].filter((x, i, a): x is string => Boolean(x) && a.indexOf(x) === i),
    freight: { freeFromFen: freight.freeFromFen, feeFen: freight.feeFen },
  };
}

/* ---- the console ---- */

function consoleView(row: repo.MallRow, sku: TradeSku | undefined): ConsolePointsMallGoods {
  return {
    ...card(row, sku),
    onShelf: row.on_shelf,
    goodsOnShelf: Boolean(sku?.onShelf),
    sort: row.sort,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export async function opsPage(
  ctx: AppContext,
  q: { category?: string; shelf: 'ALL' | 'ON' | 'OFF'; sort: repo.MallSort; pageNum: number; pageSize: number },
): Promise<ConsolePointsMallPage> {
  const { list, total } = await repo.mallPage(ctx.db, { category: q.category, shelf: q.shelf }, q.sort, q.pageNum, q.pageSize);
  return {
    list: (await cards(ctx, list)).map(({ row, sku }) => consoleView(row, sku)),
    total,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

async function viewOf(ctx: AppContext, row: repo.MallRow) {
  const skus = await findTradeSkus(ctx.db, [row.sku_id]);
  return consoleView(row, skus.get(row.sku_id));
}

export async function opsDetail(ctx: AppContext, id: number) {
  const row = await repo.findMall(ctx.db, id);
  if (!row) throw notFound('积分商品不存在');
  return viewOf(ctx, row);
}

/** Offers an existing SKU in the mall; a SKU already offered is refused (108714). */
export async function create(ctx: AppContext, skuId: number, v: repo.MallValues) {
  const sku = (await findTradeSkus(ctx.db, [skuId])).get(skuId);
  if (!sku) throw new AppError(Code.SKU_NOT_FOUND, '商品规格不存在');
  if (v.onShelf && !sku.onShelf) throw new AppError(Code.GOODS_OFF_SHELF, '该商品已在商城下架，不能上架到积分商城');
  const row = await ctx.db.transaction((tx) => repo.insertMall(tx, sku.goodsId, skuId, v));
  if (!row) throw new AppError(Code.POINTS_MALL_EXISTS);
  return viewOf(ctx, row);
}

export async function update(ctx: AppContext, id: number, v: repo.MallValues) {
  const before = await opsDetail(ctx, id);
  if (v.onShelf && !before.goodsOnShelf) throw new AppError(Code.GOODS_OFF_SHELF, '该商品已在商城下架，不能上架到积分商城');
  const row = await ctx.db.transaction((tx) => repo.updateMall(tx, id, v));
  if (!row) throw notFound('积分商品不存在');
  return { before, after: await viewOf(ctx, row) };
}

/** 上架 / 下架 once: a second click finds it changed and is refused. */
export async function setShelf(ctx: AppContext, id: number, onShelf: boolean) {
  const before = await opsDetail(ctx, id);
  if (onShelf && !before.goodsOnShelf) throw new AppError(Code.GOODS_OFF_SHELF, '该商品已在商城下架，不能上架到积分商城');
  const row = await ctx.db.transaction((tx) => repo.setShelf(tx, id, onShelf));
  if (!row) throw new AppError(Code.BAD_REQUEST, onShelf ? '该积分商品已上架' : '该积分商品已下架');
  return viewOf(ctx, row);
}
