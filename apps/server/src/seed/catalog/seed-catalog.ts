import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../lib/db.ts';
import { insertGoodsBatch, syncGoodsIdSequence } from '../../modules/catalog/goods-writer.ts';
import { invalidateCatalog } from '../../modules/catalog/catalog.service.ts';
import { refreshSearchTerms } from '../../modules/search/terms.ts';
import { addDictionaryWords } from '../../lib/tokenize.ts';
import { buildTaxonomy, dictionaryWords, DEFAULT_SEED, makeGoods, type Taxonomy } from './generator.ts';

export interface SeedCatalogOptions {
  /** How many goods to add. */
  goods: number;
  seed?: number;
  batchSize?: number;
  progress?: (message: string) => void;
}

export interface SeedCatalogReport {
  inserted: number;
  firstId: number;
  lastId: number;
  ms: number;
  terms: number;
}

/**
 * Adds generated goods after those already there (ids continue), creating the category tree and
 * brands first when the shop has none. Each batch is one transaction of two multi-row inserts.
 */
export async function seedCatalog(db: Db, opts: SeedCatalogOptions): Promise<SeedCatalogReport> {
  const started = Date.now();
  const tax = buildTaxonomy();
  addDictionaryWords(dictionaryWords(tax));
  await ensureTaxonomy(db, tax);
  const [max] = await rows<{ max: number | null }>(db, sql`SELECT max(id) AS max FROM goods`);
  const firstId = (max?.max ?? 0) + 1;
  const lastId = firstId + opts.goods - 1;
  const batchSize = opts.batchSize ?? 200;
  const seed = opts.seed ?? DEFAULT_SEED;
  for (let from = firstId; from <= lastId; from += batchSize) {
    const to = Math.min(lastId, from + batchSize - 1);
    const batch: Parameters<typeof insertGoodsBatch>[1] = [];
    for (let id = from; id <= to; id++) {
      const g = makeGoods(tax, id, seed);
      batch.push({ goods: g, searchText: { name: g.name, subtitle: g.subtitle, brand: g.brand, categoryPath: g.categoryPath } });
    }
    await db.transaction(async (tx) => void (await insertGoodsBatch(tx, batch)));
    if (opts.progress && ((to - firstId + 1) % 10_000 < batchSize || to === lastId)) {
      opts.progress(`商品 ${to - firstId + 1}/${opts.goods}（${((Date.now() - started) / 1000).toFixed(1)} s）`);
    }
  }
  if (opts.goods > 0) {
    await syncGoodsIdSequence(db);
    await db.execute(sql`ANALYZE goods`);
    await db.execute(sql`ANALYZE skus`);
  }
  const terms = await refreshSearchTerms(db);
  invalidateCatalog(db);
  return { inserted: Math.max(0, opts.goods), firstId, lastId, ms: Date.now() - started, terms };
}

/** Inserts the demo tree and brands into an empty catalogue, or checks that the one there is ours. */
async function ensureTaxonomy(db: Db, tax: Taxonomy) {
  const [count] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM categories`);
  if (!count?.n) {
    await db.transaction(async (tx) => {
      const cats = tax.categories.map((c) => sql`(${c.id}, ${c.parentId}, ${c.name}, ${c.level}, ${c.sortOrder}, ${c.icon})`);
      await tx.execute(sql`INSERT INTO categories (id, parent_id, name, level, sort_order, icon) VALUES ${sql.join(cats, sql`, `)}`);
      const brands = tax.brands.map((b) => sql`(${b.id}, ${b.name}, ${b.alias ?? null}, ${b.id})`);
      await tx.execute(sql`INSERT INTO brands (id, name, alias, sort_order) VALUES ${sql.join(brands, sql`, `)} ON CONFLICT (name) DO NOTHING`);
      await tx.execute(sql`SELECT setval(pg_get_serial_sequence('categories', 'id'), (SELECT max(id) FROM categories))`);
      await tx.execute(sql`SELECT setval(pg_get_serial_sequence('brands', 'id'), (SELECT max(id) FROM brands))`);
    });
    return;
  }
  const found = await rows<{ id: number; name: string; level: number; parent_id: number | null }>(
    db,
    sql`SELECT id, name, level, parent_id FROM categories`,
  );
  const byId = new Map(found.map((c) => [c.id, c]));
  const mismatch = tax.categories.find((c) => byId.get(c.id)?.name !== c.name);
  const brandRows = await rows<{ id: number; name: string }>(db, sql`SELECT id, name FROM brands`);
  const brandMismatch = tax.brands.find((b) => !brandRows.some((r) => r.id === b.id && r.name === b.name));
  if (mismatch || brandMismatch) {
    throw new Error(`现有类目或品牌与演示数据不一致（${mismatch?.path ?? brandMismatch?.name}），不能追加演示商品`);
  }
}
