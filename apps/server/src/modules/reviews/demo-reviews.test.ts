import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoReviews } from '../../seed/demo-reviews.ts';
import { startCatalogServer, type TestServer } from '../../test/kit/index.ts';
import { reviewCount } from './reviews-test-kit.ts';

let server: TestServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-reviews-test-'));
  server = await startCatalogServer(40, { DATA_DIR: dataDir });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('demo reviews', () => {
  it('are written through real orders on a best seller: photos, one anonymous, one with a 追评 and a reply; once', async () => {
    const ctx = server.running.app.ctx;
    const said: string[] = [];
    await seedDemoReviews(ctx, (m) => said.push(m));
    expect(said.join()).toContain('演示评价');
    const goodsId = Number(said[0]!.match(/商品 (\d+)/)![1]);
    const page = await server.api.get('/member/goods/comment/page', { query: { goodsId } });
    expect(page.data.summary).toMatchObject({ total: 4, goodRate: 75, counts: { IMAGE: 2, BAD: 1 } });
    const list = page.data.list as { anonymous: boolean; authorName: string; followUp: unknown; reply: unknown; images: string[] }[];
    expect(list.filter((r) => r.anonymous).map((r) => r.authorName)).toEqual(['林***']);
    expect(list.filter((r) => r.followUp && r.reply)).toHaveLength(1);
    const photo = await fetch(`${server.url}${list.find((r) => r.images.length)!.images[0]}`);
    expect(photo.status).toBe(200);
    expect((await photo.arrayBuffer()).byteLength).toBeGreaterThan(100);

    await seedDemoReviews(ctx, () => undefined);
    expect(await reviewCount(server)).toBe(4);
  });
});
