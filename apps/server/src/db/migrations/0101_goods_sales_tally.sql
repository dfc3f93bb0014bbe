-- 销量 counted through a tally: an order's transaction adds a row here (units sold, or taken back when
-- negative) instead of updating the goods row, and a timed fold moves the rows into goods.sales. The
-- goods row was locked from the order's update to its commit, so orders of one goods' SKUs waited on
-- each other, and every update wrote a new version of the wide row into all eight of the goods' indexes.
-- No key, no index and no foreign key: an insert here locks nothing but this table's new row.
CREATE TABLE goods_sales_tally (
  goods_id integer NOT NULL,
  quantity integer NOT NULL CHECK (quantity <> 0)
);
