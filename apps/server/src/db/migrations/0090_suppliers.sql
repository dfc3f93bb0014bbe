-- Supplier onboarding (issue 15). A member fills one application in three steps (company, bank
-- account, store), saved as a draft between visits; an operator approves it (the member gets the
-- role `supplier`, a store and a console account scoped to that store) or rejects it with a reason,
-- after which the member edits and resubmits the same application.
CREATE TABLE supplier_applications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL UNIQUE REFERENCES members(id),
  status text NOT NULL DEFAULT 'DRAFT' CHECK (status IN ('DRAFT', 'PENDING', 'APPROVED', 'REJECTED')),
  -- The furthest step saved (1 company, 2 bank account, 3 store): where the form reopens.
  step smallint NOT NULL DEFAULT 0 CHECK (step BETWEEN 0 AND 3),
  -- Step 1. The legal person's ID number only sealed (AES-256-GCM, bound to the member) and masked.
  company_name text,
  credit_code text,
  licence_image text,
  legal_name text,
  legal_id_sealed text,
  legal_id_masked text,
  province_code text,
  city_code text,
  district_code text,
  address_detail text,
  contact_name text,
  contact_mobile text CHECK (contact_mobile IS NULL OR contact_mobile ~ '^1[3-9][0-9]{9}$'),
  -- Step 2. The account name is the company name; the number only sealed and masked.
  bank_name text,
  bank_branch text,
  bank_account_sealed text,
  bank_account_masked text,
  -- Step 3.
  store_name text,
  store_logo text,
  store_category_ids integer[] NOT NULL DEFAULT '{}',
  store_description text,
  reject_reason text CHECK (reject_reason IS NULL OR char_length(reject_reason) BETWEEN 1 AND 200),
  submitted_at timestamptz,
  reviewed_by text,
  reviewed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'REJECTED') = (reject_reason IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX supplier_applications_list_idx ON supplier_applications (status, submitted_at DESC);
--> statement-breakpoint
-- A store: made once from an approved application (approving twice makes one), with the console
-- account (an operator of the built-in role `supplier`) that its owner signs in as.
CREATE TABLE suppliers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL UNIQUE REFERENCES members(id),
  application_id uuid NOT NULL UNIQUE REFERENCES supplier_applications(id),
  operator_id uuid NOT NULL UNIQUE REFERENCES operators(id),
  store_name text NOT NULL CHECK (char_length(store_name) BETWEEN 2 AND 30),
  store_logo text NOT NULL,
  store_description text NOT NULL DEFAULT '',
  category_ids integer[] NOT NULL DEFAULT '{}',
  company_name text NOT NULL,
  status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'DISABLED')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX suppliers_store_name_idx ON suppliers (lower(store_name));
--> statement-breakpoint
-- A store's goods go on shelf only once an operator approved them; the shop's own goods are
-- approved from the start.
ALTER TABLE goods ADD COLUMN review_status text NOT NULL DEFAULT 'APPROVED'
  CHECK (review_status IN ('PENDING', 'APPROVED', 'REJECTED'));
--> statement-breakpoint
ALTER TABLE goods ADD COLUMN review_reason text;
--> statement-breakpoint
ALTER TABLE goods ADD CONSTRAINT goods_supplier_fk FOREIGN KEY (supplier_id) REFERENCES suppliers(id);
--> statement-breakpoint
CREATE INDEX goods_supplier_idx ON goods (supplier_id, id DESC) WHERE supplier_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX goods_review_idx ON goods (review_status, updated_at DESC) WHERE supplier_id IS NOT NULL;
--> statement-breakpoint
-- Each party ships its own lines of an order: the shop (supplier_id NULL) and each store. The order
-- becomes SHIPPED when the last party with lines in it has shipped.
CREATE TABLE order_shipments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id uuid NOT NULL REFERENCES orders(id),
  supplier_id uuid REFERENCES suppliers(id),
  logistics_company text NOT NULL,
  tracking_no text NOT NULL,
  shipped_by text NOT NULL,
  shipped_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX order_shipments_party_idx
  ON order_shipments (order_id, coalesce(supplier_id, '00000000-0000-0000-0000-000000000000'::uuid));
--> statement-breakpoint
CREATE INDEX order_shipments_supplier_idx ON order_shipments (supplier_id, shipped_at DESC) WHERE supplier_id IS NOT NULL;
