import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { loadConfig, type Config } from '../../config.ts';
import { boot, type Running } from '../../bootstrap.ts';
import { openDatabase, rows, sql } from '../../lib/db.ts';
import { asOps, buyNow, buyer, makeApi, PNG, upload, type Api, type TestServer } from '../../test/kit/index.ts';
import { backupShop } from './backup.ts';
import { sealManifest, type Manifest } from './manifest.ts';
import { restoreShop } from './restore.ts';

/**
 * A whole shop backed up, restored into a new place and started again: on PGlite data directories in
 * the PGlite pass, on PostgreSQL databases under scripts/pg-test.sh (TEST_DATABASE_URL).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const OPS_TOKEN = 'ops-token-for-backup-tests-0123456789';
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-backup-test-'));
const databases: string[] = [];

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A shop's settings: its own DATA_DIR, and on PostgreSQL its own database (from the migrated template, or empty). */
async function shopConfig(name: string, opts: { migrated: boolean }): Promise<Config> {
  const dataDir = path.join(work, name);
  let databaseUrl: string | undefined;
  if (adminUrl) {
    const db = `mall_backup_${name}_${crypto.randomBytes(4).toString('hex')}`;
    const template = inject('pgTemplateDatabase');
    await adminQuery(
      opts.migrated && template ? `CREATE DATABASE ${db} TEMPLATE ${template}` : `CREATE DATABASE ${db}`,
    );
    databases.push(db);
    const url = new URL(adminUrl);
    url.pathname = `/${db}`;
    databaseUrl = url.toString();
  } else if (opts.migrated && inject('pgliteSnapshotFile')) {
    // Start the source shop from the run's migrated dump rather than initdb and every migration.
    const snapshot = new Blob([fs.readFileSync(inject('pgliteSnapshotFile'))]);
    await (await openDatabase({ dataDir, snapshot })).close();
  }
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DEMO_DATA: name === 'source' ? 'true' : 'false',
    DEMO_GOODS: '12',
    OPS_TOKEN,
    JWT_SECRET: 'jwt-secret-for-backup-tests-0123456789abcdef',
    DATA_KEY: 'ab'.repeat(32),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
}

async function start(config: Config): Promise<{ running: Running; api: Api; url: string }> {
  const running = await boot(config, { logger: false, onProgress: () => {} });
  await running.app.listen({ port: 0, host: '127.0.0.1' });
  const address = running.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { running, api: makeApi(url), url };
}

const quiet = () => {};
let target: Config;
let backupFile: string;
let made: { goodsId: number; goodsName: string; orderNo: string; imageUrl: string; orders: number };

beforeAll(async () => {
  const source = await shopConfig('source', { migrated: true });
  const shop = await start(source);
  try {
    const [goods] = await rows<{ goods_id: number; name: string; sku_id: number }>(
      shop.running.database.db,
      sql`SELECT g.id AS goods_id, g.name, s.id AS sku_id FROM goods g JOIN skus s ON s.goods_id = g.id
           WHERE g.on_shelf AND s.stock > 0 ORDER BY g.id LIMIT 1`,
    );
    const b = await buyer(shop.api);
    const order = await buyNow(shop.api, b, goods!.sku_id);
    expect(order).toMatchObject({ code: 0, message: '订单已提交' });
    const image = await upload({ url: shop.url } as TestServer, b.token, PNG);
    expect(image.code).toBe(0);
    const [count] = await rows<{ n: number }>(shop.running.database.db, sql`SELECT count(*)::int AS n FROM orders`);
    made = {
      goodsId: goods!.goods_id,
      goodsName: goods!.name,
      orderNo: order.data.orderNo,
      imageUrl: image.data.url,
      orders: count!.n,
    };
  } finally {
    await shop.running.close();
  }
  backupFile = path.join(work, 'shop.backup.tar');
  await backupShop(source, backupFile, quiet);
  target = await shopConfig('target', { migrated: false });
});

afterAll(async () => {
  fs.rmSync(work, { recursive: true, force: true });
  for (const db of databases) await adminQuery(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
});

/** The backup unpacked, its manifest changed by `edit` and sealed again, packed as a new file. */
function withManifest(edit: (m: Manifest) => void): string {
  const dir = fs.mkdtempSync(path.join(work, 'edit-'));
  spawnSync('tar', ['-xf', backupFile, '-C', dir]);
  const { checksum: _, ...body } = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  edit(body as Manifest);
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(sealManifest(body)));
  const file = `${dir}.tar`;
  spawnSync('tar', ['-cf', file, '-C', dir, '.']);
  return file;
}

describe(`backup and restore (${adminUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('restores into an empty shop, prints the counts, and the shop starts with its goods, order and upload', async () => {
    const printed: string[] = [];
    const census = await restoreShop(target, backupFile, { force: false }, (l) => printed.push(l));
    expect(census.tables.orders).toBe(made.orders);
    expect(printed.join('\n')).toContain('核对一致');
    expect(printed.join('\n')).toMatch(new RegExp(`orders\\s+${made.orders}\\n`));
    expect(printed.join('\n')).toContain(`校验和：${census.checksum}`);

    const shop = await start(target);
    try {
      // The streamed picture first: a keep-alive connection whose streamed reply is still finishing
      // when the server closes is not closed as idle, and the close waits out the keep-alive timeout.
      const image = await fetch(`${shop.url}${made.imageUrl}`);
      expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);
      const goods = await shop.api.get(`/member/goods/goods/detail/${made.goodsId}`);
      expect(goods.data.name).toBe(made.goodsName);
      const order = await shop.api.get('/ops/order/detail', { query: { orderNo: made.orderNo }, ...asOps(OPS_TOKEN) });
      expect(order.data.orderNo).toBe(made.orderNo);
    } finally {
      await shop.running.close();
    }
  });

  it('refuses a damaged file, another schema version and a shop with data, changing nothing', async () => {
    const damaged = path.join(work, 'damaged.tar');
    const bytes = fs.readFileSync(backupFile);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    fs.writeFileSync(damaged, bytes);
    await expect(restoreShop(target, damaged, { force: true }, quiet)).rejects.toThrow(/已损坏.*未做任何改动/);

    const truncated = path.join(work, 'truncated.tar');
    fs.writeFileSync(truncated, fs.readFileSync(backupFile).subarray(0, 4096));
    await expect(restoreShop(target, truncated, { force: true }, quiet)).rejects.toThrow(/已损坏/);

    const older = withManifest((m) => void m.database.migrations.pop());
    await expect(restoreShop(target, older, { force: true }, quiet)).rejects.toThrow(/数据库结构版本.*不一致/);

    await expect(restoreShop(target, backupFile, { force: false }, quiet)).rejects.toThrow(/已有商城数据.*--force/);

    // Still the restored shop, with its order.
    const shop = await start(target);
    try {
      const order = await shop.api.get('/ops/order/detail', { query: { orderNo: made.orderNo }, ...asOps(OPS_TOKEN) });
      expect(order.data.orderNo).toBe(made.orderNo);
    } finally {
      await shop.running.close();
    }
  });

  it('replaces a shop with data when told to (--force)', async () => {
    const census = await restoreShop(target, backupFile, { force: true }, quiet);
    expect(census.tables.orders).toBe(made.orders);
  });
});
