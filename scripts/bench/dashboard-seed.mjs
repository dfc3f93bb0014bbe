// Orders for the 工作台 benchmark, written with generate_series in a few statements (not through
// HTTP): `node --import tsx scripts/bench/dashboard-seed.mjs <orders>` with the shop's own settings
// (DATABASE_URL, or DATA_DIR for PGlite; DEMO_GOODS). It boots the shop once without listening, so
// migrations and the demo data (members, catalogue, operators) are in place, then adds:
//   - <orders>/5 buyers (mobiles 166…),
//   - <orders> orders paid over the last 90 days (Asia/Shanghai days all alike), each with 1–3 lines
//     of demo SKUs: recent ones waiting to ship or in transit, older ones completed; 2 % cancelled
//     or unpaid, 1 % closed by a full refund, 5 % of the completed ones with a line refunded,
//   - after-sales in every open status, a few payments to refund by hand, goods-page visitors.
// Deterministic (the same orders on every run) and idempotent: nothing is added when the shop
// already holds that many bench orders. The shop's sweeper leaves them alone: unpaid ones are due
// tomorrow, and shipped ones are younger than the auto-receive days.
import { performance } from 'node:perf_hooks';

const n = Number(process.argv[2]);
if (!Number.isInteger(n) || n < 1 || n > 2_000_000) {
  console.error('usage: dashboard-seed.mjs <orders: 1..2000000>');
  process.exit(2);
}
process.env.SWEEP_INTERVAL_SECONDS = '0';
process.env.LOG_LEVEL ??= 'warn';

const { loadConfig } = await import('../../apps/server/src/config.ts');
const { boot } = await import('../../apps/server/src/bootstrap.ts');
const { rows, sql } = await import('../../apps/server/src/lib/db.ts');

const buyers = Math.max(1, Math.floor(n / 5));
const DAYS = 90;

/** The statements, in order; `${n}`-style numbers only (no input from outside reaches them as text). */
const statements = [
  `INSERT INTO members (mobile, nickname, roles)
     SELECT '166' || lpad(b::text, 8, '0'), '压测买家' || b, '{member}' FROM generate_series(1, ${buyers}) b
     ON CONFLICT DO NOTHING`,
  // The SKUs the orders buy (ordinary demo goods), numbered 1..k.
  `CREATE TEMP TABLE bench_skus ON COMMIT DROP AS
     SELECT row_number() OVER (ORDER BY s.id)::int AS x, s.id AS sku_id, s.goods_id, s.price_fen AS price, g.name
     FROM skus s JOIN goods g ON g.id = s.goods_id WHERE NOT g.is_cross_border ORDER BY s.id LIMIT 2000`,
  // One row per order with everything derived from its number i: age, status, member.
  `CREATE TEMP TABLE bench_plan ON COMMIT DROP AS
     WITH m AS (SELECT array_agg(id ORDER BY mobile) AS ids, count(*)::int AS k FROM members WHERE mobile LIKE '166%'),
     a AS (SELECT i, (i::bigint * 104729) % (${DAYS} * 86400) AS age FROM generate_series(1, ${n}) i)
     SELECT a.i, m.ids[(1 + (a.i::bigint * 7919) % m.k)::int] AS member_id,
            now() - make_interval(secs => a.age) AS at,
            CASE
              WHEN a.i % 100 = 0 THEN 'CANCELLED'
              WHEN a.i % 100 = 1 THEN CASE WHEN a.age < 86400 THEN 'PENDING_PAYMENT' ELSE 'CANCELLED' END
              WHEN a.i % 100 = 2 THEN 'CLOSED'
              WHEN a.age < 2 * 86400 THEN CASE WHEN a.i % 3 = 0 THEN 'PENDING_RECEIPT' ELSE 'PENDING_SHIPMENT' END
              WHEN a.age < 6 * 86400 THEN 'PENDING_RECEIPT'
              ELSE 'COMPLETED'
            END AS status
     FROM a, m`,
  `CREATE TEMP TABLE bench_lines ON COMMIT DROP AS
     SELECT p.i, j, k.sku_id, k.goods_id, k.price, k.name, 1 + (p.i + j) % 2 AS qty
     FROM bench_plan p CROSS JOIN LATERAL generate_series(1, 1 + p.i % 3) j
     JOIN bench_skus k ON k.x = 1 + ((p.i * 31 + j * 17) % (SELECT count(*) FROM bench_skus))`,
  `CREATE TEMP TABLE bench_totals ON COMMIT DROP AS
     SELECT i, sum(price * qty)::int AS total FROM bench_lines GROUP BY i`,
  // Temporary tables have no statistics until analysed: without them the joins below are planned blind.
  `ANALYZE bench_skus`,
  `ANALYZE bench_plan`,
  `ANALYZE bench_lines`,
  `ANALYZE bench_totals`,
  `INSERT INTO orders (order_no, member_id, status, goods_amount, freight, payable_amount, paid_amount, address,
                       idempotency_key, pay_deadline, paid_at, shipped_at, completed_at, cancelled_at, closed_at,
                       payment_method, logistics_company, tracking_no, created_at, updated_at)
     SELECT '9' || lpad(p.i::text, 19, '0'), p.member_id, p.status, t.total, 0, t.total,
            CASE WHEN p.status IN ('PENDING_PAYMENT', 'CANCELLED') THEN 0 ELSE t.total END,
            '{"receiverName":"压测买家","mobile":"16600000000","provinceName":"北京市","cityName":"市辖区","districtName":"朝阳区","detail":"建国路 88 号","provinceCode":"11","cityCode":"1101","districtCode":"110105"}'::jsonb,
            'bench-' || p.i,
            CASE WHEN p.status = 'PENDING_PAYMENT' THEN now() + interval '1 day' ELSE p.at + interval '30 minutes' END,
            CASE WHEN p.status IN ('PENDING_PAYMENT', 'CANCELLED') THEN NULL ELSE p.at END,
            CASE WHEN p.status IN ('PENDING_RECEIPT', 'COMPLETED') THEN p.at + interval '2 hours' END,
            CASE WHEN p.status = 'COMPLETED' THEN p.at + interval '3 days' END,
            CASE WHEN p.status = 'CANCELLED' THEN p.at + interval '30 minutes' END,
            CASE WHEN p.status = 'CLOSED' THEN p.at + interval '1 hour' END,
            CASE WHEN p.status IN ('PENDING_PAYMENT', 'CANCELLED') THEN NULL ELSE 'sandbox' END,
            CASE WHEN p.status IN ('PENDING_RECEIPT', 'COMPLETED') THEN '顺丰速运' END,
            CASE WHEN p.status IN ('PENDING_RECEIPT', 'COMPLETED') THEN 'SF' || lpad(p.i::text, 12, '0') END,
            p.at - interval '5 minutes', p.at
     FROM bench_plan p JOIN bench_totals t ON t.i = p.i
     ON CONFLICT DO NOTHING`,
  // Lines; a closed order's lines are refunded in full, 5 % of completed orders their first line.
  `INSERT INTO order_items (order_id, goods_id, sku_id, name, unit_price, quantity, goods_amount, paid_share,
                            refunded_quantity, refunded_amount)
     SELECT o.id, l.goods_id, l.sku_id, l.name, l.price, l.qty, l.price * l.qty, l.price * l.qty,
            CASE WHEN p.status = 'CLOSED' OR (p.status = 'COMPLETED' AND p.i % 20 = 3 AND l.j = 1) THEN l.qty ELSE 0 END,
            CASE WHEN p.status = 'CLOSED' OR (p.status = 'COMPLETED' AND p.i % 20 = 3 AND l.j = 1) THEN l.price * l.qty ELSE 0 END
     FROM bench_lines l JOIN bench_plan p ON p.i = l.i JOIN orders o ON o.order_no = '9' || lpad(p.i::text, 19, '0')
     WHERE NOT EXISTS (SELECT 1 FROM order_items oi WHERE oi.order_id = o.id)`,
];

/** Then, with the orders committed and analysed: what hangs off them. */
const followUps = [
  // After-sales: 1 in 200 completed orders, in every status, on their first line.
  `INSERT INTO after_sales (after_sale_no, member_id, order_id, order_item_id, order_no, sku_id, goods_name, unit_price,
                            bought_quantity, type, status, reason, quantity, refund_amount, created_at, updated_at)
     SELECT 'AS' || o.order_no, o.member_id, o.id, oi.id, o.order_no, oi.sku_id, oi.name, oi.unit_price, oi.quantity, 'RETURN_REFUND',
            (ARRAY['PENDING_REVIEW','PENDING_BUYER_RETURN','PENDING_MERCHANT_RECEIPT','REFUNDING','COMPLETED','REJECTED','WITHDRAWN'])
              [1 + (substr(o.idempotency_key, 7)::int / 200) % 7],
            '质量问题', 1, oi.unit_price, o.completed_at + interval '1 day', o.completed_at + interval '1 day'
     FROM orders o
     JOIN LATERAL (SELECT * FROM order_items x WHERE x.order_id = o.id ORDER BY x.id LIMIT 1) oi ON true
     WHERE o.idempotency_key LIKE 'bench-%' AND o.status = 'COMPLETED' AND substr(o.idempotency_key, 7)::int % 200 = 7
     ON CONFLICT DO NOTHING`,
  `INSERT INTO payments (order_id, order_no, member_id, provider, amount, status, trade_no, paid_at, note)
     SELECT o.id, o.order_no, o.member_id, 'sandbox', o.payable_amount, 'REFUND_REQUIRED', 'BENCH' || o.order_no, o.cancelled_at, '订单已取消后到账'
     FROM orders o WHERE o.idempotency_key LIKE 'bench-%' AND o.status = 'CANCELLED'
       AND NOT EXISTS (SELECT 1 FROM payments x WHERE x.order_id = o.id)
     ORDER BY o.order_no LIMIT 12`,
  // Goods-page visitors: 4 visitor-days per order over the same days (2n visitors, each on about 2
  // days), with each one's previous day, as the counter stores them.
  `INSERT INTO goods_visitors (view_date, visitor, first_at, views, prev_date)
     SELECT d, visitor, first_at, views, lag(d) OVER (PARTITION BY visitor ORDER BY d)
     FROM (
       SELECT DISTINCT ON (visitor, d) d, visitor, first_at, views
       FROM (
         SELECT ((now() - make_interval(secs => ((v::bigint * 7727) % (${DAYS} * 86400)))) AT TIME ZONE 'UTC' + interval '8 hours')::date AS d,
                ('x' || substr(md5('bench-visitor-' || (v % ${Math.max(1, n * 2)})), 1, 16))::bit(64)::bigint AS visitor,
                now() - make_interval(secs => ((v::bigint * 7727) % (${DAYS} * 86400))) AS first_at, 1 + v % 5 AS views
         FROM generate_series(1, ${n * 4}) v
       ) raw
       ORDER BY visitor, d, first_at
     ) days
     ON CONFLICT DO NOTHING`,
];

const config = loadConfig();
const started = performance.now();
const running = await boot(config, { logger: false });
const { db } = running.database;
try {
  const [have] = await rows(db, sql`SELECT count(*)::int AS n FROM orders WHERE idempotency_key LIKE 'bench-%'`);
  if (have.n >= n) {
    console.log(`[dashboard-seed] ${have.n} bench orders already there`);
  } else {
    const t0 = performance.now();
    const run = (list) =>
      db.transaction(async (tx) => {
        for (const text of list) {
          const ts = performance.now();
          await tx.execute(sql.raw(text));
          if (process.env.BENCH_SEED_VERBOSE)
            console.log(`  ${((performance.now() - ts) / 1000).toFixed(1)} s  ${text.trim().split('\n')[0]}`);
        }
      });
    await run(statements);
    await running.database.execScript('ANALYZE orders; ANALYZE order_items');
    await run(followUps);
    const t1 = performance.now();
    // Statistics (and on PostgreSQL the visibility map, for index-only scans) as autovacuum would leave them.
    for (const table of ['orders', 'order_items', 'after_sales', 'payments', 'goods_visitors', 'members']) {
      await running.database.execScript(`VACUUM ANALYZE ${table}`);
    }
    const [made] = await rows(db, sql`SELECT count(*)::int AS n FROM orders WHERE idempotency_key LIKE 'bench-%'`);
    console.log(
      `[dashboard-seed] ${made.n} orders in ${((t1 - t0) / 1000).toFixed(1)} s, vacuum/analyze ${((performance.now() - t1) / 1000).toFixed(1)} s (${running.database.kind})`,
    );
  }
} finally {
  await running.close();
}
console.log(`[dashboard-seed] done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
