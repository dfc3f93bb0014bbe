-- 首单 remembers the order that earned it: a whole refund of that order takes the reward back (and the
-- task is open again), as a refund takes back everything its order earned. Existing rewards get the
-- member's first completed order, whose completion granted them.
ALTER TABLE points_task_completions ADD COLUMN order_no text;
--> statement-breakpoint
UPDATE points_task_completions c SET order_no = (
  SELECT e.order_no FROM points_order_earnings e WHERE e.member_id = c.member_id ORDER BY e.created_at, e.order_no LIMIT 1
) WHERE c.task_key = 'FIRST_ORDER';
