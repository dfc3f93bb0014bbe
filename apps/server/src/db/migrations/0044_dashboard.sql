-- The console's 工作台 (issue 10): what its queries need to stay fast at 100,000 orders, and the
-- goods-page visitors its conversion rate divides by.
--
-- Paid orders by time: one range scan of this index answers a period's amount, orders and distinct
-- buyers, and the per-day trend, without reading the order rows (id: to join the refunded lines).
CREATE INDEX orders_paid_at_idx ON orders (paid_at) INCLUDE (status, paid_amount, member_id, id) WHERE paid_at IS NOT NULL;
--> statement-breakpoint
-- Refunds of the orders paid in a period: the few lines with money given back, not every line.
CREATE INDEX order_items_refunded_idx ON order_items (order_id) INCLUDE (refunded_amount) WHERE refunded_amount > 0;
--> statement-breakpoint
-- Who opened a goods page, one row per visitor per Asia/Shanghai day (members and anonymous
-- visitors alike: the browsing history only knows signed-in members). `visitor` is 64 bits of a
-- hash of the visitor id header (or the member, or the address), never the id itself. `first_at` is
-- the visitor's first goods page that day; `prev_date` the visitor's previous day with one (null
-- for a first visit). A visitor is counted once in a period by the row of their first day in it,
-- the one whose prev_date lies before the period: a count over an index, with no DISTINCT to sort
-- a month of visitors. Written in batches from memory (modules/dashboard/visitors.ts), kept 120 days.
CREATE TABLE goods_visitors (
  view_date date NOT NULL,
  visitor bigint NOT NULL,
  first_at timestamptz NOT NULL,
  views integer NOT NULL DEFAULT 1 CHECK (views > 0),
  prev_date date CHECK (prev_date < view_date),
  PRIMARY KEY (view_date, visitor)
);
--> statement-breakpoint
CREATE INDEX goods_visitors_first_at_idx ON goods_visitors (first_at) INCLUDE (prev_date);
--> statement-breakpoint
CREATE INDEX goods_visitors_visitor_idx ON goods_visitors (visitor, view_date);
