import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db, type DbOrTx } from '../../lib/db.ts';
import type { DetailBlock, GoodsParam, SpecDef } from '../../db/schema/catalog.ts';
import { indexTokenGroups, indexTokens } from '../../lib/tokenize.ts';
import { invalidateCatalog } from './catalog.service.ts';

/**
 * The one door through which goods are written, so the search index is computed the same way
 * for the seed, for operators' edits and for anything later: search_vector is always derived
 * here from the name, brand, category path, spec values and subtitle.
 */

export interface SkuWrite {
  code: string;
  specs: Record<string, string>;
  priceFen: number;
  marketPriceFen: number;
  stock: number;
  sortOrder?: number;
}

export interface GoodsWrite {
  /** Given by the seed so ids are deterministic; otherwise the database assigns one. */
  id?: number;
  name: string;
  subtitle: string;
  categoryId: number;
  brandId: number | null;
  images: string[];
  params: GoodsParam[];
  detail: DetailBlock[];
  onShelf?: boolean;
  sales?: number;
  isCrossBorder?: boolean;
  /** The spec dimensions in the order buyers see them (SKU specs are jsonb objects, which keep none). */
  specDefs?: SpecDef[];
  supplierId?: string | null;
  createdAt?: Date;
  skus: SkuWrite[];
}

export interface SearchText {
  name: string;
  subtitle: string;
  brand: { name: string; alias: string | null } | null;
  categoryPath: string[];
  specValues: string[];
}

/**
 * tsvector text with weights. A: what the goods is — the words of its leaf category and brand;
 * B: the words of its name; C: character pairs of those, and the upper categories; D: spec
 * values. So 华为手机 ranks Huawei phones (手机 in A) above Huawei phone cases
 * (手机 only inside the name) and 手机 ranks phones above cases.
 * It is built as a tsvector literal of quoted lexemes rather than with to_tsvector, so that the
 * result does not depend on the database's locale or text-search parser (PGlite and PostgreSQL
 * agree byte for byte). Lexemes only hold letters and digits (see tokenize.ts).
 */
export function searchVectorText(t: SearchText): string {
  // whole words only: the leaf 手机壳 must not say 手机
  const identity = indexTokenGroups(
    [t.categoryPath.at(-1), t.brand?.name, t.brand?.alias].filter(Boolean).join(' '),
    false,
  );
  const name = indexTokenGroups(t.name);
  const fields: [string, string[]][] = [
    ['A', identity.words],
    ['B', name.words],
    ['C', [...identity.grams, ...name.grams, ...indexTokenGroups(t.categoryPath.slice(0, -1).join(' '), false).words]],
    // the subtitle is selling talk (官方正品, 12期免息) that would match everything: not indexed
    ['D', indexTokens(t.specValues.join(' '))],
  ];
  const positions = new Map<string, string[]>();
  let pos = 1;
  for (const [weight, tokens] of fields) {
    for (const token of tokens) {
      const list = positions.get(token) ?? [];
      if (!list.some((p) => p.endsWith(weight))) list.push(`${pos}${weight}`);
      positions.set(token, list);
      pos = Math.min(pos + 1, 16383);
    }
  }
  return [...positions].map(([lexeme, ps]) => `'${lexeme.replace(/'/g, "''")}':${ps.join(',')}`).join(' ');
}

const specValuesOf = (skus: SkuWrite[]) => [...new Set(skus.flatMap((s) => Object.values(s.specs)))];
const lowest = (skus: SkuWrite[], key: 'priceFen' | 'marketPriceFen') => Math.min(...skus.map((s) => s[key]));

function goodsValues(g: GoodsWrite, vector: string): SQL {
  return sql`(${g.id ?? sql`DEFAULT`}, ${g.name}, ${g.subtitle}, ${g.categoryId}, ${g.brandId},
    ${JSON.stringify(g.images)}::jsonb, ${JSON.stringify(g.params)}::jsonb, ${JSON.stringify(g.detail)}::jsonb,
    ${g.onShelf ?? true}, ${g.sales ?? 0}, ${lowest(g.skus, 'priceFen')}, ${lowest(g.skus, 'marketPriceFen')},
    ${g.isCrossBorder ?? false}, ${JSON.stringify(g.specDefs ?? [])}::jsonb, ${g.supplierId ?? null}, ${vector}::tsvector,
    ${(g.createdAt ?? new Date()).toISOString()}::timestamptz)`;
}

/**
 * Inserts many goods and their SKUs in two statements. `searchText` gives what the index needs
 * beyond the goods row (brand names and category path), which the caller already has at hand.
 */
export async function insertGoodsBatch(
  db: DbOrTx,
  batch: { goods: GoodsWrite; searchText: Omit<SearchText, 'specValues'> }[],
) {
  if (!batch.length) return [];
  for (const { goods } of batch) if (!goods.skus.length) throw new Error(`goods ${goods.name} has no SKU`);
  const values = batch.map(({ goods, searchText }) =>
    goodsValues(goods, searchVectorText({ ...searchText, specValues: specValuesOf(goods.skus) })),
  );
  const inserted = await rows<{ id: number }>(
    db,
    sql`INSERT INTO goods (id, name, subtitle, category_id, brand_id, images, params, detail, on_shelf, sales,
        price_fen, market_price_fen, is_cross_border, spec_defs, supplier_id, search_vector, created_at)
      OVERRIDING SYSTEM VALUE VALUES ${sql.join(values, sql`, `)} RETURNING id`,
  );
  const skuValues = batch.flatMap(({ goods }, i) =>
    goods.skus.map(
      (s, n) =>
        sql`(${inserted[i]!.id}, ${s.code}, ${JSON.stringify(s.specs)}::jsonb, ${s.priceFen}, ${s.marketPriceFen}, ${s.stock}, ${s.sortOrder ?? n})`,
    ),
  );
  for (let i = 0; i < skuValues.length; i += 1000) {
    await db.execute(
      sql`INSERT INTO skus (goods_id, code, specs, price_fen, market_price_fen, stock, sort_order)
        VALUES ${sql.join(skuValues.slice(i, i + 1000), sql`, `)}`,
    );
  }
  return inserted.map((r) => r.id);
}

/** Keeps the identity sequence ahead of ids the seed chose itself. */
export async function syncGoodsIdSequence(db: DbOrTx) {
  await db.execute(sql`SELECT setval(pg_get_serial_sequence('goods', 'id'), GREATEST((SELECT max(id) FROM goods), 1))`);
}

async function searchTextFor(db: DbOrTx, categoryId: number, brandId: number | null) {
  const [found] = await rows<{ path: string[] | null; brand_name: string | null; brand_alias: string | null }>(
    db,
    sql`SELECT ARRAY_REMOVE(ARRAY[c1.name, c2.name, c3.name], NULL) AS path, b.name AS brand_name, b.alias AS brand_alias
      FROM categories c3
      LEFT JOIN categories c2 ON c2.id = c3.parent_id
      LEFT JOIN categories c1 ON c1.id = c2.parent_id
      LEFT JOIN brands b ON b.id = ${brandId}
      WHERE c3.id = ${categoryId}`,
  );
  if (!found) throw new Error(`category ${categoryId} does not exist`);
  return {
    categoryPath: found.path ?? [],
    brand: found.brand_name ? { name: found.brand_name, alias: found.brand_alias } : null,
  };
}

/** One new goods (an operator's or a supplier's); the index is computed as for the seed. */
export async function createGoods(db: DbOrTx, goods: GoodsWrite): Promise<number> {
  const text = await searchTextFor(db, goods.categoryId, goods.brandId);
  const [id] = await insertGoodsBatch(db, [
    { goods, searchText: { ...text, name: goods.name, subtitle: goods.subtitle } },
  ]);
  invalidateCatalog(db as Db);
  return id!;
}

export type GoodsPatch = Partial<
  Pick<
    GoodsWrite,
    | 'name'
    | 'subtitle'
    | 'categoryId'
    | 'brandId'
    | 'images'
    | 'params'
    | 'detail'
    | 'onShelf'
    | 'isCrossBorder'
    | 'specDefs'
  >
>;

/** Changes a goods and recomputes its search document and lowest prices in the same statement. */
export async function updateGoods(db: DbOrTx, id: number, patch: GoodsPatch) {
  const [current] = await rows<{ name: string; subtitle: string; category_id: number; brand_id: number | null }>(
    db,
    sql`SELECT name, subtitle, category_id, brand_id FROM goods WHERE id = ${id}`,
  );
  if (!current) return false;
  const name = patch.name ?? current.name;
  const subtitle = patch.subtitle ?? current.subtitle;
  const categoryId = patch.categoryId ?? current.category_id;
  const brandId = patch.brandId === undefined ? current.brand_id : patch.brandId;
  const text = await searchTextFor(db, categoryId, brandId);
  const specs = await rows<{ v: string }>(
    db,
    sql`SELECT DISTINCT e.value AS v FROM skus, jsonb_each_text(skus.specs) e WHERE skus.goods_id = ${id}`,
  );
  const vector = searchVectorText({ ...text, name, subtitle, specValues: specs.map((s) => s.v) });
  const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;
  await db.execute(sql`UPDATE goods SET
      name = ${name}, subtitle = ${subtitle}, category_id = ${categoryId}, brand_id = ${brandId},
      images = ${patch.images ? json(patch.images) : sql`images`},
      params = ${patch.params ? json(patch.params) : sql`params`},
      detail = ${patch.detail ? json(patch.detail) : sql`detail`},
      on_shelf = ${patch.onShelf ?? sql`on_shelf`},
      is_cross_border = ${patch.isCrossBorder ?? sql`is_cross_border`},
      spec_defs = ${patch.specDefs ? json(patch.specDefs) : sql`spec_defs`},
      price_fen = COALESCE((SELECT min(price_fen) FROM skus WHERE goods_id = ${id}), price_fen),
      market_price_fen = COALESCE((SELECT min(market_price_fen) FROM skus WHERE goods_id = ${id}), market_price_fen),
      search_vector = ${vector}::tsvector, updated_at = now()
    WHERE id = ${id}`);
  // inside a transaction this is a no-op: callers then invalidate with ctx.db after commit
  invalidateCatalog(db as Db);
  return true;
}

/** Puts many goods on or off shelf in one conditional statement; answers the ids that changed. */
export async function setShelfMany(db: DbOrTx, ids: number[], onShelf: boolean): Promise<number[]> {
  if (!ids.length) return [];
  const changed = await rows<{ id: number }>(
    db,
    sql`UPDATE goods SET on_shelf = ${onShelf}, updated_at = now()
      WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) AND on_shelf <> ${onShelf} RETURNING id`,
  );
  return changed.map((r) => r.id);
}

export interface SkuChange {
  id: number;
  code: string;
  specs: Record<string, string>;
  priceFen: number;
  marketPriceFen: number;
  sortOrder: number;
}

/**
 * Rewrites a goods' SKU list (stock excepted: that is the inventory module's): removes the SKUs no
 * longer offered (carts holding them lose the line; orders keep their own copy), changes the kept
 * ones and adds new ones with no stock. Call updateGoods afterwards in the same transaction so the
 * lowest prices and the search document follow. Answers the ids of the added SKUs, in order.
 */
export async function writeSkus(
  tx: DbOrTx,
  goodsId: number,
  plan: { remove: number[]; change: SkuChange[]; add: Omit<SkuChange, 'id'>[] },
): Promise<number[]> {
  const list = (ids: number[]) =>
    sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
  if (plan.remove.length)
    await tx.execute(sql`DELETE FROM skus WHERE goods_id = ${goodsId} AND id IN (${list(plan.remove)})`);
  // codes are unique across the shop: two SKUs swapping codes pass through a temporary one
  if (plan.change.length) {
    await tx.execute(
      sql`UPDATE skus SET code = '~' || id WHERE goods_id = ${goodsId} AND id IN (${list(plan.change.map((c) => c.id))})`,
    );
  }
  for (const c of plan.change) {
    await tx.execute(sql`UPDATE skus SET code = ${c.code}, specs = ${JSON.stringify(c.specs)}::jsonb, price_fen = ${c.priceFen},
        market_price_fen = ${c.marketPriceFen}, sort_order = ${c.sortOrder}
      WHERE id = ${c.id} AND goods_id = ${goodsId}`);
  }
  if (!plan.add.length) return [];
  const added = await rows<{ id: number }>(
    tx,
    sql`INSERT INTO skus (goods_id, code, specs, price_fen, market_price_fen, stock, sort_order)
      VALUES ${sql.join(
        plan.add.map(
          (s) =>
            sql`(${goodsId}, ${s.code}, ${JSON.stringify(s.specs)}::jsonb, ${s.priceFen}, ${s.marketPriceFen}, 0, ${s.sortOrder})`,
        ),
        sql`, `,
      )}
      RETURNING id`,
  );
  return added.map((r) => r.id);
}

/**
 * Recomputes the search document of goods whose brand or category words changed (a brand or a
 * category renamed), in batches: the words of a brand and of the category path weigh most.
 */
export async function reindexGoods(
  db: DbOrTx,
  where: { brandId: number } | { categoryIds: number[] },
): Promise<number> {
  const filter =
    'brandId' in where
      ? sql`g.brand_id = ${where.brandId}`
      : where.categoryIds.length
        ? sql`g.category_id IN (${sql.join(
            where.categoryIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`;
  let done = 0;
  for (let after = 0; ;) {
    const batch = await rows<{
      id: number;
      name: string;
      subtitle: string;
      path: string[] | null;
      brand_name: string | null;
      brand_alias: string | null;
      spec_values: string[] | null;
    }>(
      db,
      sql`SELECT g.id, g.name, g.subtitle, ARRAY_REMOVE(ARRAY[c1.name, c2.name, c3.name], NULL) AS path,
          b.name AS brand_name, b.alias AS brand_alias,
          (SELECT array_agg(DISTINCT e.value) FROM skus s, jsonb_each_text(s.specs) e WHERE s.goods_id = g.id) AS spec_values
        FROM goods g
        JOIN categories c3 ON c3.id = g.category_id
        LEFT JOIN categories c2 ON c2.id = c3.parent_id
        LEFT JOIN categories c1 ON c1.id = c2.parent_id
        LEFT JOIN brands b ON b.id = g.brand_id
        WHERE ${filter} AND g.id > ${after}
        ORDER BY g.id LIMIT 500`,
    );
    if (!batch.length) return done;
    const values = batch.map((g) => {
      const vector = searchVectorText({
        name: g.name,
        subtitle: g.subtitle,
        categoryPath: g.path ?? [],
        brand: g.brand_name ? { name: g.brand_name, alias: g.brand_alias } : null,
        specValues: g.spec_values ?? [],
      });
      return sql`(${g.id}::int, ${vector}::tsvector)`;
    });
    await db.execute(
      sql`UPDATE goods SET search_vector = v.vector FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, vector) WHERE goods.id = v.id`,
    );
    done += batch.length;
    after = batch.at(-1)!.id;
  }
}
