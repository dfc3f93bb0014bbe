import { startTestServer, type TestServer } from '../../test/harness.ts';
import { seedCatalog } from '../../seed/catalog/seed-catalog.ts';
import { buildTaxonomy, makeGoods, type GoodsSeed } from '../../seed/catalog/generator.ts';

/** A test server with the generated catalogue of `goods` goods (ids 1..goods, the default seed). */
export async function startCatalogServer(goods = 800, env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startTestServer(env);
  await seedCatalog(server.running.app.ctx.db, { goods });
  return server;
}

/** The generated goods as the generator made them, to know what a test catalogue holds. */
export function generatedGoods(count: number): GoodsSeed[] {
  const tax = buildTaxonomy();
  return Array.from({ length: count }, (_, i) => makeGoods(tax, i + 1));
}
