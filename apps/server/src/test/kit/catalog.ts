/**
 * Goods and SKUs for API tests, written straight into the catalogue tables (the catalogue's own writer
 * is not what these tests are about), and test servers with the generated catalogue.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../lib/db.ts';
import { foldSales } from '../../modules/catalog/catalog.service.ts';
import { seedCatalog } from '../../seed/catalog/seed-catalog.ts';
import { buildTaxonomy, makeGoods as generateGoods, type GoodsSeed } from '../../seed/catalog/generator.ts';
import { startTestServer, type TestServer } from '../harness.ts';

export const dbOf = (server: TestServer): Db => server.running.app.ctx.db;

/** The test category of each database (a worker's files share this module, each with its own servers). */
const categoryIds = new WeakMap<Db, number>();
async function category(db: Db): Promise<number> {
  const known = categoryIds.get(db);
  if (known !== undefined) return known;
  const [found] = await rows<{ id: number }>(db, sql`SELECT id FROM categories WHERE name = '交易测试' LIMIT 1`);
  const id =
    found?.id ??
    (await rows<{ id: number }>(db, sql`INSERT INTO categories (name, level) VALUES ('交易测试', 1) RETURNING id`))[0]!.id;
  categoryIds.set(db, id);
  return id;
}

export interface MadeGoods {
  goodsId: number;
  skuIds: number[];
  skuId: number;
}

/** A goods with one SKU per entry of `skus` (default one SKU at `priceFen` with `stock`). */
export async function makeGoods(
  db: Db,
  o: {
    name?: string;
    priceFen?: number;
    stock?: number;
    onShelf?: boolean;
    isCrossBorder?: boolean;
    skus?: { specs: Record<string, string>; priceFen: number; stock: number }[];
  } = {},
): Promise<MadeGoods> {
  const skus = o.skus ?? [{ specs: { 颜色: '黑色' }, priceFen: o.priceFen ?? 5000, stock: o.stock ?? 100 }];
  const low = Math.min(...skus.map((s) => s.priceFen));
  const name = o.name ?? `测试商品${crypto.randomBytes(3).toString('hex')}`;
  const [g] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO goods (name, subtitle, category_id, images, params, detail, on_shelf, price_fen, market_price_fen, is_cross_border, search_vector)
        VALUES (${name}, '测试', ${await category(db)}, ${JSON.stringify([`/static/goods/test.svg`])}::jsonb, '[]'::jsonb, '[]'::jsonb,
                ${o.onShelf ?? true}, ${low}, ${low + 1000}, ${o.isCrossBorder ?? false}, ''::tsvector)
        RETURNING id`,
  );
  const skuIds: number[] = [];
  for (const s of skus) {
    const [row] = await rows<{ id: number }>(
      db,
      sql`INSERT INTO skus (goods_id, code, specs, price_fen, market_price_fen, stock)
          VALUES (${g!.id}, ${`T-${crypto.randomBytes(6).toString('hex')}`}, ${JSON.stringify(s.specs)}::jsonb, ${s.priceFen}, ${s.priceFen + 1000}, ${s.stock})
          RETURNING id`,
    );
    skuIds.push(row!.id);
  }
  return { goodsId: g!.id, skuIds, skuId: skuIds[0]! };
}

export async function stockOf(db: Db, skuId: number): Promise<number> {
  const [row] = await rows<{ stock: number }>(db, sql`SELECT stock FROM skus WHERE id = ${skuId}`);
  return row!.stock;
}

/** The goods' 销量 once the orders' tally is folded in (the shop's timed work does it every 2 s). */
export async function salesOf(db: Db, goodsId: number): Promise<number> {
  await foldSales(db);
  const [row] = await rows<{ sales: number }>(db, sql`SELECT sales FROM goods WHERE id = ${goodsId}`);
  return row!.sales;
}

export const setStock = (db: Db, skuId: number, stock: number) =>
  db.execute(sql`UPDATE skus SET stock = ${stock} WHERE id = ${skuId}`);
export const setPrice = (db: Db, skuId: number, priceFen: number) =>
  db.execute(sql`UPDATE skus SET price_fen = ${priceFen} WHERE id = ${skuId}`);
export const setOnShelf = (db: Db, goodsId: number, onShelf: boolean) =>
  db.execute(sql`UPDATE goods SET on_shelf = ${onShelf} WHERE id = ${goodsId}`);

/** One goods with one SKU at `price` (default ¥10.00): what payment and after-sale tests need. */
export async function makeSku(db: Db, opts: { price?: number; stock?: number } = {}) {
  const price = opts.price ?? 1000;
  const made = await makeGoods(db, { priceFen: price, stock: opts.stock ?? 100 });
  return { goodsId: made.goodsId, skuId: made.skuId, price };
}

/** A test server with the generated catalogue of `goods` goods (ids 1..goods, the default seed). */
export async function startCatalogServer(goods = 800, env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startTestServer(env);
  await seedCatalog(server.running.app.ctx.db, { goods });
  return server;
}

/** The generated goods as the generator made them, to know what a test catalogue holds. */
export function generatedGoods(count: number): GoodsSeed[] {
  const tax = buildTaxonomy();
  return Array.from({ length: count }, (_, i) => generateGoods(tax, i + 1));
}
