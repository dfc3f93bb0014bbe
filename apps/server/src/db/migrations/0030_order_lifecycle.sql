-- The order lifecycle in one home (issue 9). An order whose every unit was refunded before shipment
-- is CLOSED. Each order line keeps what the orders module needs to decide that, and whether an
-- after-sale is open on it (such an order cannot be deleted, its line shows 售后中), so no other
-- module's table is read to move an order.
ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_status_check;
--> statement-breakpoint
ALTER TABLE orders ADD CONSTRAINT orders_status_check
  CHECK (status IN ('PENDING_PAYMENT', 'PENDING_SHIPMENT', 'PENDING_RECEIPT', 'COMPLETED', 'CANCELLED', 'CLOSED'));
--> statement-breakpoint
ALTER TABLE orders ADD COLUMN closed_at timestamptz;
--> statement-breakpoint
ALTER TABLE order_items
  ADD COLUMN refunded_quantity integer NOT NULL DEFAULT 0,
  ADD COLUMN refunded_amount integer NOT NULL DEFAULT 0,
  ADD COLUMN open_after_sales integer NOT NULL DEFAULT 0,
  ADD COLUMN last_after_sale_id uuid;
--> statement-breakpoint
ALTER TABLE order_items ADD CONSTRAINT order_items_refund_range CHECK (
  refunded_quantity BETWEEN 0 AND quantity AND refunded_amount BETWEEN 0 AND paid_share AND open_after_sales >= 0
);
--> statement-breakpoint
-- Lines of a shop that ran before this migration: what its after-sales already refunded and hold.
UPDATE order_items oi SET
  refunded_quantity = s.refunded_quantity,
  refunded_amount = s.refunded_amount,
  open_after_sales = s.open_after_sales,
  last_after_sale_id = s.last_id
FROM (
  SELECT order_item_id,
    coalesce(sum(quantity) FILTER (WHERE status = 'COMPLETED'), 0)::int AS refunded_quantity,
    coalesce(sum(refund_amount) FILTER (WHERE status = 'COMPLETED'), 0)::int AS refunded_amount,
    count(*) FILTER (WHERE status IN ('PENDING_REVIEW', 'PENDING_BUYER_RETURN', 'PENDING_MERCHANT_RECEIPT', 'REFUNDING'))::int
      AS open_after_sales,
    (array_agg(id ORDER BY created_at DESC))[1] AS last_id
  FROM after_sales GROUP BY order_item_id
) s
WHERE oi.id = s.order_item_id;
