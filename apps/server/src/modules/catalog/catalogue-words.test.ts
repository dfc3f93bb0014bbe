import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../lib/db.ts';
import { startCatalogServer, type TestServer } from '../../test/kit/index.ts';
import { brandIdsNamed, catalogueWords, categoryIdNamed } from './catalog.service.ts';

describe('the catalogue’s words, and the ids behind a name a buyer typed', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startCatalogServer(60);
  });
  afterAll(async () => s?.close());

  it('lists every brand and category name, and finds brands by name or alias, categories broadest first', async () => {
    const ctx = s.running.app.ctx;
    const [brand] = await rows<{ id: number; name: string; alias: string | null }>(ctx.db, sql`SELECT id, name, alias FROM brands WHERE alias IS NOT NULL ORDER BY id LIMIT 1`);
    const words = await catalogueWords(ctx);
    expect(words.brands).toContain(brand!.name);
    expect(words.categories).toContain('手机');
    expect(await brandIdsNamed(ctx, brand!.name)).toEqual([brand!.id]);
    expect(await brandIdsNamed(ctx, ` ${brand!.alias!.toUpperCase()} `)).toEqual([brand!.id]);
    expect(await brandIdsNamed(ctx, '没有这个牌子')).toEqual([]);
    expect(await brandIdsNamed(ctx, '  ')).toEqual([]);

    const [phone] = await rows<{ id: number; level: number }>(ctx.db, sql`SELECT id, level FROM categories WHERE name = '手机' ORDER BY level, id LIMIT 1`);
    expect(await categoryIdNamed(ctx, '手机')).toBe(phone!.id);
    expect(await categoryIdNamed(ctx, '没有这个分类')).toBeNull();
    expect(await categoryIdNamed(ctx, '')).toBeNull();
  });
});
