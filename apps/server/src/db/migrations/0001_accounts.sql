CREATE TABLE members (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username text UNIQUE,
  mobile text UNIQUE,
  password_hash text,
  nickname text,
  avatar text,
  gender text NOT NULL DEFAULT 'unknown' CHECK (gender IN ('male', 'female', 'unknown')),
  birthday date,
  roles text[] NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  invitation_code text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX members_username_lower_idx ON members (lower(username));
--> statement-breakpoint
CREATE TABLE member_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members(id),
  refresh_hash text NOT NULL UNIQUE,
  client_type text NOT NULL,
  user_agent text,
  ip text,
  remember boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_active_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
--> statement-breakpoint
CREATE INDEX member_sessions_member_idx ON member_sessions (member_id);
--> statement-breakpoint
CREATE TABLE sms_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  mobile text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  visitor_id text,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
--> statement-breakpoint
CREATE INDEX sms_codes_mobile_idx ON sms_codes (mobile, created_at);
--> statement-breakpoint
CREATE INDEX sms_codes_visitor_idx ON sms_codes (visitor_id, created_at);
--> statement-breakpoint
CREATE INDEX sms_codes_ip_idx ON sms_codes (ip, created_at);
--> statement-breakpoint
CREATE TABLE sms_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  mobile text NOT NULL,
  content text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX sms_outbox_mobile_idx ON sms_outbox (mobile, created_at);
--> statement-breakpoint
CREATE TABLE login_failures (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  login_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX login_failures_key_idx ON login_failures (login_key, created_at);
--> statement-breakpoint
CREATE TABLE site_config (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
