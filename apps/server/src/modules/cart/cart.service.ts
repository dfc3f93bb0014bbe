import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { Code } from '@mall/shared';
import { cartItems } from '../../db/schema/index.ts';
import type { AppContext } from '../../lib/context.ts';
import { lockKey, type DbOrTx } from '../../lib/db.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { findTradeSkus, type TradeSku } from '../inventory/index.ts';
import { timeDiscountPrices } from '../activities/index.ts';
import { ACTIVITY_KIND_NAMES } from '../activities/index.ts';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from './cart.schema.ts';

const validIds = (ids: string[]) => ids.filter(isUuid);

export const LINE_STATES = {
  NORMAL: '正常',
  OFF_SHELF: '已下架',
  SOLD_OUT: '已售罄',
  LOW_STOCK: '库存不足',
  PRICE_CHANGED: '价格变动',
} as const;
export type LineState = keyof typeof LINE_STATES;

type CartRow = typeof cartItems.$inferSelect;

/** A line's state; the first that applies wins (an off-shelf line is 已下架 whatever its stock). */
export function lineState(row: Pick<CartRow, 'quantity' | 'priceAtAdd'>, sku: TradeSku | undefined): LineState {
  if (!sku || !sku.onShelf) return 'OFF_SHELF';
  if (sku.stock <= 0) return 'SOLD_OUT';
  if (sku.stock < row.quantity) return 'LOW_STOCK';
  if (sku.priceFen !== row.priceAtAdd) return 'PRICE_CHANGED';
  return 'NORMAL';
}

/** Whether a line can be bought as it stands (价格变动 can: the buyer pays today's price). */
export const purchasable = (state: LineState) => state === 'NORMAL' || state === 'PRICE_CHANGED';

/** A running 限时折扣 on the line's SKU: the price it gives (checkout prices the line the same way). */
type LineDiscount = { activityId: number; title: string; priceFen: number };

function presentLine(row: CartRow, sku: TradeSku | undefined, discount: LineDiscount | undefined) {
  const state = lineState(row, sku);
  const usualPrice = sku?.priceFen ?? row.priceAtAdd;
  const price = discount?.priceFen ?? usualPrice;
  // 降价 / 涨价 follow the SKU's own price; a discount is shown as the activity, not as a price change.
  const diff = usualPrice - row.priceAtAdd;
  return {
    id: row.id,
    skuId: row.skuId,
    goodsId: row.goodsId,
    goodsName: sku?.goodsName ?? '商品已失效',
    image: sku?.image ?? null,
    specText: sku?.specText ?? '',
    quantity: row.quantity,
    selected: row.selected,
    price,
    usualPrice,
    activity: discount ? { id: discount.activityId, title: discount.title, kindText: ACTIVITY_KIND_NAMES.TIME_DISCOUNT } : null,
    priceAtAdd: row.priceAtAdd,
    /** 降价 / 涨价 since the line was added, with the difference per unit in fen. */
    priceChange: diff < 0 ? 'DOWN' : diff > 0 ? 'UP' : null,
    priceChangeText: diff < 0 ? '降价' : diff > 0 ? '涨价' : null,
    priceDiff: Math.abs(diff),
    marketPrice: sku?.marketPriceFen ?? null,
    stock: sku?.stock ?? 0,
    maxQuantity: Math.max(0, Math.min(sku?.stock ?? 0, MAX_LINE_QUANTITY)),
    isCrossBorder: sku?.isCrossBorder ?? false,
    state,
    stateText: LINE_STATES[state],
    purchasable: purchasable(state),
    lineAmount: price * row.quantity,
    addedAt: row.createdAt.toISOString(),
  };
}
export type CartLine = ReturnType<typeof presentLine>;

async function memberRows(db: DbOrTx, memberId: string, ids?: string[]) {
  const where = ids
    ? and(eq(cartItems.memberId, memberId), inArray(cartItems.id, validIds(ids)))
    : eq(cartItems.memberId, memberId);
  if (ids && validIds(ids).length === 0) return [];
  return db
    .select()
    .from(cartItems)
    .where(where)
    .orderBy(sql`${cartItems.createdAt} DESC`, asc(cartItems.id));
}

/**
 * Lines with today's goods, price (a running 限时折扣's when there is one) and stock. With `ids`,
 * only those of this member's lines.
 */
export async function cartLines(db: DbOrTx, memberId: string, ids?: string[]): Promise<CartLine[]> {
  const found = await memberRows(db, memberId, ids);
  const skus = await findTradeSkus(
    db,
    found.map((r) => r.skuId),
  );
  const discounts = await timeDiscountPrices(
    db,
    [...skus.values()].map((s) => ({ skuId: s.skuId, priceFen: s.priceFen })),
  );
  return found.map((r) => presentLine(r, skus.get(r.skuId), discounts.get(r.skuId)));
}

export async function listCart(ctx: AppContext, memberId: string) {
  const lines = await cartLines(ctx.db, memberId);
  const chosen = lines.filter((l) => l.selected && l.purchasable);
  return {
    lines,
    summary: {
      lineCount: lines.length,
      totalQuantity: lines.reduce((a, l) => a + l.quantity, 0),
      selectedLineCount: chosen.length,
      selectedQuantity: chosen.reduce((a, l) => a + l.quantity, 0),
      /** Goods amount of the selected, buyable lines at today's prices (fen); checkout adds freight. */
      selectedAmount: chosen.reduce((a, l) => a + l.lineAmount, 0),
      allSelected: lines.some((l) => l.purchasable) && lines.filter((l) => l.purchasable).every((l) => l.selected),
      invalidCount: lines.filter((l) => l.state === 'OFF_SHELF' || l.state === 'SOLD_OUT').length,
    },
  };
}

export async function cartCount(ctx: AppContext, memberId: string) {
  const [row] = await ctx.db
    .select({ quantity: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int`, lines: sql<number>`count(*)::int` })
    .from(cartItems)
    .where(eq(cartItems.memberId, memberId));
  return { count: row?.quantity ?? 0, lines: row?.lines ?? 0 };
}

/** Refuses a quantity the SKU cannot supply, naming how many can be bought. */
export function assertBuyable(sku: TradeSku | undefined, quantity: number): asserts sku is TradeSku {
  assertOnSale(sku);
  if (sku.stock <= 0) throw new AppError(Code.OUT_OF_STOCK, `“${sku.goodsName}”已售罄`);
  if (quantity > sku.stock)
    throw new AppError(
      Code.OUT_OF_STOCK,
      `“${sku.goodsName}”库存不足，最多可购买 ${Math.min(sku.stock, MAX_LINE_QUANTITY)} 件`,
    );
}

/** The SKU exists and its goods is on shelf (its stock is checked elsewhere, e.g. a 秒杀's own units). */
export function assertOnSale(sku: TradeSku | undefined): asserts sku is TradeSku {
  if (!sku) throw new AppError(Code.SKU_NOT_FOUND, '商品规格不存在');
  if (!sku.onShelf) throw new AppError(Code.GOODS_OFF_SHELF, `“${sku.goodsName}”已下架`);
}

/**
 * Adds a SKU; an existing line of the same SKU grows instead (and takes today's price as its
 * reference, since the buyer has just seen it).
 */
export async function addToCart(db: DbOrTx, memberId: string, skuId: number, quantity: number) {
  return db.transaction(async (tx) => {
    await lockKey(tx, 'cart', memberId); // one member's cart writes one at a time: line limit, merges
    const sku = (await findTradeSkus(tx, [skuId])).get(skuId);
    const [existing] = await tx
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.memberId, memberId), eq(cartItems.skuId, skuId)));
    const total = (existing?.quantity ?? 0) + quantity;
    if (total > MAX_LINE_QUANTITY) throw new AppError(Code.OUT_OF_STOCK, `每件商品最多购买 ${MAX_LINE_QUANTITY} 件`);
    assertBuyable(sku, total);
    if (existing) {
      await tx
        .update(cartItems)
        .set({ quantity: total, priceAtAdd: sku.priceFen, selected: true, updatedAt: new Date() })
        .where(eq(cartItems.id, existing.id));
      return existing.id;
    }
    const [{ count }] = (await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(cartItems)
      .where(eq(cartItems.memberId, memberId))) as [{ count: number }];
    if (count >= MAX_CART_LINES) throw new AppError(Code.CART_FULL, `购物车最多放 ${MAX_CART_LINES} 种商品，请先清理`);
    const [created] = await tx
      .insert(cartItems)
      .values({ memberId, goodsId: sku.goodsId, skuId, quantity, priceAtAdd: sku.priceFen })
      .returning({ id: cartItems.id });
    return created!.id;
  });
}

async function ownLine(db: DbOrTx, memberId: string, id: string) {
  if (!isUuid(id)) throw notFound('购物车中没有该商品');
  const [row] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.memberId, memberId)));
  if (!row) throw notFound('购物车中没有该商品');
  return row;
}

export async function changeQuantity(ctx: AppContext, memberId: string, id: string, quantity: number) {
  const row = await ownLine(ctx.db, memberId, id);
  const sku = (await findTradeSkus(ctx.db, [row.skuId])).get(row.skuId);
  // Inside the cart an off-shelf line is not 107301 (whose dialog leaves the page): it stays listed as 已下架.
  if (!sku || !sku.onShelf)
    throw new AppError(Code.BAD_REQUEST, `“${sku?.goodsName ?? '该商品'}”已下架，请从购物车删除`);
  assertBuyable(sku, quantity);
  await ctx.db
    .update(cartItems)
    .set({ quantity, updatedAt: new Date() })
    .where(and(eq(cartItems.id, id), eq(cartItems.memberId, memberId)));
}

export async function selectLine(ctx: AppContext, memberId: string, id: string, selected: boolean) {
  await ownLine(ctx.db, memberId, id);
  await ctx.db
    .update(cartItems)
    .set({ selected })
    .where(and(eq(cartItems.id, id), eq(cartItems.memberId, memberId)));
}

/** Selects (or clears) every line; only buyable lines get selected. */
export async function selectAll(ctx: AppContext, memberId: string, selected: boolean) {
  if (!selected) {
    await ctx.db.update(cartItems).set({ selected: false }).where(eq(cartItems.memberId, memberId));
    return;
  }
  const lines = await cartLines(ctx.db, memberId);
  const ids = lines.filter((l) => l.purchasable).map((l) => l.id);
  if (ids.length)
    await ctx.db
      .update(cartItems)
      .set({ selected: true })
      .where(and(eq(cartItems.memberId, memberId), inArray(cartItems.id, ids)));
}

/** Removes this member's lines among `ids`; returns how many went. Unknown ids remove nothing. */
export async function removeLines(db: DbOrTx, memberId: string, ids: string[]): Promise<number> {
  const ok = validIds(ids);
  if (ok.length === 0) return 0;
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.memberId, memberId), inArray(cartItems.id, ok)))
    .returning({ id: cartItems.id });
  return removed.length;
}

/** Removes lines that cannot be bought any more (已下架, 已售罄). */
export async function clearInvalid(ctx: AppContext, memberId: string): Promise<number> {
  const lines = await cartLines(ctx.db, memberId);
  const ids = lines.filter((l) => l.state === 'OFF_SHELF' || l.state === 'SOLD_OUT').map((l) => l.id);
  return removeLines(ctx.db, memberId, ids);
}

/** Puts SKUs back into the cart (buy again), up to what each can supply; returns what was added. */
export async function addMany(db: DbOrTx, memberId: string, items: { skuId: number; quantity: number }[]) {
  const added: { skuId: number; quantity: number }[] = [];
  const skipped: { skuId: number; reason: string }[] = [];
  for (const item of items) {
    try {
      await addToCart(db, memberId, item.skuId, item.quantity);
      added.push(item);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      skipped.push({ skuId: item.skuId, reason: err.message });
    }
  }
  return { added, skipped };
}
