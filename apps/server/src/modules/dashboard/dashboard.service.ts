import {
  DASHBOARD_CACHE_SECONDS,
  DASHBOARD_TODO_SECONDS,
  LOW_STOCK_DEFAULT_THRESHOLD,
  type DashboardByCategory,
  type DashboardMetrics,
  type DashboardRange,
  type DashboardSummary,
  type DashboardTodo,
  type DashboardTodos,
  type DashboardTrend,
} from '@mall/shared';
import type { AppContext } from '../../lib/context.ts';
import type { Db } from '../../lib/db.ts';
import { onCacheDropped } from '../../lib/cache-bus.ts';
import * as aftersale from '../aftersale/aftersale.service.ts';
import { categoryTree, goodsSummaries } from '../catalog/catalog.service.ts';
import * as inventory from '../inventory/inventory.service.ts';
import * as orders from '../orders/orders.service.ts';
import { refundRequiredPayments } from '../payments/payments.service.ts';
import { bucketsOf, periodsOf } from './periods.ts';
import { goodsVisitors } from './visitors.ts';

/**
 * The console's 工作台: how the shop is doing and what waits for someone. It owns no business
 * table (only goods_visitors, see visitors.ts): orders, catalogue, after-sales, payments and stock
 * are read through their services.
 *
 * A month's figures sum tens of thousands of orders (tens of milliseconds on PostgreSQL, more on
 * PGlite), and every operator opening the console asks for them: each period's figures are computed
 * once and shared for DASHBOARD_CACHE_SECONDS, and operators asking while they are being computed
 * wait for that one computation. 刷新 (`fresh`) computes again at once. The to-dos are counts over
 * indexes, shared for DASHBOARD_TODO_SECONDS only.
 */
export { countGoodsVisit, flushGoodsVisits } from './visitors.ts';

interface Cached {
  at: number;
  settled: boolean;
  value: Promise<unknown>;
}
const caches = new WeakMap<Db, Map<string, Cached>>();

function shared<T>(
  ctx: AppContext,
  key: string,
  fresh: boolean,
  compute: () => Promise<T>,
  seconds = DASHBOARD_CACHE_SECONDS,
): Promise<T> {
  let cache = caches.get(ctx.db);
  if (!cache) caches.set(ctx.db, (cache = new Map()));
  const hit = cache.get(key);
  if (hit && (!hit.settled || (!fresh && Date.now() - hit.at < seconds * 1000))) return hit.value as Promise<T>;
  const entry: Cached = { at: Date.now(), settled: false, value: compute() };
  entry.value.then(
    () => (entry.settled = true),
    () => cache.get(key) === entry && cache.delete(key),
  );
  cache.set(key, entry);
  return entry.value as Promise<T>;
}

function metrics(t: orders.PaidTotals, visitors: number): DashboardMetrics {
  const paidAmount = t.gross - t.refunded;
  return {
    paidAmount,
    grossAmount: t.gross,
    refundAmount: t.refunded,
    paidOrders: t.orders,
    payingBuyers: t.buyers,
    averageOrderValue: t.orders ? Math.round(paidAmount / t.orders) : 0,
    visitors,
    conversionRate: visitors ? Math.round((t.buyers / visitors) * 10_000) / 10_000 : null,
  };
}

export const summary = (ctx: AppContext, range: DashboardRange, fresh = false) =>
  shared(ctx, `summary:${range}`, fresh, () => computeSummary(ctx, range));

async function computeSummary(ctx: AppContext, range: DashboardRange, now = new Date()): Promise<DashboardSummary> {
  const { current, previous } = periodsOf(range, now);
  // Side by side on PostgreSQL's pool (PGlite runs them in turn).
  const [cur, prev, visitorsNow, visitorsBefore] = await Promise.all([
    orders.paidOrderTotals(ctx.db, current),
    orders.paidOrderTotals(ctx.db, previous),
    goodsVisitors(ctx, current.from, current.to),
    goodsVisitors(ctx, previous.from, previous.to),
  ]);
  return {
    range,
    updatedAt: now.toISOString(),
    from: current.from.toISOString(),
    to: current.to.toISOString(),
    previousFrom: previous.from.toISOString(),
    previousTo: previous.to.toISOString(),
    current: metrics(cur, visitorsNow),
    previous: metrics(prev, visitorsBefore),
  };
}

export const trend = (ctx: AppContext, range: DashboardRange, fresh = false) =>
  shared(ctx, `trend:${range}`, fresh, () => computeTrend(ctx, range));

async function computeTrend(ctx: AppContext, range: DashboardRange, now = new Date()): Promise<DashboardTrend> {
  const { current } = periodsOf(range, now);
  const buckets = bucketsOf(range, now);
  const found = new Map((await orders.paidOrdersByBucket(ctx.db, current, buckets.seconds)).map((b) => [b.bucket, b]));
  return {
    range,
    updatedAt: now.toISOString(),
    granularity: buckets.granularity,
    points: buckets.list.map((b, i) => {
      const hit = found.get(i);
      return {
        key: b.key,
        label: b.label,
        paidAmount: hit ? hit.gross - hit.refunded : 0,
        paidOrders: hit?.orders ?? 0,
      };
    }),
  };
}

/* ---- Goods → top-level category ---- */

interface TopCategory {
  id: number;
  name: string;
}
type Tree = Awaited<ReturnType<typeof categoryTree>>;

/** Every category id → its top-level ancestor, once per catalogue snapshot (the tree is cached there). */
const topsOfTree = new WeakMap<Tree, Map<number, TopCategory>>();
function topsOf(tree: Tree): Map<number, TopCategory> {
  let tops = topsOfTree.get(tree);
  if (!tops) {
    const found = new Map<number, TopCategory>();
    const walk = (nodes: Tree, top?: TopCategory) => {
      for (const n of nodes) {
        const t = top ?? { id: n.id, name: n.name };
        found.set(n.id, t);
        walk(n.children, t);
      }
    };
    walk(tree);
    topsOfTree.set(tree, (tops = found));
  }
  return tops;
}

/** Goods → category id, kept a minute: goods rarely change category, and a dashboard may lag that much. */
const GOODS_TTL_MS = 60_000;
const goodsCategory = new WeakMap<Db, { at: number; map: Map<number, number | null> }>();
onCacheDropped('catalog', (db) => goodsCategory.delete(db));

async function topCategoriesOf(ctx: AppContext, goodsIds: number[]): Promise<Map<number, TopCategory | null>> {
  let cache = goodsCategory.get(ctx.db);
  if (!cache || Date.now() - cache.at > GOODS_TTL_MS)
    goodsCategory.set(ctx.db, (cache = { at: Date.now(), map: new Map() }));
  const known = cache.map;
  const unknown = goodsIds.filter((id) => !known.has(id));
  for (let i = 0; i < unknown.length; i += 1000) {
    const chunk = unknown.slice(i, i + 1000);
    const cards = await goodsSummaries(ctx, chunk);
    for (const id of chunk) known.set(id, cards.get(id)?.categoryId ?? null);
  }
  const tops = topsOf(await categoryTree(ctx));
  return new Map(goodsIds.map((id) => [id, tops.get(known.get(id) ?? -1) ?? null]));
}

export const OTHER_CATEGORY = '其他';

export const byCategory = (ctx: AppContext, range: DashboardRange, fresh = false) =>
  shared(ctx, `byCategory:${range}`, fresh, () => computeByCategory(ctx, range));

async function computeByCategory(
  ctx: AppContext,
  range: DashboardRange,
  now = new Date(),
): Promise<DashboardByCategory> {
  const { current } = periodsOf(range, now);
  const sold = await orders.paidOrdersByGoods(ctx.db, current);
  const tops = await topCategoriesOf(
    ctx,
    sold.map((s) => s.goodsId),
  );
  const groups = new Map<
    number | null,
    { categoryId: number | null; name: string; paidAmount: number; quantity: number }
  >();
  for (const s of sold) {
    const top = tops.get(s.goodsId) ?? null;
    const key = top?.id ?? null;
    const g = groups.get(key) ?? { categoryId: key, name: top?.name ?? OTHER_CATEGORY, paidAmount: 0, quantity: 0 };
    g.paidAmount += s.amount;
    g.quantity += s.quantity;
    groups.set(key, g);
  }
  const list = [...groups.values()]
    .filter((g) => g.paidAmount !== 0 || g.quantity !== 0)
    .sort((a, b) => b.paidAmount - a.paidAmount || (a.categoryId ?? Infinity) - (b.categoryId ?? Infinity));
  return { range, updatedAt: now.toISOString(), total: list.reduce((s, g) => s + g.paidAmount, 0), list };
}

/* ---- What waits for someone ---- */

const pageOne = { pageNum: 1, pageSize: 1 };
const afterSalesIn = async (ctx: AppContext, status: string) =>
  (await aftersale.page(ctx, undefined, { ...pageOne, status })).total;

export const todo = (ctx: AppContext, fresh = false) =>
  shared(ctx, 'todo', fresh, () => countTodos(ctx), DASHBOARD_TODO_SECONDS);

async function countTodos(ctx: AppContext): Promise<DashboardTodos> {
  const list: DashboardTodo[] = [
    {
      key: 'toShip',
      title: '待发货订单',
      count: await orders.countOrdersInStatus(ctx.db, 'PENDING_SHIPMENT'),
      path: '/orders?status=PENDING_SHIPMENT',
      permission: 'order:view',
    },
    {
      key: 'toReview',
      title: '待审核售后',
      count: await afterSalesIn(ctx, 'PENDING_REVIEW'),
      path: '/aftersales?status=PENDING_REVIEW',
      permission: 'aftersale:view',
    },
    {
      key: 'toReceive',
      title: '待收退货',
      count: await afterSalesIn(ctx, 'PENDING_MERCHANT_RECEIPT'),
      path: '/aftersales?status=PENDING_MERCHANT_RECEIPT',
      permission: 'aftersale:view',
    },
    {
      key: 'toRefund',
      title: '售后待退款',
      count: await afterSalesIn(ctx, 'REFUNDING'),
      path: '/aftersales?status=REFUNDING',
      permission: 'aftersale:view',
    },
    {
      key: 'refundByHand',
      title: '待人工退款',
      count: (await refundRequiredPayments(ctx)).length,
      path: '/aftersales/manual-refunds',
      permission: 'payment:view',
    },
    {
      key: 'lowStock',
      title: '低库存 SKU',
      count: (await inventory.lowStock(ctx, { threshold: LOW_STOCK_DEFAULT_THRESHOLD, ...pageOne })).total,
      path: '/inventory',
      permission: 'inventory:adjust',
    },
  ];
  return { list, lowStockThreshold: LOW_STOCK_DEFAULT_THRESHOLD };
}
