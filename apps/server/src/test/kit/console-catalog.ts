import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../lib/db.ts';
import type { TestServer } from '../harness.ts';
import { startCatalogServer } from './catalog.ts';

/**
 * Factories of the console's catalogue tests (商品, 分类, 品牌 under /ops): a server with a small
 * generated catalogue and a data directory for uploads, the system operator's upload, a create body.
 */

/** A test server with a small generated catalogue (the demo tree and brands) and a data directory for uploads. */
export async function startOpsCatalogServer(opsToken: string, goods = 30) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-catalog-test-'));
  const server = await startCatalogServer(goods, { OPS_TOKEN: opsToken, DATA_DIR: dataDir });
  return {
    server,
    dataDir,
    close: async () => {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A goods picture uploaded by the system operator (X-Ops-Token). */
export async function uploadGoodsImage(
  server: TestServer,
  opsToken: string,
  bytes: Buffer,
  filename = 'a.png',
  type = 'image/png',
) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  const res = await fetch(`${server.url}/ops/goods/image`, {
    method: 'POST',
    headers: { 'x-ops-token': opsToken },
    body: form,
  });
  return {
    status: res.status,
    ...((await res.json()) as { code: number; message: string; data: { name: string; url: string } }),
  };
}

/** A leaf of the generated tree (a category with no children), and its path of names. */
export async function someLeaf(db: Db, offset = 0): Promise<{ id: number; name: string }> {
  const [leaf] = await rows<{ id: number; name: string }>(
    db,
    sql`SELECT c.id, c.name FROM categories c WHERE NOT EXISTS (SELECT 1 FROM categories k WHERE k.parent_id = c.id)
      ORDER BY c.id LIMIT 1 OFFSET ${offset}`,
  );
  return leaf!;
}

export async function someBrand(db: Db, offset = 0): Promise<{ id: number; name: string }> {
  const [brand] = await rows<{ id: number; name: string }>(
    db,
    sql`SELECT id, name FROM brands ORDER BY id LIMIT 1 OFFSET ${offset}`,
  );
  return brand!;
}

export async function catalogRowCount(
  db: Db,
  table: 'goods' | 'skus' | 'categories' | 'brands' | 'stock_ledger',
): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`);
  return row!.n;
}

/** A body for /ops/goods/create: one leaf, the given image, 颜色 红/蓝 with a SKU each. */
export function opsGoodsBody(o: {
  name: string;
  categoryId: number;
  image: string;
  brandId?: number | null;
  onShelf?: boolean;
}) {
  return {
    name: o.name,
    subtitle: '测试副标题',
    categoryId: o.categoryId,
    brandId: o.brandId ?? null,
    images: [o.image],
    params: [{ name: '产地', value: '浙江杭州' }],
    detail: [
      { type: 'heading', text: '商品亮点' },
      { type: 'text', text: '保温 12 小时。' },
      { type: 'list', items: ['316 不锈钢', '一键开盖'] },
      { type: 'image', src: o.image, alt: '细节' },
    ],
    isCrossBorder: false,
    onShelf: o.onShelf ?? true,
    specs: [{ name: '颜色', values: ['红', '蓝'] }],
    skus: [
      { specs: { 颜色: '红' }, price: 9900, marketPrice: 12900, stock: 20, code: '' },
      { specs: { 颜色: '蓝' }, price: 10900, marketPrice: 0, stock: 5 },
    ],
  };
}
