-- A refund the provider accepted and later said it could not pay back (WeChat Pay's REFUND.ABNORMAL
-- or CLOSED notification, issue 16): NOT_RETURNED, with why in error, for the operator to act on.
ALTER TABLE refunds DROP CONSTRAINT refunds_status_check;
--> statement-breakpoint
ALTER TABLE refunds ADD CONSTRAINT refunds_status_check CHECK (status IN ('PENDING', 'SUCCESS', 'FAILED', 'NOT_RETURNED'));
