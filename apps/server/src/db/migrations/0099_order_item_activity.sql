-- An order line bought at an activity's price keeps which activity (秒杀 or 限时折扣) and what that
-- price took off the line, so the order's pages tag the line and list the discounts by kind. Lines
-- placed before this have none (their order's activity discount shows as 活动优惠).
ALTER TABLE order_items ADD COLUMN activity_id integer;
--> statement-breakpoint
ALTER TABLE order_items ADD COLUMN activity_kind text;
--> statement-breakpoint
ALTER TABLE order_items ADD CONSTRAINT order_items_activity_kind_check CHECK (activity_kind IN ('FLASH_SALE', 'TIME_DISCOUNT'));
--> statement-breakpoint
ALTER TABLE order_items ADD COLUMN activity_discount integer NOT NULL DEFAULT 0;
