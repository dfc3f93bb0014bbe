/**
 * Landing pages name their screen's files in the page (lib/route-preload.ts): the screen chunk and its
 * imports that the entry does not load already, its styles, nothing for other pages, nothing (and no
 * error) without a manifest; a rendered page's parts' scripts; and the built app's manifest still has every
 * landing screen and rendered part.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/kit/index.ts';
import { DEFAULT_WEB_DIST } from '../app.ts';
import { LANDING_SCREENS, landingPreloads, preloadTags, RENDERED_PARTS } from './route-preload.ts';

const MANIFEST = {
  'index.html': { file: 'assets/index-E1.js', isEntry: true, imports: ['_react-R1.js'], css: ['assets/index-E1.css'] },
  '_react-R1.js': { file: 'assets/react-R1.js' },
  '_card-C1.js': { file: 'assets/card-C1.js', imports: ['_react-R1.js'], css: ['assets/card-C1.css'] },
  [LANDING_SCREENS['/']!]: { file: 'assets/HomePage-H1.js', imports: ['index.html', '_card-C1.js'] },
  [LANDING_SCREENS['/goodsList']!]: { file: 'assets/GoodsListPage-L1.js', imports: ['_card-C1.js', '_react-R1.js'] },
};

describe('preloadTags', () => {
  it('names the screen and what it imports beyond the entry, scripts and styles', () => {
    const tags = preloadTags(MANIFEST, LANDING_SCREENS['/']!);
    expect(tags).toContain('<link rel="modulepreload" crossorigin href="/assets/HomePage-H1.js">');
    expect(tags).toContain('<link rel="modulepreload" crossorigin href="/assets/card-C1.js">');
    expect(tags).toContain('<link rel="preload" as="style" crossorigin href="/assets/card-C1.css">');
    expect(tags).not.toContain('react-R1');
    expect(tags).not.toContain('index-E1');
  });

  it('links the styles of a page the server rendered, its later parts’ too, as stylesheets', () => {
    const manifest = {
      ...MANIFEST,
      [LANDING_SCREENS['/']!]: { ...MANIFEST[LANDING_SCREENS['/']!]!, dynamicImports: ['src/Tabs.tsx'] },
      'src/Tabs.tsx': { file: 'assets/Tabs-T1.js', imports: ['index.html'], css: ['assets/Tabs-T1.css'] },
    };
    const tags = preloadTags(manifest, LANDING_SCREENS['/']!, { rendered: true });
    expect(tags).toContain('<link rel="stylesheet" crossorigin href="/assets/card-C1.css">');
    expect(tags).toContain('<link rel="stylesheet" crossorigin href="/assets/Tabs-T1.css">');
    expect(tags).not.toContain('as="style"');
    expect(tags).not.toContain('index-E1.css');
    expect(tags).not.toContain('Tabs-T1.js');
    expect(tags).toContain('<link rel="modulepreload" crossorigin href="/assets/HomePage-H1.js">');
    // A part the server renders has its script named too, and what it imports beyond the entry, once.
    const withTabs = preloadTags(manifest, LANDING_SCREENS['/']!, { rendered: true, parts: ['src/Tabs.tsx'] });
    expect(withTabs).toContain('<link rel="modulepreload" crossorigin href="/assets/Tabs-T1.js">');
    expect(withTabs.match(/Tabs-T1\.js/g)).toHaveLength(1);
    expect(withTabs).not.toContain('index-E1');
    // Not on a page the browser renders itself: the part comes when it is shown.
    expect(preloadTags(manifest, LANDING_SCREENS['/']!, { parts: ['src/Tabs.tsx'] })).not.toContain('Tabs-T1');
  });

  it('names nothing for a screen the manifest does not know', () => {
    expect(preloadTags(MANIFEST, 'src/features/catalog/screens/Gone.tsx')).toBe('');
    expect(preloadTags({}, LANDING_SCREENS['/']!)).toBe('');
  });

  it('answers nothing for other pages, or when the build has no manifest', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-preload-'));
    try {
      const preloads = landingPreloads(dir);
      expect(preloads('/')).toBe('');
      fs.mkdirSync(path.join(dir, '.vite'));
      fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
      expect(preloads('/')).toContain('HomePage-H1.js');
      for (const other of [
        '/cart',
        '/user/order/myOrder',
        '/goodsList/',
        '/%E5%95%86%E5%93%81',
        "/'; DROP TABLE goods;--",
      ]) {
        expect(preloads(other), other).toBe('');
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('landing pages over HTTP', () => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'mall-preload-web-'));
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>优选商城</title></head><body></body></html>',
    );
    server = await startTestServer({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('adds the screen’s files to the head of /, /goodsList (with its query) and nothing elsewhere', async () => {
    const home = await (await fetch(`${server.url}/`)).text();
    expect(home).toMatch(
      /<title>优选商城<\/title><link rel="modulepreload" crossorigin href="\/assets\/HomePage-H1\.js">.*<\/head>/,
    );
    const list = await (await fetch(`${server.url}/goodsList?keyword=${encodeURIComponent('手机')}`)).text();
    expect(list).toContain('GoodsListPage-L1.js');
    expect(list).not.toContain('HomePage-H1.js');
    const cart = await (await fetch(`${server.url}/cart`)).text();
    expect(cart).not.toContain('modulepreload');
    expect(await (await fetch(`${server.url}/.vite/manifest.json`)).status).toBe(404);
  });
});

it.skipIf(!fs.existsSync(path.join(DEFAULT_WEB_DIST, '.vite', 'manifest.json')))(
  'the built buyer app (apps/web/dist) has every landing screen in its manifest',
  () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(DEFAULT_WEB_DIST, '.vite', 'manifest.json'), 'utf8'));
    for (const [page, screen] of Object.entries(LANDING_SCREENS)) expect(manifest[screen], page).toBeDefined();
    // Each part named for a rendered page is still a part its screen loads.
    for (const [page, parts] of Object.entries(RENDERED_PARTS))
      for (const part of parts) expect(manifest[LANDING_SCREENS[page]!].dynamicImports, page).toContain(part);
  },
);

it('names screens and parts that exist in the buyer app (a moved file would silently lose its preload)', () => {
  const web = path.resolve(import.meta.dirname, '../../../web');
  const named = [...Object.values(LANDING_SCREENS), ...Object.values(RENDERED_PARTS).flat()];
  expect(named.filter((source) => !fs.existsSync(path.join(web, source)))).toEqual([]);
});
