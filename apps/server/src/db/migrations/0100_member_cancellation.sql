-- 注销账号 (PIPL art. 47): a member may ask to cancel the account; after a cooling-off (site setting
-- cancellationCoolingDays) the cancellation sweeper erases their personal data and keeps the member row
-- as a tombstone (status 'cancelled', nothing personal left, enforced below). While cooling off the
-- status is 'cancelling' and signing in offers to take the request back.
ALTER TABLE members DROP CONSTRAINT members_status_check;
--> statement-breakpoint
ALTER TABLE members ADD CONSTRAINT members_status_check CHECK (status IN ('active', 'disabled', 'cancelling', 'cancelled'));
--> statement-breakpoint
ALTER TABLE members ADD CONSTRAINT members_cancelled_is_empty CHECK (
  status <> 'cancelled' OR (
    username IS NULL AND mobile IS NULL AND password_hash IS NULL AND nickname IS NULL AND avatar IS NULL
    AND birthday IS NULL AND invitation_code IS NULL AND cardinality(roles) = 0
  )
);
--> statement-breakpoint
CREATE TABLE member_cancellations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members(id),
  status text NOT NULL CHECK (status IN ('COOLING_OFF', 'REVOKED', 'ERASED')),
  requested_at timestamptz NOT NULL DEFAULT now(),
  erase_at timestamptz NOT NULL,
  revoked_at timestamptz,
  erased_at timestamptz
);
--> statement-breakpoint
CREATE UNIQUE INDEX member_cancellations_one_open_idx ON member_cancellations (member_id) WHERE status = 'COOLING_OFF';
--> statement-breakpoint
CREATE INDEX member_cancellations_due_idx ON member_cancellations (erase_at) WHERE status = 'COOLING_OFF';
--> statement-breakpoint
ALTER TABLE member_security_codes DROP CONSTRAINT member_security_codes_purpose_check;
--> statement-breakpoint
ALTER TABLE member_security_codes ADD CONSTRAINT member_security_codes_purpose_check
  CHECK (purpose IN ('changePassword', 'verifyMobile', 'bindMobile', 'cancelAccount'));
