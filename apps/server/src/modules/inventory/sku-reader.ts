import { sql } from 'drizzle-orm';
import { hotRows, type DbOrTx } from '../../lib/db.ts';

/**
 * Read-only view of the catalogue's goods and SKUs for trade (cart, checkout, orders), by the
 * trade contract: trade never writes these tables except stock, through inventory.service.ts.
 */
export interface TradeSku {
  skuId: number;
  goodsId: number;
  /** The goods' category (a coupon's scope by category reads its path from the catalogue's cached tree). */
  categoryId: number;
  goodsName: string;
  image: string | null;
  specs: Record<string, string>;
  specText: string;
  priceFen: number;
  marketPriceFen: number;
  stock: number;
  onShelf: boolean;
  isCrossBorder: boolean;
}

/** 颜色：黑色；容量：256G */
export function specTextOf(specs: Record<string, string> | null | undefined): string {
  return Object.entries(specs ?? {})
    .map(([k, v]) => `${k}：${v}`)
    .join('；');
}

interface Row {
  sku_id: number;
  goods_id: number;
  category_id: number;
  name: string;
  images: string[] | null;
  specs: Record<string, string> | null;
  price_fen: number;
  market_price_fen: number;
  stock: number;
  on_shelf: boolean;
  is_cross_border: boolean;
}

const toSku = (r: Row): TradeSku => ({
  skuId: r.sku_id,
  goodsId: r.goods_id,
  categoryId: r.category_id,
  goodsName: r.name,
  image: Array.isArray(r.images) && typeof r.images[0] === 'string' ? r.images[0] : null,
  specs: r.specs ?? {},
  specText: specTextOf(r.specs),
  priceFen: r.price_fen,
  marketPriceFen: r.market_price_fen,
  stock: r.stock,
  onShelf: r.on_shelf,
  isCrossBorder: r.is_cross_border,
});

/** SKUs by id (missing ids are simply absent from the map). */
export async function findTradeSkus(db: DbOrTx, skuIds: number[]): Promise<Map<number, TradeSku>> {
  const ids = [...new Set(skuIds)].filter((id) => Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647);
  if (ids.length === 0) return new Map();
  const found = await hotRows<Row>(
    db,
    sql`SELECT s.id AS sku_id, s.goods_id, g.category_id, g.name, g.images, s.specs, s.price_fen, s.market_price_fen, s.stock,
               g.on_shelf, g.is_cross_border
        FROM skus s JOIN goods g ON g.id = s.goods_id
        WHERE s.id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return new Map(found.map((r) => [r.sku_id, toSku(r)]));
}
