import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../lib/db.ts';

/**
 * The only place that changes SKU stock. Each change is one conditional UPDATE, so concurrent
 * buyers can never take stock below zero (the catalogue's CHECK (stock >= 0) is the last guard).
 */

/** Takes `quantity` units; false (and nothing changed) when fewer are left. */
export async function deductStock(tx: DbOrTx, skuId: number, quantity: number): Promise<boolean> {
  if (!Number.isInteger(quantity) || quantity <= 0) return false;
  const changed = await rows<{ id: number }>(
    tx,
    sql`UPDATE skus SET stock = stock - ${quantity} WHERE id = ${skuId} AND stock >= ${quantity} RETURNING id`,
  );
  if (changed.length === 0) return false;
  await tx.execute(sql`UPDATE goods SET sales = sales + ${quantity} WHERE id = (SELECT goods_id FROM skus WHERE id = ${skuId})`);
  return true;
}

/** Puts `quantity` units back (an unpaid order cancelled, returned goods received). */
export async function restoreStock(tx: DbOrTx, skuId: number, quantity: number): Promise<void> {
  if (!Number.isInteger(quantity) || quantity <= 0) return;
  const changed = await rows<{ goods_id: number }>(
    tx,
    sql`UPDATE skus SET stock = stock + ${quantity} WHERE id = ${skuId} RETURNING goods_id`,
  );
  const goodsId = changed[0]?.goods_id;
  if (goodsId !== undefined) {
    await tx.execute(sql`UPDATE goods SET sales = GREATEST(sales - ${quantity}, 0) WHERE id = ${goodsId}`);
  }
}
