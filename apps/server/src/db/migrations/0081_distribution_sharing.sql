-- Distribution (issue 14), sharing: the goods each programme pays commission on, 推广's levels, and
-- who a buyer is bound to. 分销 pays per SKU (a fixed amount per unit or a rate of the paid amount);
-- 推广 pays its levels' rates on the SKUs marked for it. A visitor who opens a shared link is
-- remembered by visitor id until they sign in, then bound to the sharer: first touch wins.
CREATE TABLE distribution_skus (
  programme text NOT NULL CHECK (programme IN ('CLASSIC', 'PROMOTER')),
  sku_id integer NOT NULL REFERENCES skus(id),
  goods_id integer NOT NULL REFERENCES goods(id),
  -- 分销 only: FIXED amount_fen per unit, or RATE basis_points (10000 = 100 %).
  rule_type text CHECK (rule_type IN ('FIXED', 'RATE')),
  amount_fen integer CHECK (amount_fen BETWEEN 1 AND 100000000),
  basis_points integer CHECK (basis_points BETWEEN 1 AND 5000),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (programme, sku_id),
  CHECK (
    (programme = 'PROMOTER' AND rule_type IS NULL AND amount_fen IS NULL AND basis_points IS NULL)
    OR (programme = 'CLASSIC' AND rule_type = 'FIXED' AND amount_fen IS NOT NULL AND basis_points IS NULL)
    OR (programme = 'CLASSIC' AND rule_type = 'RATE' AND basis_points IS NOT NULL AND amount_fen IS NULL)
  )
);
--> statement-breakpoint
CREATE INDEX distribution_skus_goods_idx ON distribution_skus (programme, goods_id);
--> statement-breakpoint
CREATE TABLE promoter_levels (
  code text PRIMARY KEY CHECK (code ~ '^[A-Z_]{2,16}$'),
  name text NOT NULL UNIQUE CHECK (char_length(name) BETWEEN 1 AND 10),
  sort integer NOT NULL UNIQUE,
  min_settled_sales_fen bigint NOT NULL DEFAULT 0 CHECK (min_settled_sales_fen >= 0),
  min_team_size integer NOT NULL DEFAULT 0 CHECK (min_team_size >= 0),
  direct_basis_points integer NOT NULL CHECK (direct_basis_points BETWEEN 0 AND 5000),
  indirect_basis_points integer NOT NULL CHECK (indirect_basis_points BETWEEN 0 AND 5000)
);
--> statement-breakpoint
INSERT INTO promoter_levels (code, name, sort, min_settled_sales_fen, min_team_size, direct_basis_points, indirect_basis_points) VALUES
  ('NORMAL', '普通', 1, 0, 0, 500, 100),
  ('SILVER', '银牌', 2, 1000000, 10, 800, 200),
  ('GOLD', '金牌', 3, 5000000, 50, 1000, 300);
--> statement-breakpoint
CREATE TABLE distribution_bindings (
  buyer_id uuid NOT NULL REFERENCES members(id),
  programme text NOT NULL CHECK (programme IN ('CLASSIC', 'PROMOTER')),
  sharer_id uuid NOT NULL REFERENCES members(id),
  bound_at timestamptz NOT NULL DEFAULT now(),
  -- 推广: bound to the inviter for ever.
  permanent boolean NOT NULL DEFAULT false,
  PRIMARY KEY (buyer_id, programme),
  CHECK (buyer_id <> sharer_id)
);
--> statement-breakpoint
CREATE INDEX distribution_bindings_sharer_idx ON distribution_bindings (programme, sharer_id);
--> statement-breakpoint
-- A shared link opened before signing in: kept by visitor id (first touch) until the visitor signs in.
CREATE TABLE distribution_visits (
  visitor_id text NOT NULL CHECK (char_length(visitor_id) BETWEEN 1 AND 64),
  programme text NOT NULL CHECK (programme IN ('CLASSIC', 'PROMOTER')),
  sharer_id uuid NOT NULL REFERENCES members(id),
  visited_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (visitor_id, programme)
);
