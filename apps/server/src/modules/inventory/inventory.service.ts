import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../lib/db.ts';

/**
 * The only place that changes SKU stock. Each change is one conditional UPDATE, so concurrent
 * buyers can never take stock below zero (the catalogue's CHECK (stock >= 0) is the last guard).
 *
 * Lock order: a transaction touching several SKUs changes them in ascending SKU id, and goods
 * sales only after all its SKUs, in ascending goods id (see `takeStock`/`returnStock`), so two
 * checkouts or a checkout and a cancel can never wait on each other in a cycle.
 */

/** Takes `quantity` units; false (and nothing changed) when fewer are left. */
export async function deductStock(tx: DbOrTx, skuId: number, quantity: number): Promise<boolean> {
  if (!Number.isInteger(quantity) || quantity <= 0) return false;
  const changed = await rows<{ id: number }>(
    tx,
    sql`UPDATE skus SET stock = stock - ${quantity} WHERE id = ${skuId} AND stock >= ${quantity} RETURNING id`,
  );
  return changed.length > 0;
}

/** Puts `quantity` units back (an unpaid order cancelled, returned goods received). */
export async function restoreStock(tx: DbOrTx, skuId: number, quantity: number): Promise<void> {
  if (!Number.isInteger(quantity) || quantity <= 0) return;
  await tx.execute(sql`UPDATE skus SET stock = stock + ${quantity} WHERE id = ${skuId}`);
}

export interface StockLine {
  skuId: number;
  goodsId: number;
  quantity: number;
}

/** Adds `sign × quantity` to each goods' sales (the catalogue's 销量), in goods id order. */
async function adjustSales(tx: DbOrTx, lines: StockLine[], sign: 1 | -1) {
  const byGoods = new Map<number, number>();
  for (const l of lines) byGoods.set(l.goodsId, (byGoods.get(l.goodsId) ?? 0) + l.quantity);
  for (const [goodsId, q] of [...byGoods].sort((a, b) => a[0] - b[0])) {
    await tx.execute(sql`UPDATE goods SET sales = GREATEST(sales + ${sign * q}, 0) WHERE id = ${goodsId}`);
  }
}

const bySku = (lines: StockLine[]) => [...lines].sort((a, b) => a.skuId - b.skuId);

/**
 * Takes the stock of an order's lines in one transaction; returns the first line that could not
 * be supplied (the caller rolls back), or undefined when all were taken and sales counted.
 */
export async function takeStock(tx: DbOrTx, lines: StockLine[]): Promise<StockLine | undefined> {
  for (const line of bySku(lines)) {
    if (!(await deductStock(tx, line.skuId, line.quantity))) return line;
  }
  await adjustSales(tx, lines, 1);
  return undefined;
}

/** Gives back the stock of an order's lines (cancelled before shipping) and their sales. */
export async function returnStock(tx: DbOrTx, lines: StockLine[]): Promise<void> {
  for (const line of bySku(lines)) await restoreStock(tx, line.skuId, line.quantity);
  await adjustSales(tx, lines, -1);
}
