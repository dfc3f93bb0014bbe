-- 忘记密码 (issue 11): a code sent to a member's bound mobile to set a new password while signed out.
-- It lives beside the sign-in codes of the same number, so the resend interval and the daily caps per
-- number, visitor and IP count both kinds together; its purpose keeps them apart when checked: the
-- sign-in flow reads only the newest 'login' code, so a reset code never signs anybody in, and a
-- sign-in code never resets a password (their hashes are also keyed apart).
ALTER TABLE sms_codes ADD COLUMN purpose text NOT NULL DEFAULT 'login';
--> statement-breakpoint
ALTER TABLE sms_codes ADD CONSTRAINT sms_codes_purpose_check CHECK (purpose IN ('login', 'resetPassword'));
--> statement-breakpoint
DROP INDEX IF EXISTS sms_codes_mobile_idx;
--> statement-breakpoint
CREATE INDEX sms_codes_mobile_idx ON sms_codes (mobile, purpose, created_at);
