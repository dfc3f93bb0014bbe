/**
 * The console's 预览 shows /activity/<id>?preview=… in an iframe of /admin/: that page alone may be
 * framed, and only by this same site; every other page stays unframeable.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/kit/index.ts';

let server: TestServer;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-web-dist-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html lang="zh-CN"><head><title>优选商城</title></head><body><div id="root"></div></body></html>');
  server = await startTestServer({ WEB_DIST: webDist });
}, 120_000);
afterAll(async () => {
  await server?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const ancestors = (res: Response) => /frame-ancestors ([^;]+)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];

it('an activity page with a preview token may be framed by this site only; without one, or any other page, not at all', async () => {
  const framed = await fetch(`${server.url}/activity/12?preview=1800000000000.abc`);
  expect(framed.status).toBe(200);
  expect(ancestors(framed)).toBe("'self'");
  expect(framed.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  expect(framed.headers.get('content-security-policy')).toContain("script-src 'self'");

  for (const route of ['/activity/12', '/activity/abc?preview=x', '/cart?preview=x', '/activity/12/x?preview=1']) {
    const res = await fetch(`${server.url}${route}`);
    expect(ancestors(res), route).toBe("'none'");
    expect(res.headers.get('x-frame-options'), route).toBe('DENY');
  }
});
