-- A coupon made in the console is 未发放 (DRAFT) until the operator presses 开始发放: no buyer claims a
-- coupon nobody has checked. Existing templates keep their status.
ALTER TABLE coupon_templates DROP CONSTRAINT coupon_templates_status_check;
--> statement-breakpoint
ALTER TABLE coupon_templates ADD CONSTRAINT coupon_templates_status_check CHECK (status IN ('DRAFT', 'ACTIVE', 'STOPPED'));
