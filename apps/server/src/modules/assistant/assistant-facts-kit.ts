import { sql } from 'drizzle-orm';
import { ORDER_STATES, type OrderStatus } from '@mall/shared';
import { rows, type Db } from '../../lib/db.ts';
import type { SseEvent } from './assistant-test-kit.ts';

/**
 * The fact check of the assistant's tests: every price, stock count, coupon amount, points figure and
 * order status in an answer (its cards and its text) against a fresh read of the database.
 * Returns the problems found, each as a sentence; an empty list is a truthful answer.
 */
export async function factProblems(db: Db, memberId: string, answerId: string, events: SseEvent[]): Promise<string[]> {
  const problems: string[] = [];
  const cards = events.filter((e) => e.type === 'card').map((e) => e.data);
  const text = events
    .filter((e) => e.type === 'delta')
    .map((e) => e.data.text as string)
    .join('');
  const allowedFen = new Set<number>();
  const allowedStock = new Set<number>();

  const goodsIds = cards.flatMap((c: any) => (c.kind === 'goods' || c.kind === 'compare' ? c.goods.map((g: any) => g.goodsId) : []));
  const confirmGoods = cards.filter((c: any) => c.kind === 'confirm' && c.action === 'addToCart').map((c: any) => c.goodsId);
  const allGoods = [...new Set([...goodsIds, ...confirmGoods, ...(await goodsOfTools(db, answerId))])];
  if (allGoods.length) {
    const goods = await rows<{ id: number; price_fen: number; market_price_fen: number; stock: number }>(
      db,
      sql`SELECT g.id, g.price_fen, g.market_price_fen, COALESCE((SELECT sum(stock) FROM skus s WHERE s.goods_id = g.id), 0)::int AS stock
        FROM goods g WHERE g.id IN (${sql.join(allGoods.map((id) => sql`${id}`), sql`, `)})`,
    );
    const skus = await rows<{ id: number; goods_id: number; price_fen: number; stock: number }>(
      db,
      sql`SELECT id, goods_id, price_fen, stock FROM skus WHERE goods_id IN (${sql.join(allGoods.map((id) => sql`${id}`), sql`, `)})`,
    );
    for (const g of goods) [g.price_fen, g.market_price_fen].forEach((f) => allowedFen.add(f));
    for (const g of goods) allowedStock.add(g.stock);
    for (const s of skus) allowedFen.add(s.price_fen);
    for (const s of skus) allowedStock.add(s.stock);
    const byId = new Map(goods.map((g) => [g.id, g]));
    for (const card of cards) {
      if (card.kind !== 'goods' && card.kind !== 'compare') continue;
      for (const item of card.goods) {
        const g = byId.get(item.goodsId);
        if (!g) problems.push(`card goods ${item.goodsId} not in the catalogue`);
        else {
          if (item.priceFen !== g.price_fen) problems.push(`goods ${g.id}: card price ${item.priceFen} ≠ ${g.price_fen}`);
          if (item.marketPriceFen !== g.market_price_fen) problems.push(`goods ${g.id}: card market price ${item.marketPriceFen} ≠ ${g.market_price_fen}`);
          if (item.stock !== g.stock) problems.push(`goods ${g.id}: card stock ${item.stock} ≠ ${g.stock}`);
          if (item.activityPriceFen !== undefined) problems.push(`goods ${g.id}: an activity price with no activity running`);
        }
      }
    }
    for (const card of cards.filter((c: any) => c.kind === 'confirm' && c.action === 'addToCart')) {
      const sku = skus.find((s) => s.id === card.skuId && s.goods_id === card.goodsId);
      if (!sku) problems.push(`confirm card names SKU ${card.skuId} not of goods ${card.goodsId}`);
      else if (sku.price_fen !== card.priceFen) problems.push(`confirm card price ${card.priceFen} ≠ ${sku.price_fen}`);
    }
  }

  for (const card of cards.filter((c: any) => c.kind === 'order')) {
    for (const o of card.orders) {
      const [row] = await rows<{ status: OrderStatus; payable_amount: number; member_id: string }>(
        db,
        sql`SELECT status, payable_amount, member_id FROM orders WHERE order_no = ${o.orderNo}`,
      );
      if (!row || row.member_id !== memberId) problems.push(`order ${o.orderNo} is not the member's`);
      else {
        if (row.status !== o.status || ORDER_STATES[row.status].name !== o.statusName) problems.push(`order ${o.orderNo}: status ${o.status} ≠ ${row.status}`);
        if (row.payable_amount !== o.payAmountFen) problems.push(`order ${o.orderNo}: amount ${o.payAmountFen} ≠ ${row.payable_amount}`);
        allowedFen.add(row.payable_amount);
        if (!text.includes(`${o.orderNo}：${ORDER_STATES[row.status].name}`)) problems.push(`order ${o.orderNo}: the text does not say its status as the database does`);
      }
    }
  }
  for (const card of cards.filter((c: any) => c.kind === 'aftersale')) {
    for (const a of card.list) {
      const [row] = await rows<{ refund_amount: number; member_id: string }>(
        db,
        sql`SELECT refund_amount, member_id FROM after_sales WHERE after_sale_no = ${a.afterSaleNo}`,
      );
      if (!row || row.member_id !== memberId) problems.push(`after-sale ${a.afterSaleNo} is not the member's`);
      else if (row.refund_amount !== a.refundAmountFen) problems.push(`after-sale ${a.afterSaleNo}: amount ${a.refundAmountFen} ≠ ${row.refund_amount}`);
      else allowedFen.add(row.refund_amount);
    }
  }
  const couponIds = cards.flatMap((c: any) =>
    c.kind === 'coupons' ? c.coupons.map((x: any) => x.couponId) : c.kind === 'confirm' && c.action === 'claimCoupon' ? [c.couponId] : [],
  );
  if (couponIds.length) {
    const templates = await rows<{ id: number; amount_fen: number; threshold_fen: number }>(
      db,
      sql`SELECT id, amount_fen, threshold_fen FROM coupon_templates WHERE id IN (${sql.join(couponIds.map((id: number) => sql`${id}`), sql`, `)})`,
    );
    const byId = new Map(templates.map((t) => [t.id, t]));
    for (const card of cards) {
      const list = card.kind === 'coupons' ? card.coupons : card.kind === 'confirm' && card.action === 'claimCoupon' ? [card] : [];
      for (const c of list) {
        const t = byId.get(c.couponId);
        if (!t || t.amount_fen !== c.amountFen || (c.thresholdFen !== undefined && t.threshold_fen !== c.thresholdFen)) {
          problems.push(`coupon ${c.couponId}: ${c.amountFen}/${c.thresholdFen} ≠ the template`);
        }
      }
    }
    for (const t of templates) [t.amount_fen, t.threshold_fen].forEach((f) => allowedFen.add(f));
  }
  const [points] = await rows<{ balance: number }>(db, sql`SELECT balance FROM points_accounts WHERE member_id = ${memberId}`);
  for (const card of cards.filter((c: any) => c.kind === 'points')) {
    if (card.balance !== (points?.balance ?? 0)) problems.push(`points ${card.balance} ≠ ${points?.balance ?? 0}`);
  }
  for (const m of text.matchAll(/你现在有 (\d+) 积分/g)) {
    if (Number(m[1]) !== (points?.balance ?? 0)) problems.push(`text points ${m[1]} ≠ ${points?.balance ?? 0}`);
  }

  // the figures the buyer gave (a budget) and the cart's amount may be said back too
  for (const f of await fenArgsOfTools(db, answerId)) allowedFen.add(f);
  const [cart] = await rows<{ amount: number }>(
    db,
    sql`SELECT COALESCE(sum(s.price_fen * c.quantity), 0)::int AS amount FROM cart_items c JOIN skus s ON s.id = c.sku_id WHERE c.member_id = ${memberId}`,
  );
  allowedFen.add(cart!.amount);
  for (const m of text.matchAll(/¥(\d+)\.(\d{2})/g)) {
    const fen = Number(m[1]) * 100 + Number(m[2]);
    if (!allowedFen.has(fen)) problems.push(`the text says ${m[0]}, which no fresh read of this answer's data holds`);
  }
  for (const m of text.matchAll(/库存(?:仅剩)? (\d+) 件/g)) {
    if (!allowedStock.has(Number(m[1]))) problems.push(`the text says 库存 ${m[1]} 件, which no fresh read holds`);
  }
  return problems;
}

async function toolArgs(db: Db, answerId: string) {
  return rows<{ tool: string; args: Record<string, unknown> }>(db, sql`SELECT tool, args FROM assistant_tool_calls WHERE message_id = ${answerId}`);
}

async function goodsOfTools(db: Db, answerId: string): Promise<number[]> {
  return (await toolArgs(db, answerId)).flatMap((c) => [c.args.goodsId, ...((c.args.goodsIds as unknown[]) ?? [])].filter((x): x is number => typeof x === 'number'));
}

async function fenArgsOfTools(db: Db, answerId: string): Promise<number[]> {
  return (await toolArgs(db, answerId)).flatMap((c) =>
    Object.entries(c.args)
      .filter(([k, v]) => k.endsWith('Fen') && typeof v === 'number')
      .map(([, v]) => v as number),
  );
}
