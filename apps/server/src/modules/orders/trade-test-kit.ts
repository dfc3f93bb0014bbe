import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../lib/db.ts';
import { smsSignIn, type Api, type TestServer } from '../../test/harness.ts';

/**
 * Small factories for trade tests: goods and SKUs written straight into the catalogue tables
 * (the catalogue's own writer is not needed for trade), buyers, addresses and orders over HTTP.
 */
export const dbOf = (server: TestServer): Db => server.running.app.ctx.db;

let categoryId: number | undefined;
async function category(db: Db): Promise<number> {
  const [found] = await rows<{ id: number }>(db, sql`SELECT id FROM categories WHERE name = '交易测试' LIMIT 1`);
  if (found) return (categoryId = found.id);
  const [made] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO categories (name, level) VALUES ('交易测试', 1) RETURNING id`,
  );
  return (categoryId = made!.id);
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
        VALUES (${name}, '测试', ${categoryId ?? (await category(db))}, ${JSON.stringify([`/static/goods/test.svg`])}::jsonb, '[]'::jsonb, '[]'::jsonb,
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

export async function salesOf(db: Db, goodsId: number): Promise<number> {
  const [row] = await rows<{ sales: number }>(db, sql`SELECT sales FROM goods WHERE id = ${goodsId}`);
  return row!.sales;
}

export const setStock = (db: Db, skuId: number, stock: number) =>
  db.execute(sql`UPDATE skus SET stock = ${stock} WHERE id = ${skuId}`);
export const setPrice = (db: Db, skuId: number, priceFen: number) =>
  db.execute(sql`UPDATE skus SET price_fen = ${priceFen} WHERE id = ${skuId}`);
export const setOnShelf = (db: Db, goodsId: number, onShelf: boolean) =>
  db.execute(sql`UPDATE goods SET on_shelf = ${onShelf} WHERE id = ${goodsId}`);

/** 北京市 / 市辖区 / 朝阳区 */
export const BEIJING = { provinceCode: '11', cityCode: '1101', districtCode: '110105' };

export function addressBody(extra: Record<string, unknown> = {}) {
  return {
    receiverName: '张三',
    mobile: '13800138000',
    ...BEIJING,
    detail: '建国路 88 号 SOHO 现代城 1 号楼',
    ...extra,
  };
}

/** A signed-in buyer with one (default) address. */
export async function buyer(api: Api) {
  const { accessToken: token, mobile } = await smsSignIn(api);
  const res = await api.post('/member/trade/address/create', { token, json: addressBody() });
  if (res.code !== 0) throw new Error(`address failed: ${res.message}`);
  return { token, mobile, addressId: res.data.id as string };
}

export const newKey = () => crypto.randomBytes(12).toString('hex');

/** Buys now and returns the reply (code 0 → data.orderNo). */
export function buyNow(
  api: Api,
  b: { token: string; addressId: string },
  skuId: number,
  quantity = 1,
  extra: Record<string, unknown> = {},
) {
  return api.post('/member/trade/checkout/submit', {
    token: b.token,
    json: { buyNow: { skuId, quantity }, addressId: b.addressId, idempotencyKey: newKey(), ...extra },
  });
}

export async function orderCount(db: Db, where = sql`true`): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM orders WHERE ${where}`);
  return row!.n;
}
