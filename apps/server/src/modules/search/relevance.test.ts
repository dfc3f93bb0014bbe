import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, generatedGoods, startCatalogServer } from '../../test/kit/index.ts';
import { buildTaxonomy, type GoodsSeed } from '../../seed/catalog/generator.ts';
import { RELEVANCE_CASES, type Expect } from './relevance.cases.ts';

const CATALOGUE = 800;
const oneOf = (want: string | string[] | undefined, value: string) =>
  !want || (Array.isArray(want) ? want : [want]).includes(value);

function relevant(g: GoodsSeed, e: Expect): boolean {
  const name = g.name.toLowerCase();
  return (
    oneOf(e.brand, g.brand.name) &&
    oneOf(e.leaf, g.categoryPath.at(-1)!) &&
    (e.name ?? []).every((w) => name.includes(w.toLowerCase())) &&
    (!e.spec || g.skus.some((s) => Object.values(s.specs).some((v) => v.toUpperCase().includes(e.spec!.toUpperCase()))))
  );
}

describe('search relevance on the generated catalogue', () => {
  let server: TestServer;
  const goods = new Map(generatedGoods(CATALOGUE).map((g) => [g.id, g]));
  beforeAll(async () => {
    server = await startCatalogServer(CATALOGUE);
  });
  afterAll(async () => server?.close());

  it('has at least 40 cases of every kind', () => {
    expect(RELEVANCE_CASES.length).toBeGreaterThanOrEqual(40);
    expect(buildTaxonomy().categories.filter((c) => c.level === 1).length).toBeGreaterThanOrEqual(15);
    for (const kind of ['brand+category', 'spec', 'pinyin', 'typo', 'mixed']) {
      expect(RELEVANCE_CASES.some((c) => c.kind === kind)).toBe(true);
    }
  });

  it.each(RELEVANCE_CASES)('$kind: $query', async ({ query, expect: want }) => {
    const pool = [...goods.values()].filter((g) => g.onShelf && relevant(g, want));
    expect(pool.length, `the catalogue holds goods for ${query}`).toBeGreaterThan(0);
    const res = await server.api.post('/member/search/goods/search', { json: { keyword: query, pageSize: 10 } });
    expect(res.code).toBe(0);
    const top = res.data.list.slice(0, Math.min(5, pool.length)) as { id: number; name: string }[];
    const wrong = top.filter((r) => !relevant(goods.get(r.id)!, want));
    expect(
      wrong.map((r) => `${r.id} ${r.name}`),
      `top ${top.length} for ${query}: ${top.map((r) => r.name).join(' | ')}`,
    ).toEqual([]);
    expect(top.length).toBe(Math.min(5, pool.length));
  });
});
