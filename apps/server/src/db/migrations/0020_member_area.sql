-- Member area (issue 5): security codes, re-authentication tickets, real-name records.
CREATE TABLE member_security_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members(id),
  mobile text NOT NULL,
  purpose text NOT NULL CHECK (purpose IN ('changePassword', 'verifyMobile', 'bindMobile')),
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  visitor_id text,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
--> statement-breakpoint
CREATE INDEX member_security_codes_lookup_idx ON member_security_codes (member_id, purpose, mobile, created_at);
--> statement-breakpoint
CREATE INDEX member_security_codes_mobile_idx ON member_security_codes (mobile, created_at);
--> statement-breakpoint
CREATE INDEX member_security_codes_visitor_idx ON member_security_codes (visitor_id, created_at);
--> statement-breakpoint
CREATE INDEX member_security_codes_ip_idx ON member_security_codes (ip, created_at);
--> statement-breakpoint
CREATE TABLE member_reauth_tickets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members(id),
  session_id uuid NOT NULL REFERENCES member_sessions(id),
  ticket_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
--> statement-breakpoint
CREATE TABLE member_real_names (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members(id),
  name text NOT NULL,
  id_cipher text NOT NULL,
  id_hash text NOT NULL,
  id_masked text NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX member_real_names_hash_idx ON member_real_names (member_id, id_hash);
--> statement-breakpoint
CREATE UNIQUE INDEX member_real_names_default_idx ON member_real_names (member_id) WHERE is_default;
