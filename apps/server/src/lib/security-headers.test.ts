/**
 * Security headers on the buyer app's page, its files, API replies and the sandbox cashier; and a
 * check that the pages keep working under their policy (no inline script where 'self' is the rule,
 * the cashier's one <style> allowed by its hash).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WEB_DIST } from '../app.ts';
import {
  registeredMember,
  startTestServer,
  type TestServer,
  dbOf,
  makeOrder,
  makeSku,
  memberIdOf,
} from '../test/kit/index.ts';

let server: TestServer;
let webDist: string;

/** An app page shaped like Vite's output: the entry script as a file under /assets. */
const INDEX_HTML = `<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" /><title>优选商城</title>
<script type="module" crossorigin src="/assets/index-test.js"></script></head><body><div id="root"></div></body></html>`;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-web-dist-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(webDist, 'assets', 'index-test.js'), 'console.log(1);\n');
  server = await startTestServer({ WEB_DIST: webDist });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** The policy as a map of directive → sources. */
function csp(res: Response): Map<string, string[]> {
  const header = res.headers.get('content-security-policy');
  expect(header, 'Content-Security-Policy').toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectCommonHeaders(res: Response) {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(csp(res).get('frame-ancestors')).toEqual(["'none'"]);
}

describe('security headers', () => {
  it('the app page: scripts from this server only, antd inline styles, own and data: pictures, no framing', async () => {
    for (const route of ['/', '/cart', '/goods/12']) {
      const res = await fetch(`${server.url}${route}`);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expectCommonHeaders(res);
      const policy = csp(res);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:']));
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.has('upgrade-insecure-requests')).toBe(false); // a demo over plain http must load
    }
    const script = await fetch(`${server.url}/assets/index-test.js`);
    expect(script.status).toBe(200);
    expectCommonHeaders(script);
  });

  it("API replies, refusals and unknown API paths carry a data reply's headers: nothing runs in them, no page frames or reads them", async () => {
    for (const [method, route] of [
      ['GET', '/member/goods/category/tree'],
      ['GET', '/member/site/site'],
      ['GET', '/health'],
      ['GET', '/member/user/user/current'],
      ['POST', '/member/nope'],
      ['GET', '/ops/nope'],
    ] as const) {
      const res = await fetch(`${server.url}${route}`, { method });
      expect(res.headers.get('content-type'), route).toMatch(/application\/json/);
      expect(res.headers.get('x-content-type-options'), route).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), route).toBe('DENY');
      expect(res.headers.get('cross-origin-resource-policy'), route).toBe('same-origin');
      expect(Object.fromEntries(csp(res)), route).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
      // what is about a page's loads and windows stays on the pages
      for (const pageOnly of ['referrer-policy', 'cross-origin-opener-policy', 'strict-transport-security']) {
        expect(res.headers.get(pageOnly), `${route} ${pageOnly}`).toBeNull();
      }
    }
  });

  it('a page whose address only starts like an API one is still a page', async () => {
    const res = await fetch(`${server.url}/memberships`);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expectCommonHeaders(res);
    expect(csp(res).get('default-src')).toEqual(["'self'"]);
  });

  it('the sandbox cashier: no script at all, its one <style> allowed by hash, forms posted to this server', async () => {
    const member = await registeredMember(server.api);
    const sku = await makeSku(dbOf(server), { price: 1234, stock: 5 });
    const memberId = await memberIdOf(server.api, member.accessToken);
    const order = await makeOrder(dbOf(server), memberId, [{ ...sku, unitPrice: sku.price, quantity: 1 }]);
    const created = await server.api.post('/member/pay/order/create', {
      token: member.accessToken,
      json: { orderNo: order.orderNo, method: 'sandbox' },
    });
    expect(created.code).toBe(0);

    for (const [url, status] of [
      [created.data.payUrl as string, 200],
      ['/pay/sandbox/cashier?bad=1', 400],
    ] as const) {
      const res = await fetch(`${server.url}${url}`);
      expect(res.status).toBe(status);
      expectCommonHeaders(res);
      const html = await res.text();
      expect(html).toContain('模拟收银台');
      const policy = csp(res);
      expect(policy.get('default-src')).toEqual(["'none'"]);
      expect(policy.get('form-action')).toEqual(["'self'"]);
      expect(policy.has('script-src')).toBe(false); // default-src 'none': no script runs
      expect(html).not.toMatch(/<script|\son\w+=|\sstyle=/i);
      const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
      expect(styles).toHaveLength(1);
      const hash = crypto.createHash('sha256').update(styles[0]!).digest('base64');
      expect(policy.get('style-src')).toEqual([`'sha256-${hash}'`]);
    }
  });

  const builtIndex = path.join(DEFAULT_WEB_DIST, 'index.html');
  it.skipIf(!fs.existsSync(builtIndex))(
    'the built buyer app (apps/web/dist) has no inline script for the policy to block',
    () => {
      const html = fs.readFileSync(builtIndex, 'utf8');
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attrs, body] of scripts) {
        expect(attrs).toMatch(/\ssrc="\/[^"/]/); // a file of this server
        expect(body!.trim()).toBe('');
      }
      expect(html).not.toMatch(/\son\w+=/i);
    },
  );
});
