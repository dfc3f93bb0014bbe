import { Code, STOCK_MAX, type StockLedgerKind } from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import type { DbOrTx } from '../../lib/db.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { presentLedgerRow, presentSkuStock } from './inventory.presenter.ts';
import * as repo from './inventory.repo.ts';

/**
 * The only place that changes SKU stock. Each change is one conditional UPDATE, so concurrent
 * buyers and operators can never take stock below zero (the catalogue's CHECK (stock >= 0) is the
 * last guard), and each writes one row of the stock ledger in the same statement: what changed,
 * the stock after it, why (sale, cancel, refund, return, adjustment), the order or after-sale it
 * belongs to and who caused it.
 *
 * Lock order: a transaction touching several SKUs changes them in ascending SKU id (see
 * `takeStock`/`returnStock`), and the goods' sales (the catalogue's, flows/subscribers/sales.ts)
 * only after all its SKUs, so two checkouts or a checkout and a cancel can never wait on each other
 * in a cycle.
 */

/** What the ledger records about a change besides the numbers: the caller knows it. */
export interface StockEntry {
  kind: StockLedgerKind;
  /** The order number (sale, cancel, refund) or the after-sale number (return). */
  refNo?: string | null;
  actor: 'buyer' | 'system' | 'ops';
  operator?: { id: string | null; name: string } | null;
  reason?: string | null;
}

const noteOf = (e: StockEntry): repo.LedgerNote => ({
  kind: e.kind,
  refNo: e.refNo ?? null,
  actor: e.actor,
  operatorId: e.operator?.id ?? null,
  operatorName: e.operator?.name ?? null,
  reason: e.reason ?? null,
});

/** Takes `quantity` units; false (and nothing changed) when fewer are left. */
export async function deductStock(tx: DbOrTx, skuId: number, quantity: number, entry: StockEntry): Promise<boolean> {
  if (!Number.isInteger(quantity) || quantity <= 0) return false;
  return Boolean(await repo.takeUnits(tx, skuId, quantity, noteOf(entry)));
}

/** Puts `quantity` units back (an unpaid order cancelled, units refunded before shipment, returned goods received). */
export async function restoreStock(tx: DbOrTx, skuId: number, quantity: number, entry: StockEntry): Promise<void> {
  if (!Number.isInteger(quantity) || quantity <= 0) return;
  await repo.putUnits(tx, skuId, quantity, noteOf(entry));
}

export interface StockLine {
  skuId: number;
  goodsId: number;
  quantity: number;
}

const bySku = (lines: StockLine[]) => [...lines].sort((a, b) => a.skuId - b.skuId);

/**
 * Takes the stock of an order's lines in one transaction; returns the first line that could not
 * be supplied (the caller rolls back), or undefined when all were taken.
 */
export async function takeStock(tx: DbOrTx, lines: StockLine[], entry: StockEntry): Promise<StockLine | undefined> {
  for (const line of bySku(lines)) {
    if (!(await deductStock(tx, line.skuId, line.quantity, entry))) return line;
  }
  return undefined;
}

/** Units left of each SKU now (absent SKUs are absent): a plain read, no lock. */
export const stockLeft = (db: DbOrTx, skuIds: number[]): Promise<Map<number, number>> => repo.stockOfSkus(db, skuIds);

/** Gives back the stock of an order's lines (cancelled, or refunded before shipping). */
export async function returnStock(tx: DbOrTx, lines: StockLine[], entry: StockEntry): Promise<void> {
  for (const line of bySku(lines)) await restoreStock(tx, line.skuId, line.quantity, entry);
}

/* ---- The console ---- */

/**
 * An operator's adjustment (stocktaking, goods found or damaged): one conditional update, so a
 * sale at the same moment and the adjustment together can never take stock below 0; the reason
 * and the operator go to the ledger with it.
 */
export async function adjustStock(
  ctx: AppContext,
  a: { skuId: number; change: number; reason: string; operator: { id: string | null; name: string } },
) {
  // One statement (the change and its ledger row): atomic without a transaction of its own.
  const note = noteOf({ kind: 'adjustment', actor: 'ops', operator: a.operator, reason: a.reason });
  const result = await repo.shiftUnits(ctx.db, a.skuId, a.change, STOCK_MAX, note);
  if (!result) {
    const stock = await repo.skuStock(ctx.db, a.skuId);
    if (stock === undefined) throw notFound('商品规格不存在');
    if (stock + a.change < 0) {
      throw new AppError(Code.OUT_OF_STOCK, `当前库存 ${stock} 件，调整后不能小于 0`);
    }
    throw new AppError(Code.BAD_REQUEST, `调整后库存不能超过 ${STOCK_MAX.toLocaleString('en-US')} 件`);
  }
  const sku = await repo.skuWithGoods(ctx.db, a.skuId);
  return {
    before: result.stock - a.change,
    after: result.stock,
    sku: sku ? presentSkuStock(sku) : null,
  };
}

export async function lowStock(
  ctx: AppContext,
  q: { threshold: number; keyword?: string; goodsId?: number; onShelf?: boolean; pageNum: number; pageSize: number },
) {
  const { list, total } = await repo.lowStock(
    ctx.db,
    { threshold: q.threshold, keyword: q.keyword || undefined, goodsId: q.goodsId, onShelf: q.onShelf },
    q.pageNum,
    q.pageSize,
  );
  return { list: list.map(presentSkuStock), total, pageNum: q.pageNum, pageSize: q.pageSize, threshold: q.threshold };
}

export async function ledger(ctx: AppContext, q: repo.LedgerFilter & { pageNum: number; pageSize: number }) {
  const { list, total } = await repo.ledgerPage(ctx.db, q, q.pageNum, q.pageSize);
  return { list: list.map(presentLedgerRow), total, pageNum: q.pageNum, pageSize: q.pageSize };
}
