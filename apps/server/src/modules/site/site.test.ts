/**
 * GET /member/site/site: the site name and a buyerIcon the server really serves, read from the
 * site-configuration table, with nothing but the public keys exposed.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/kit/index.ts';
import { siteConfig } from '../../db/schema/index.ts';
import { getSetting, setSetting } from './site.service.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('site/site', () => {
  it('returns the site name and an icon URL that the server serves as SVG', async () => {
    const res = await server.api.get('/member/site/site');
    expect(res).toMatchObject({
      status: 200,
      code: 0,
      success: true,
      message: expect.stringMatching(/[\u4e00-\u9fa5]/),
    });
    expect(res.data.siteName).toBe('优选商城');
    expect(res.data.buyerIcon).toMatch(/^\/static\//);

    const icon = await fetch(new URL(res.data.buyerIcon, server.url));
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await icon.text()).toMatch(/<svg[\s>]/);
  });

  it('answers a missing static file with a 404 envelope', async () => {
    const res = await server.api.get('/static/site/no-such-icon.svg');
    expect(res.status).toBe(404);
    expect(res).toMatchObject({ code: 404, success: false, data: null });
  });

  it('reflects a change of the site-configuration table and hides keys that are not public', async () => {
    const db = server.running.database.db;
    await setSetting(db, 'siteName', '紫藤好物');
    // A row no schema knows (left by an older version, or written by hand) is never shown.
    await db.insert(siteConfig).values({ key: 'paymentSecret', value: 'do-not-show' });
    const res = await server.api.get('/member/site/site');
    expect(res.data.siteName).toBe('紫藤好物');
    expect(res.data).not.toHaveProperty('paymentSecret');
    expect(JSON.stringify(res)).not.toContain('do-not-show');
  });
});

describe('typed settings', () => {
  it('refuses a value its schema does not accept, with a Chinese message, and keeps the old one', async () => {
    const db = server.running.database.db;
    const ctx = server.running.app.ctx;
    await setSetting(db, 'afterSaleDays', 15);
    await expect(setSetting(db, 'afterSaleDays', -1)).rejects.toMatchObject({ message: '售后期限不能为负' });
    await expect(setSetting(db, 'afterSaleDays', 1.5)).rejects.toMatchObject({ message: '售后期限必须是整数（天）' });
    await expect(setSetting(db, 'buyerIcon', 'javascript:alert(1)' as string)).rejects.toMatchObject({
      message: expect.stringContaining('浏览器图标'),
    });
    await expect(setSetting(db, 'freight', { freeFromFen: 9900, feeFen: 3_000_000_000 })).rejects.toMatchObject({
      message: '运费不能超过 1000 元',
    });
    expect(await getSetting(ctx, 'afterSaleDays')).toBe(15);
    await setSetting(db, 'afterSaleDays', 0);
    expect(await getSetting(ctx, 'afterSaleDays')).toBe(0); // 0 is a real answer, not "unset"
    await setSetting(db, 'afterSaleDays', 7);
  });

  it('reads a stored value that no longer fits its schema as the default', async () => {
    const db = server.running.database.db;
    await db
      .insert(siteConfig)
      .values({ key: 'freight', value: { freeFromFen: 'lots', feeFen: -5 } })
      .onConflictDoUpdate({ target: siteConfig.key, set: { value: { freeFromFen: 'lots', feeFen: -5 } } });
    await setSetting(db, 'siteName', '优选商城'); // any write through the service drops the cache
    expect(await getSetting(server.running.app.ctx, 'freight')).toEqual({ freeFromFen: 9900, feeFen: 1000 });
    const site = await server.api.get('/member/site/site');
    expect(site.data.freight).toEqual({ freeFromFen: 9900, feeFen: 1000 });
    await db.delete(siteConfig).where(eq(siteConfig.key, 'freight'));
  });
});
