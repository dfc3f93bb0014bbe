-- Points spent at checkout (积分抵扣): one row per order, held while the order stands and returned
-- once (cancel, pay timeout, or a refund of the whole order).
CREATE TABLE points_order_spends (
  order_no text PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES members(id),
  points integer NOT NULL CHECK (points > 0),
  value_fen integer NOT NULL CHECK (value_fen >= 0),
  status text NOT NULL DEFAULT 'HELD' CHECK (status IN ('HELD', 'RETURNED')),
  created_at timestamptz NOT NULL DEFAULT now(),
  returned_at timestamptz
);
--> statement-breakpoint
ALTER TABLE points_mall_redemptions ADD COLUMN returned_at timestamptz;
