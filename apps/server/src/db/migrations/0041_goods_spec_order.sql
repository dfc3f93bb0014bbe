-- The spec dimensions of a goods as the operator defined them, in order: [{"name":"颜色","values":["红","蓝"]},
-- {"name":"容量","values":["64G","128G"]}]. A SKU's specs are a jsonb object, which keeps no key order, so
-- without this the buyer's page would show 容量 before 颜色. Empty for goods written before (their order is
-- then read from the SKUs as before).
ALTER TABLE goods ADD COLUMN spec_defs jsonb NOT NULL DEFAULT '[]'::jsonb;
