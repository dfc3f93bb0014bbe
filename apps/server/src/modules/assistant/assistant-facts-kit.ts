import { sql, type SQL } from 'drizzle-orm';
import { ACTIVITY_PRICE_LABELS, ORDER_STATES, type OrderStatus } from '@mall/shared';
import { rows, type Db } from '../../lib/db.ts';
import type { SseEvent } from './assistant-test-kit.ts';

/**
 * The fact check of the assistant's tests: every price (running 秒杀 and 限时折扣 ones too), stock
 * count, coupon offer, points figure, order status and after-sale link in an answer (its cards and its
 * text) against a fresh read of the database.
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
    const inGoods = sql.join(allGoods.map((id) => sql`${id}`), sql`, `);
    const goods = await rows<{ id: number; price_fen: number; market_price_fen: number; stock: number }>(
      db,
      sql`SELECT g.id, g.price_fen, g.market_price_fen, COALESCE((SELECT sum(stock) FROM skus s WHERE s.goods_id = g.id), 0)::int AS stock
        FROM goods g WHERE g.id IN (${inGoods})`,
    );
    const skus = await rows<{ id: number; goods_id: number; price_fen: number; stock: number }>(
      db,
      sql`SELECT id, goods_id, price_fen, stock FROM skus WHERE goods_id IN (${inGoods})`,
    );
    const offers = await runningOffers(db, inGoods);
    for (const g of goods) [g.price_fen, g.market_price_fen].forEach((f) => allowedFen.add(f));
    for (const g of goods) allowedStock.add(g.stock);
    for (const s of skus) allowedFen.add(s.price_fen);
    for (const s of skus) allowedStock.add(s.stock);
    for (const o of offers) allowedFen.add(o.price_fen);
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
          problems.push(...activityProblems(item, g.price_fen, offers.filter((o) => o.goods_id === g.id)));
        }
      }
    }
    for (const card of cards.filter((c: any) => c.kind === 'confirm' && c.action === 'addToCart')) {
      const sku = skus.find((s) => s.id === card.skuId && s.goods_id === card.goodsId);
      // the cart charges a running 限时折扣's price; a 秒杀's is bought on its own page
      const discount = offers.find((o) => o.sku_id === card.skuId && o.kind === 'TIME_DISCOUNT')?.price_fen;
      if (!sku) problems.push(`confirm card names SKU ${card.skuId} not of goods ${card.goodsId}`);
      else if ((discount ?? sku.price_fen) !== card.priceFen) problems.push(`confirm card price ${card.priceFen} ≠ ${discount ?? sku.price_fen}`);
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
      const [row] = await rows<{ id: string; refund_amount: number; member_id: string }>(
        db,
        sql`SELECT id, refund_amount, member_id FROM after_sales WHERE after_sale_no = ${a.afterSaleNo}`,
      );
      if (!row || row.member_id !== memberId) problems.push(`after-sale ${a.afterSaleNo} is not the member's`);
      else {
        if (a.id !== row.id) problems.push(`after-sale ${a.afterSaleNo}: id ${a.id} ≠ ${row.id}`);
        if (a.href !== `/user/order/afterSaleOrderDetail/${row.id}`) problems.push(`after-sale ${a.afterSaleNo}: link ${a.href} is not its page`);
        if (row.refund_amount !== a.refundAmountFen) problems.push(`after-sale ${a.afterSaleNo}: amount ${a.refundAmountFen} ≠ ${row.refund_amount}`);
        else allowedFen.add(row.refund_amount);
      }
    }
  }
  const couponIds = cards.flatMap((c: any) =>
    c.kind === 'coupons' ? c.coupons.map((x: any) => x.couponId) : c.kind === 'confirm' && c.action === 'claimCoupon' ? [c.couponId] : [],
  );
  // the cart's amount, which a coupon's discount is taken from (the cart answers say it too)
  const [cart] = await rows<{ amount: number }>(
    db,
    sql`SELECT COALESCE(sum(s.price_fen * c.quantity), 0)::int AS amount FROM cart_items c JOIN skus s ON s.id = c.sku_id WHERE c.member_id = ${memberId}`,
  );
  allowedFen.add(cart!.amount);
  if (couponIds.length) {
    const templates = await rows<CouponTemplateFacts>(
      db,
      sql`SELECT id, kind, amount_fen, threshold_fen, discount_percent, cap_fen, scope FROM coupon_templates
        WHERE id IN (${sql.join(couponIds.map((id: number) => sql`${id}`), sql`, `)})`,
    );
    const byId = new Map(templates.map((t) => [t.id, t]));
    for (const card of cards) {
      const list = card.kind === 'coupons' ? card.coupons : card.kind === 'confirm' && card.action === 'claimCoupon' ? [{ ...card, kind: card.couponKind }] : [];
      for (const c of list) {
        const t = byId.get(c.couponId);
        const offer = t && { kind: t.kind, amountFen: t.amount_fen, discountPercent: t.discount_percent, capFen: t.cap_fen, thresholdFen: t.threshold_fen };
        const shown = { kind: c.kind, amountFen: c.amountFen, discountPercent: c.discountPercent, capFen: c.capFen, thresholdFen: c.thresholdFen };
        if (JSON.stringify(offer) !== JSON.stringify(shown)) problems.push(`coupon ${c.couponId}: ${JSON.stringify(shown)} ≠ the template ${JSON.stringify(offer)}`);
      }
    }
    for (const t of templates) {
      [t.amount_fen, t.threshold_fen, t.cap_fen ?? 0].forEach((f) => allowedFen.add(f));
      if (t.scope === 'ALL') allowedFen.add(discountOnCart(t, cart!.amount));
    }
  }
  const [points] = await rows<{ balance: number }>(db, sql`SELECT balance FROM points_accounts WHERE member_id = ${memberId}`);
  for (const card of cards.filter((c: any) => c.kind === 'points')) {
    if (card.balance !== (points?.balance ?? 0)) problems.push(`points ${card.balance} ≠ ${points?.balance ?? 0}`);
  }
  for (const m of text.matchAll(/你现在有 (\d+) 积分/g)) {
    if (Number(m[1]) !== (points?.balance ?? 0)) problems.push(`text points ${m[1]} ≠ ${points?.balance ?? 0}`);
  }

  // the figures the buyer gave (a budget) may be said back too
  for (const f of await fenArgsOfTools(db, answerId)) allowedFen.add(f);
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

interface RunningOffer {
  goods_id: number;
  sku_id: number;
  kind: 'FLASH_SALE' | 'TIME_DISCOUNT';
  activity_id: number;
  price_fen: number;
}

/**
 * The activity prices running now on these goods' SKUs, read from the activity tables: a scheduled
 * activity inside its window, a 秒杀 with units left at its price, a 限时折扣 at its price or percent of
 * the SKU's price (floored, at least 1 fen); only prices below the SKU's own.
 */
function runningOffers(db: Db, inGoods: SQL) {
  return rows<RunningOffer>(
    db,
    sql`SELECT * FROM (
          SELECT s.goods_id, s.sku_id, a.kind, a.id AS activity_id, k.price_fen AS usual_fen,
                 GREATEST(1, COALESCE(s.price_fen, floor(k.price_fen * s.percent / 100.0)::int)) AS price_fen
          FROM activity_skus s JOIN activities a ON a.id = s.activity_id JOIN skus k ON k.id = s.sku_id
          WHERE s.goods_id IN (${inGoods}) AND a.status = 'SCHEDULED' AND a.starts_at <= now() AND a.ends_at > now()
            AND (a.kind = 'TIME_DISCOUNT' OR s.stock > 0)
        ) o WHERE o.price_fen < o.usual_fen`,
  );
}

/** A goods card's activity price against the running offers on its SKUs: the lowest, named by its activity. */
function activityProblems(item: any, goodsPriceFen: number, offers: RunningOffer[]): string[] {
  const lowest = Math.min(...offers.map((o) => o.price_fen));
  if (!(lowest < goodsPriceFen)) {
    return item.activityPriceFen === undefined && item.activity === undefined ? [] : [`goods ${item.goodsId}: an activity price with no activity running below its price`];
  }
  if (item.activityPriceFen !== lowest) return [`goods ${item.goodsId}: card activity price ${item.activityPriceFen} ≠ ${lowest}`];
  const a = item.activity;
  const match = offers.find((o) => o.price_fen === lowest && a && o.kind === a.kind && o.activity_id === a.activityId && o.sku_id === a.skuId);
  if (!match) return [`goods ${item.goodsId}: card activity ${JSON.stringify(a)} is not the one at ${lowest}`];
  return a.priceLabel === ACTIVITY_PRICE_LABELS[match.kind] ? [] : [`goods ${item.goodsId}: ${a.priceLabel} is not how a ${match.kind} price is named`];
}

interface CouponTemplateFacts {
  id: number;
  kind: string;
  amount_fen: number;
  threshold_fen: number;
  discount_percent: number | null;
  cap_fen: number | null;
  scope: string;
}

/** What a coupon of all goods takes off the cart: 满减 its amount, 折扣 the share not paid up to its cap. */
function discountOnCart(t: CouponTemplateFacts, cartFen: number): number {
  if (cartFen <= 0 || cartFen < t.threshold_fen) return 0;
  const off = t.kind === 'DISCOUNT' ? Math.min(t.cap_fen ?? 0, Math.floor((cartFen * (100 - (t.discount_percent ?? 100))) / 100)) : t.amount_fen;
  return Math.min(off, cartFen);
}
