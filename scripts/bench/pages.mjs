// First-screen scenarios: the buyer app's pages loaded in Chromium (/usr/bin/chromium, the
// end-to-end tests' browser and switches) with a cold cache — a fresh browser context for every sample —
// from the shop's own server on localhost. Per page: the time from the start of navigation to its real
// content (the first goods card, the goods title), and the page's first scripts (received before that
// content showed or the page's load, whichever is later): how many, their bytes as sent (compressed) and
// as run.
/* global MutationObserver -- watchForContent runs in the page */
import { percentile } from './load.mjs';
import { chromium } from '@playwright/test';
import { goodsIds } from './catalogue.mjs';

/** playwright.config.ts's launch switches: the same browser as the end-to-end tests. */
const LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** The first screen's targets. */
export const CONTENT_TARGET_MS = 600;
export const HOME_SCRIPTS_TARGET_BYTES = 200 * 1000;

/**
 * Runs in the page before its own scripts: notes `performance.now()` (milliseconds since navigation
 * started) when the content first appears in the document.
 */
function watchForContent({ selector, text }) {
  const found = () =>
    [...document.querySelectorAll(selector)].some((el) => text === undefined || el.textContent?.trim() === text);
  const observer = new MutationObserver(() => {
    if (window.__contentAt === undefined && found()) {
      window.__contentAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/** Scripts fully received before the content showed, from the page's resource timing. */
function scriptsBefore(contentAt) {
  const scripts = performance
    .getEntriesByType('resource')
    .filter((e) => /\.m?js(\?|$)/.test(new URL(e.name).pathname) && e.responseEnd <= contentAt);
  return {
    count: scripts.length,
    encodedBytes: scripts.reduce((n, e) => n + e.encodedBodySize, 0),
    decodedBytes: scripts.reduce((n, e) => n + e.decodedBodySize, 0),
  };
}

async function browserFor(ctx) {
  if (!ctx.shared.browser) {
    ctx.shared.browser = await chromium.launch(LAUNCH);
    // run.mjs calls this when the server's scenarios are done.
    ctx.shared.closeBrowser = () => ctx.shared.browser.close();
  }
  return ctx.shared.browser;
}

/** One cold load: a new context (empty cache, no storage), the page, its content, its scripts. */
async function loadOnce(browser, url, content) {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 860 } });
  try {
    await context.addInitScript(watchForContent, content);
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__contentAt !== undefined, undefined, { timeout: 15_000, polling: 50 });
    const contentMs = await page.evaluate(() => window.__contentAt);
    // The page's first scripts: those in before its content or its load, whichever is later (a page the
    // server rendered shows its content before its scripts, which still come).
    await page.waitForLoadState('load');
    const loadAt = await page.evaluate(() => performance.getEntriesByType('navigation')[0].loadEventStart);
    return { contentMs, scripts: await page.evaluate(scriptsBefore, Math.max(contentMs, loadAt)) };
  } finally {
    await context.close();
  }
}

const kB = (n) => `${(n / 1000).toFixed(1)} kB`;

/** A page scenario: `path(ctx)` gives the address, `content(ctx)` what shows that the page is there. */
function pageScenario({ name, description, path, content, scriptTarget }) {
  return {
    name,
    description,
    databases: ['pglite'],
    page: true,
    async run(ctx) {
      // CI's smoke run (BENCH_DURATION under 5 s) takes a few samples; a measurement takes 15.
      const samples = Number(process.env.BENCH_PAGE_SAMPLES || (Number(process.env.BENCH_DURATION || 10) < 5 ? 3 : 15));
      const browser = await browserFor(ctx);
      const url = `${ctx.base}${await path(ctx)}`;
      const wanted = await content(ctx);
      await loadOnce(browser, url, wanted); // not counted: the server's first reading of the files
      const runs = [];
      for (let i = 0; i < samples; i++) runs.push(await loadOnce(browser, url, wanted));
      const times = runs.map((r) => r.contentMs).sort((a, b) => a - b);
      const scripts = runs.at(-1).scripts;
      const p50 = percentile(times, 50);
      const p90 = percentile(times, 90);
      const checks = [
        `content p50 ${Math.round(p50)} ms ${p50 < CONTENT_TARGET_MS ? '<' : '≥'} ${CONTENT_TARGET_MS} ms`,
      ];
      let pass = p50 < CONTENT_TARGET_MS;
      if (scriptTarget) {
        pass &&= scripts.encodedBytes <= scriptTarget;
        checks.push(
          `scripts ${kB(scripts.encodedBytes)} ${scripts.encodedBytes <= scriptTarget ? '≤' : '>'} ${kB(scriptTarget)}`,
        );
      }
      return {
        p50,
        p99: percentile(times, 99),
        p90,
        requests: samples,
        errors: 0,
        non2xx: 0,
        samples: times.map((t) => Math.round(t)),
        scripts,
        target: { met: pass, checks },
        note: `${samples} cold loads: content p50 ${Math.round(p50)} ms, p90 ${Math.round(p90)} ms; first scripts ${scripts.count}, ${kB(scripts.encodedBytes)} sent (${kB(scripts.decodedBytes)} unpacked)`,
      };
    },
  };
}

export const pageScenarios = [
  pageScenario({
    name: 'page /',
    description: '首页 in Chromium, cold cache: time to the first goods card, scripts before it',
    path: () => '/',
    content: () => ({ selector: '[data-testid="goods-card"]' }),
    scriptTarget: HOME_SCRIPTS_TARGET_BYTES,
  }),
  pageScenario({
    name: 'page /goodsList',
    description: '商品分类 (/goodsList) in Chromium, cold cache: time to the first goods card',
    path: () => '/goodsList',
    content: () => ({ selector: '[data-testid="goods-card"]' }),
  }),
  pageScenario({
    name: 'page /goodsDetail',
    description: '商品详情 (/goodsDetail?id=) in Chromium, cold cache: time to the goods title',
    path: async (ctx) => `/goodsDetail?id=${(await goodsIds(ctx))[0]}`,
    content: async (ctx) => {
      const id = (await goodsIds(ctx))[0];
      const reply = await ctx.api.get(`/member/goods/goods/detail/${id}`);
      const name = reply.json?.data?.name;
      if (!name) throw new Error(`goods ${id} has no name: ${reply.text.slice(0, 200)}`);
      return { selector: 'h1', text: name };
    },
  }),
  ...renderScenarios(),
];

/**
 * The goods page asked for by a PC browser under load (apps/server/src/lib/server-render.ts): one goods
 * link opened by many at once (a link shared in a group), and a mix of 100 goods. Each of
 * BENCH_CONNECTIONS loops asking for the page for BENCH_DURATION seconds (fetch from this process, so it
 * shares the machine with the server) and counts what came: the page rendered by the server, or the plain
 * page (the renderer busy or late), which the browser draws itself. Fails on an error or when no page at
 * all came rendered.
 */
function renderScenarios() {
  const PC_BROWSER = {
    'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
    'Accept-Encoding': 'br, gzip',
  };
  const seconds = Number(process.env.BENCH_DURATION) || 10;
  const connections = Number(process.env.BENCH_CONNECTIONS) || 50;

  async function flood(ctx, paths) {
    // Not counted: the renderer's first page in this process.
    await (await fetch(`${ctx.base}${paths[0]}`, { headers: PC_BROWSER })).text();
    const times = [];
    let [rendered, plain, errors, non2xx, next] = [0, 0, 0, 0, 0];
    const ask = async (path) => {
      const t0 = performance.now();
      try {
        const res = await fetch(`${ctx.base}${path}`, { headers: PC_BROWSER });
        const text = await res.text();
        times.push(performance.now() - t0);
        if (res.status !== 200) non2xx += 1;
        else if (text.includes('data-server-layout="pc"') && text.includes('id="server-state"')) rendered += 1;
        else if (text.includes('<div id="root"></div>')) plain += 1;
        else errors += 1;
      } catch {
        errors += 1;
      }
    };
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < deadline) await ask(paths[next++ % paths.length]);
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    return {
      rps: times.length / elapsed,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      requests: times.length,
      errors,
      non2xx,
      outcome: errors === 0 && non2xx === 0 && rendered > 0 ? 'PASS' : 'FAIL',
      note: `${connections} connections, ${seconds} s: ${rendered} rendered by the server, ${plain} plain (renderer busy or late)`,
    };
  }
  return [
    {
      name: 'render /goodsDetail',
      description: '商品详情 for a PC browser (HTML, brotli) under load, one goods link opened by all',
      page: true,
      run: async (ctx) => flood(ctx, [`/goodsDetail?id=${(await goodsIds(ctx))[0]}`]),
    },
    {
      name: 'render /goodsDetail (100 goods)',
      description: '商品详情 for a PC browser (HTML, brotli) under load, cycling over 100 goods',
      page: true,
      run: async (ctx) =>
        flood(
          ctx,
          (await goodsIds(ctx)).slice(0, 100).map((id) => `/goodsDetail?id=${id}`),
        ),
    },
  ];
}
