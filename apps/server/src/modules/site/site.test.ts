/**
 * GET /member/site/site: the site name and a buyerIcon the server really serves, read from the
 * site-configuration table, with nothing but the public keys exposed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { setSetting } from './site.service.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('site/site', () => {
  it('returns the site name and an icon URL that the server serves as SVG', async () => {
    const res = await server.api.get('/member/site/site');
    expect(res).toMatchObject({ status: 200, code: 0, success: true, message: expect.stringMatching(/[\u4e00-\u9fa5]/) });
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
    await setSetting(db, 'paymentSecret', 'do-not-show');
    const res = await server.api.get('/member/site/site');
    expect(res.data.siteName).toBe('紫藤好物');
    expect(res.data).not.toHaveProperty('paymentSecret');
    expect(JSON.stringify(res)).not.toContain('do-not-show');
  });
});
