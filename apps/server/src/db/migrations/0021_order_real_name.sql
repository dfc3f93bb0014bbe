-- The order keeps the name and masked ID number of the real-name record chosen at checkout, so the
-- order still shows whose name customs clear it in after the buyer edits or deletes that record.
ALTER TABLE orders ADD COLUMN real_name jsonb;
