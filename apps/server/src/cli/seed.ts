/**
 * `npm run seed -- --goods 100000 [--seed 20240611]`: adds generated goods to the shop's database
 * (PGlite in DATA_DIR, or DATABASE_URL), e.g. for benchmarks. Migrations are applied first.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../lib/db.ts';
import { migrate } from '../lib/migrate.ts';
import { seedCatalog } from '../seed/catalog/seed-catalog.ts';

async function main() {
  const { values } = parseArgs({
    options: { goods: { type: 'string', default: '3000' }, seed: { type: 'string' }, batch: { type: 'string' } },
  });
  const goods = Number(values.goods);
  if (!Number.isInteger(goods) || goods < 0 || goods > 2_000_000) throw new Error('--goods 须为 0 到 2000000 之间的整数');
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 4 });
  try {
    await migrate(database);
    console.log(`数据库 (database): ${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite ${config.dataDir}`}`);
    const report = await seedCatalog(database.db, {
      goods,
      seed: values.seed ? Number(values.seed) : undefined,
      batchSize: values.batch ? Number(values.batch) : database.kind === 'postgres' ? 1000 : 200,
      progress: (m) => console.log(m),
    });
    console.log(
      `完成 (done): ${report.inserted} 件商品 (ids ${report.firstId}–${report.lastId}), ${report.terms} 个搜索词, ${(report.ms / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error('生成失败 (seed failed):', err instanceof Error ? err.message : err);
  process.exit(1);
});
