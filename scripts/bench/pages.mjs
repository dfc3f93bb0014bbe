// First-screen scenarios: the buyer app's pages loaded in Chromium (/usr/bin/chromium, the
// end-to-end tests' browser and switches) with a cold cache — a fresh browser context for every sample —
// from the shop's own server on localhost, as a PC (1440 px) and as a phone (375 px, a phone's browser,
// its CPU slowed 4×, as Lighthouse's mobile run does). Per page: the time from the start of navigation to
// the frame that paints its real content (the first goods card, the goods title) — not the moment it
// enters the document — and the scripts and stylesheets the browser had received before that frame.
/* global MessageChannel, requestAnimationFrame -- watchForPaint runs in the page */
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

/** The browsers a page is measured in, and its first screen's target in each (p50, painted). */
const DEVICES = {
  pc: { label: '1440', targetMs: 600, context: { viewport: { width: 1440, height: 900 } } },
  phone: {
    label: '375 phone, CPU ×4',
    targetMs: 1000,
    cpuSlowdown: 4,
    context: {
      viewport: { width: 375, height: 667 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    },
  },
};
export const HOME_SCRIPTS_TARGET_BYTES = 200 * 1000;

/**
 * Runs in the page before its own scripts: at every frame until the content is there and visible (laid
 * out, not hidden, in the window), then notes `performance.now()` (milliseconds since navigation started)
 * just after that frame — a task queued from its animation-frame callback runs once the frame is painted.
 * A frame is not made while a render-blocking stylesheet is still coming, so this is when the buyer sees it.
 */
function watchForPaint({ selector, text }) {
  const visible = (el) => {
    if (text !== undefined && el.textContent?.trim() !== text) return false;
    const box = el.getBoundingClientRect();
    return el.checkVisibility({ visibilityProperty: true }) && box.height > 0 && box.top < window.innerHeight;
  };
  const frame = () => {
    if (![...document.querySelectorAll(selector)].some(visible)) return requestAnimationFrame(frame);
    const after = new MessageChannel();
    after.port1.onmessage = () => (window.__paintedAt = performance.now());
    after.port2.postMessage(null);
  };
  requestAnimationFrame(frame);
}

/** Scripts and stylesheets fully received before the content was painted, from the page's resource timing. */
function filesBefore(paintedAt) {
  const before = performance.getEntriesByType('resource').filter((e) => e.responseEnd <= paintedAt);
  const of = (pattern) => {
    const files = before.filter((e) => pattern.test(new URL(e.name).pathname));
    return {
      count: files.length,
      encodedBytes: files.reduce((n, e) => n + e.encodedBodySize, 0),
      decodedBytes: files.reduce((n, e) => n + e.decodedBodySize, 0),
      names: files.map((e) => new URL(e.name).pathname.split('/').pop()),
    };
  };
  return { scripts: of(/\.m?js$/), stylesheets: of(/\.css$/) };
}

async function browserFor(ctx) {
  if (!ctx.shared.browser) {
    ctx.shared.browser = await chromium.launch(LAUNCH);
    // run.mjs calls this when the server's scenarios are done.
    ctx.shared.closeBrowser = () => ctx.shared.browser.close();
  }
  return ctx.shared.browser;
}

/** One cold load: a new context (empty cache, no storage), the page, its content painted, the files before it. */
async function loadOnce(browser, device, url, content) {
  const context = await browser.newContext({ locale: 'zh-CN', ...device.context });
  try {
    await context.addInitScript(watchForPaint, content);
    const page = await context.newPage();
    if (device.cpuSlowdown) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: device.cpuSlowdown });
    }
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__paintedAt !== undefined, undefined, { timeout: 20_000, polling: 50 });
    const paintedMs = await page.evaluate(() => window.__paintedAt);
    const files = await page.evaluate(filesBefore, paintedMs);
    // The page's first scripts, for the home's script budget: those in by its load (a rendered page is
    // painted before its scripts come, and they still come).
    await page.waitForLoadState('load');
    const loadAt = await page.evaluate(() => performance.getEntriesByType('navigation')[0].loadEventStart);
    const { scripts: firstScripts } = await page.evaluate(filesBefore, Math.max(paintedMs, loadAt));
    return { paintedMs, files, firstScripts };
  } finally {
    await context.close();
  }
}

const kB = (n) => `${(n / 1000).toFixed(1)} kB`;
const described = ({ count, encodedBytes }) => `${count} (${kB(encodedBytes)} sent)`;

/** A page scenario: `path(ctx)` gives the address, `content(ctx)` what shows that the page is there. */
function pageScenario({ name, description, device: deviceName, path, content, scriptTarget }) {
  const device = DEVICES[deviceName];
  return {
    name: `${name} ${deviceName === 'phone' ? '(phone)' : ''}`.trim(),
    description: `${description}, ${device.label}`,
    page: true,
    async run(ctx) {
      // CI's smoke run (BENCH_DURATION under 5 s) takes a few samples; a measurement takes 15.
      const samples = Number(process.env.BENCH_PAGE_SAMPLES || (Number(process.env.BENCH_DURATION || 10) < 5 ? 3 : 15));
      const browser = await browserFor(ctx);
      const url = `${ctx.base}${await path(ctx)}`;
      const wanted = await content(ctx);
      await loadOnce(browser, device, url, wanted); // not counted: the server's first reading of the files
      const runs = [];
      for (let i = 0; i < samples; i++) runs.push(await loadOnce(browser, device, url, wanted));
      const times = runs.map((r) => r.paintedMs).sort((a, b) => a - b);
      const { scripts, stylesheets } = runs.at(-1).files;
      const { firstScripts } = runs.at(-1);
      const p50 = percentile(times, 50);
      const p90 = percentile(times, 90);
      const checks = [`painted p50 ${Math.round(p50)} ms ${p50 <= device.targetMs ? '≤' : '>'} ${device.targetMs} ms`];
      let pass = p50 <= device.targetMs;
      if (scriptTarget) {
        const sent = firstScripts.encodedBytes;
        pass &&= sent <= scriptTarget;
        checks.push(`first scripts ${kB(sent)} ${sent <= scriptTarget ? '≤' : '>'} ${kB(scriptTarget)}`);
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
        stylesheets,
        firstScripts,
        target: { met: pass, checks },
        note:
          `${samples} cold loads: painted p50 ${Math.round(p50)} ms, p90 ${Math.round(p90)} ms; before it ` +
          `${described(stylesheets)} stylesheets [${stylesheets.names.join(' ')}], ${described(scripts)} scripts; ` +
          `first scripts (by load) ${described(firstScripts)}`,
      };
    },
  };
}

const goodsTitle = async (ctx) => {
  const id = (await goodsIds(ctx))[0];
  const reply = await ctx.api.get(`/member/goods/goods/detail/${id}`);
  const name = reply.json?.data?.name;
  if (!name) throw new Error(`goods ${id} has no name: ${reply.text.slice(0, 200)}`);
  return { selector: 'h1', text: name };
};

/** Each landing page as a PC and as a phone. */
const firstScreens = ['pc', 'phone'].flatMap((device) => [
  pageScenario({
    name: 'page /',
    description: '首页 in Chromium, cold cache: the first goods card painted, the files before it',
    device,
    path: () => '/',
    content: () => ({ selector: '[data-testid="goods-card"]' }),
    scriptTarget: device === 'pc' ? HOME_SCRIPTS_TARGET_BYTES : undefined,
  }),
  pageScenario({
    name: 'page /goodsList',
    description: '商品分类 (/goodsList?keyword=手机) in Chromium, cold cache: the first goods card painted',
    device,
    path: () => `/goodsList?keyword=${encodeURIComponent('手机')}`,
    content: () => ({ selector: '[data-testid="goods-card"]' }),
  }),
  pageScenario({
    name: 'page /goodsDetail',
    description: '商品详情 (/goodsDetail?id=) in Chromium, cold cache: the goods title painted',
    device,
    path: async (ctx) => `/goodsDetail?id=${(await goodsIds(ctx))[0]}`,
    content: goodsTitle,
  }),
]);

export const pageScenarios = [...firstScreens, ...renderScenarios()];

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
