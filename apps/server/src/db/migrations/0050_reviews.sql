-- 商品评价 (issue 11): one review per received order line, its one 追评, the shop's reply and the
-- operators' hiding; and the photos buyers uploaded for them.
--
-- order_item_id is unique: a double submit, a second tab or a retry makes one review (the second
-- INSERT finds the row and changes nothing). goods_id, sku and spec are copied from the order line
-- so the goods page reads its reviews by one index, without the order tables. author_name is the
-- nickname when the review was written (masked on the page when anonymous).
CREATE TABLE goods_reviews (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_item_id uuid NOT NULL UNIQUE REFERENCES order_items(id),
  order_no text NOT NULL,
  member_id uuid NOT NULL REFERENCES members(id),
  goods_id integer NOT NULL,
  sku_id integer NOT NULL,
  goods_name text NOT NULL,
  goods_image text,
  spec_text text NOT NULL DEFAULT '',
  author_name text NOT NULL,
  author_avatar text,
  anonymous boolean NOT NULL DEFAULT false,
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  content text NOT NULL CHECK (char_length(content) <= 500),
  images text[] NOT NULL DEFAULT '{}' CHECK (cardinality(images) <= 9),
  follow_up_content text CHECK (char_length(follow_up_content) <= 500),
  follow_up_images text[] NOT NULL DEFAULT '{}' CHECK (cardinality(follow_up_images) <= 9),
  follow_up_at timestamptz,
  reply_content text CHECK (char_length(reply_content) <= 500),
  reply_by text,
  reply_at timestamptz,
  hidden boolean NOT NULL DEFAULT false,
  hidden_reason text,
  hidden_by text,
  hidden_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
-- The goods page: shown reviews of a goods, newest first (filters by stars and photos read the same rows).
CREATE INDEX goods_reviews_goods_idx ON goods_reviews (goods_id, created_at DESC) WHERE NOT hidden;
--> statement-breakpoint
CREATE INDEX goods_reviews_member_idx ON goods_reviews (member_id, created_at DESC);
--> statement-breakpoint
CREATE INDEX goods_reviews_created_idx ON goods_reviews (created_at DESC);
--> statement-breakpoint
-- Photos a buyer uploaded for a review or a 追评: only the uploader may attach one, and only once.
CREATE TABLE review_images (
  name text PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES members(id),
  review_id uuid REFERENCES goods_reviews(id),
  mime text NOT NULL,
  size integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX review_images_member_idx ON review_images (member_id) WHERE review_id IS NULL;
--> statement-breakpoint
-- Shops made before this migration keep their built-in roles as edited; 运营 and 客服 gain the new permission.
UPDATE ops_roles SET permissions = array_append(permissions, 'review:manage'), updated_at = now()
  WHERE key IN ('operations', 'service') AND builtin AND NOT ('review:manage' = ANY (permissions));
