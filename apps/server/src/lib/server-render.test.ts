/**
 * The landing pages come rendered (lib/server-render.ts): the web build's renderer is given the address,
 * a fetch answered in process and the layout (a phone's for a phone's browser); other pages, a build
 * without the renderer, a renderer that fails or is slow all get the app's plain page, which works as
 * before; one that cannot be loaded at all stops the start. The real renderer, when built, puts the goods
 * in the page and nothing of the address unescaped.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/kit/index.ts';
import { startCatalogServer } from '../test/kit/catalog.ts';
import { DEFAULT_WEB_DIST } from '../app.ts';
import { RENDER_TIMEOUT_MS, RENDERS_AT_ONCE, RendererLoadError } from './server-render.ts';

const PAGE = '<!doctype html><html><head><title>优选商城</title></head><body><div id="root"></div></body></html>';
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

/**
 * A stand-in renderer: the site name from the shop's own API, the address it was given (its markup left
 * out); ?fail and ?hang misbehave, ?stuck hangs the first time only; ?slow takes 800 ms and says how many
 * renders it has made.
 */
const RENDERER = `
let renders = 0;
let stuck = 0;
export async function renderPage(url, fetch, layout) {
  if (url.includes('fail')) throw new Error('render failed');
  if (url.includes('hang')) return new Promise(() => {});
  if (url.includes('stuck')) {
    stuck += 1;
    if (stuck === 1) return new Promise(() => {});
    return { html: '<main>rendered after one got stuck</main>', head: '' };
  }
  if (url.includes('slow')) {
    renders += 1;
    const made = renders;
    await new Promise((resolve) => setTimeout(resolve, 800));
    return { html: '<main>render ' + made + '</main>', head: '' };
  }
  const reply = await (await fetch('/member/site/site')).json();
  const shown = url.replace(/[<>&"]/g, '');
  return { html: '<main>' + reply.data.siteName + ' ' + shown + ' ' + layout + '</main>', head: '<style>main{}</style>' };
}`;

describe('server rendering with a stand-in renderer', () => {
  let server: TestServer;
  let root: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-render-'));
    fs.mkdirSync(path.join(root, 'dist'));
    fs.mkdirSync(path.join(root, 'dist-server'));
    fs.writeFileSync(path.join(root, 'dist', 'index.html'), PAGE);
    fs.writeFileSync(path.join(root, 'dist-server', 'entry-server.js'), RENDERER);
    server = await startTestServer({ WEB_DIST: path.join(root, 'dist') });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const page = async (address: string, userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140') => {
    const res = await fetch(`${server.url}${address}`, { headers: { 'user-agent': userAgent } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    return res.text();
  };

  it('renders /, /goodsList and /goodsDetail into the root, with their head, from the API in process', async () => {
    for (const address of ['/', '/goodsList?keyword=%E6%89%8B%E6%9C%BA', '/goodsDetail?id=1']) {
      const html = await page(address);
      expect(html, address).toContain(
        `<div id="root" data-server-layout="pc"><main>优选商城 ${address} pc</main></div>`,
      );
      expect(html, address).toContain('<style>main{}</style>');
      // The server's PC layout is not shown in a narrower window (the app draws the phone's there).
      expect(html, address).toContain('@media (max-width: 767.98px){#root[data-server-layout]{display:none}}');
    }
  });

  it("renders a phone's layout for a phone's browser, shown only in a phone-wide window; a tablet gets the PC's", async () => {
    const phones = [
      PHONE,
      'Mozilla/5.0 (Linux; Android 14; V2309A) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36 MicroMessenger/8.0',
    ];
    for (const userAgent of phones) {
      const html = await page('/goodsDetail?id=1', userAgent);
      expect(html).toContain(
        '<div id="root" data-server-layout="phone"><main>优选商城 /goodsDetail?id=1 phone</main></div>',
      );
      expect(html).toContain('@media (min-width: 768px){#root[data-server-layout]{display:none}}');
      expect(html).not.toContain('max-width: 767.98px');
    }
    const tablet = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Safari/604.1';
    expect(await page('/', tablet)).toContain(
      '<div id="root" data-server-layout="pc"><main>优选商城 / pc</main></div>',
    );
  });

  it('sends the plain page for every other page', async () => {
    for (const address of ['/cart', '/login', '/user/order/myOrder', '/goodsList/', '/goodsDetail/1']) {
      expect(await page(address), address).toContain('<div id="root"></div>');
    }
  });

  it('renders a page once for the visitors who ask for it while it is being rendered, afresh after', async () => {
    // Each in the encoding their browser takes (the page is compressed once per encoding for all).
    const encodings = ['br', 'gzip', 'identity', 'br', 'gzip'];
    const replies = await Promise.all(
      encodings.map((encoding) =>
        fetch(`${server.url}/goodsDetail?id=slow`, {
          headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140', 'accept-encoding': encoding },
        }),
      ),
    );
    expect(replies.map((r) => r.headers.get('content-encoding') ?? 'identity')).toEqual(encodings);
    const together = await Promise.all(replies.map((r) => r.text()));
    const made = together.map((html) => /<main>render (\d+)<\/main>/.exec(html)?.[1]);
    expect(new Set(made).size).toBe(1);
    expect(made[0]).toMatch(/^\d+$/);
    expect(new Set(together).size).toBe(1);
    const later = await page('/goodsDetail?id=slow');
    expect(later).toContain(`<main>render ${Number(made[0]) + 1}</main>`);
    // Another address is its own render.
    expect(await page('/goodsList?keyword=slow')).toContain(`<main>render ${Number(made[0]) + 2}</main>`);
  });

  it('sends the plain page, not a render, while RENDERS_AT_ONCE other pages are being rendered', async () => {
    const busy = Array.from({ length: RENDERS_AT_ONCE }, (_, i) => page(`/goodsList?keyword=slow-${i}`));
    await new Promise((resolve) => setTimeout(resolve, 300)); // theirs under way (each takes 800 ms)
    expect(await page('/goodsDetail?id=slow-more')).toContain('<div id="root"></div>');
    for (const html of await Promise.all(busy)) expect(html).toMatch(/<main>render \d+<\/main>/);
    expect(await page('/goodsDetail?id=slow-more')).toMatch(/<main>render \d+<\/main>/);
  });

  it('sends the plain page when the render fails or is slow', async () => {
    expect(await page('/goodsDetail?id=fail')).toContain('<div id="root"></div>');
    const started = Date.now();
    expect(await page('/goodsList?keyword=hang')).toContain('<div id="root"></div>');
    expect(Date.now() - started).toBeGreaterThanOrEqual(RENDER_TIMEOUT_MS - 50);
  });

  it('does not share a render that never ends past the wait: the next visitor gets a render of their own', async () => {
    expect(await page('/goodsList?keyword=stuck')).toContain('<div id="root"></div>');
    expect(await page('/goodsList?keyword=stuck')).toContain('<main>rendered after one got stuck</main>');
  });
});

describe('a renderer that cannot be loaded', () => {
  it('stops the start with a clear message instead of sending plain pages with a warning each', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-render-broken-'));
    try {
      fs.mkdirSync(path.join(root, 'dist'));
      fs.mkdirSync(path.join(root, 'dist-server'));
      fs.writeFileSync(path.join(root, 'dist', 'index.html'), PAGE);
      // What a development build of the renderer did under React's production build.
      const broken =
        'const jsxDEV = undefined;\njsxDEV("main", {});\nexport async function renderPage() { return null; }';
      fs.writeFileSync(path.join(root, 'dist-server', 'entry-server.js'), broken);
      const start = startTestServer({ WEB_DIST: path.join(root, 'dist') });
      await expect(start).rejects.toThrow(RendererLoadError);
      await expect(start).rejects.toThrow(
        /前端的服务端渲染器无法加载，请重新构建 \(npm run build\)。.*jsxDEV is not a function/,
      );
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

const BUILT_RENDERER = path.join(DEFAULT_WEB_DIST, '..', 'dist-server', 'entry-server.js');

describe.skipIf(!fs.existsSync(BUILT_RENDERER) || !fs.existsSync(path.join(DEFAULT_WEB_DIST, 'index.html')))(
  'the built renderer (npm run build)',
  () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startCatalogServer(40, { WEB_DIST: DEFAULT_WEB_DIST });
      // A first render in a fresh process may run past the time allowed (and send the plain page).
      await fetch(`${server.url}/`);
    });
    afterAll(async () => {
      await server?.close();
    });

    it('puts the goods, their styles and the answers they came from in the page', async () => {
      const list = await (await fetch(`${server.url}/goodsList`)).text();
      const search = await fetch(`${server.url}/member/search/goods/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      const goods = ((await search.json()) as { data: { list: { id: number; name: string }[] } }).data.list[0]!;
      expect(list).toContain('data-testid="goods-card"');
      expect(list).toContain(`href="/goodsDetail?id=${goods.id}"`);
      expect(list).toContain('<script id="server-state" type="application/json">');
      const reply = await fetch(`${server.url}/goodsDetail?id=${goods.id}`, { headers: { 'accept-encoding': 'br' } });
      // Made per request, so compressed per request (fetch unpacks it).
      expect(reply.headers.get('content-encoding')).toBe('br');
      const detail = await reply.text();
      const heading = new RegExp(`<h1[^>]*>${goods.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`);
      expect(detail).toMatch(heading);
      // Its stylesheets are in the page (painted without waiting for them), the app's entry's too.
      expect(detail).toMatch(/<style data-href="\/assets\/GoodsDetailPage-[\w-]+\.css">[^]+?<\/style>/);
      expect(detail).toMatch(/<style data-href="\/assets\/index-[\w-]+\.css">[^]+?<\/style>/);
      expect(detail).not.toContain('rel="stylesheet"');
      // The console's banner links name the goods `goodsId`; the page is the same.
      const byGoodsId = await (await fetch(`${server.url}/goodsDetail?goodsId=${goods.id}`)).text();
      expect(byGoodsId).toMatch(heading);
    });

    it('renders unknown and hostile addresses without failing and without echoing them as markup', async () => {
      for (const address of [
        '/goodsDetail?id=999999999',
        '/goodsDetail?id=-1',
        `/goodsDetail?id=${encodeURIComponent('<img src=x onerror=alert(1)>')}`,
        `/goodsList?keyword=${encodeURIComponent('</script><script>alert(1)</script>')}`,
        `/goodsList?keyword=${encodeURIComponent("'; DROP TABLE goods;--")}&page=-5&min=abc`,
        `/goodsList?keyword=${encodeURIComponent('长'.repeat(300))}`,
      ]) {
        const res = await fetch(`${server.url}${address}`);
        expect(res.status, address).toBe(200);
        const body = await res.text();
        expect(body, address).not.toContain('<img src=x onerror');
        expect(body, address).not.toContain('<script>alert(1)');
      }
    });
  },
);
