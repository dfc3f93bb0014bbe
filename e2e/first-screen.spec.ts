import { expect, test, type Page, type Response } from '@playwright/test';
import { shot } from './support/mall.ts';
import { expectPageFitsScreen } from './support/phone.ts';

/**
 * The first screen as a buyer's (and an operator's) browser receives it from the real build:
 * the page revalidated each time, every script brotli-compressed and kept a year, the landing page's
 * screen named in the page so it loads beside the entry. Timings are the bench's (npm run bench, page /).
 */
function scriptsOf(page: Page): Response[] {
  const scripts: Response[] = [];
  page.on('response', (res) => {
    if (/\/assets\/[^/]+\.js$/.test(new URL(res.url()).pathname)) scripts.push(res);
  });
  return scripts;
}

async function expectCompressedAndKept(scripts: Response[]) {
  expect(scripts.length).toBeGreaterThan(3);
  for (const res of scripts) {
    const headers = await res.allHeaders();
    expect(res.status(), res.url()).toBe(200);
    expect(headers['cache-control'], res.url()).toBe('public, max-age=31536000, immutable');
    // Chromium asks for brotli; a file under 1 kB is sent as it is.
    const size = (await res.body()).length;
    if (size >= 1024) expect(headers['content-encoding'], res.url()).toBe('br');
  }
}

test('a buyer opening the shop gets the home page compressed, its screen preloaded, its page never stale', async ({
  page,
}) => {
  const scripts = scriptsOf(page);
  const first = await page.goto('/');
  expect(first!.headers()['cache-control']).toBe('no-cache');
  await expect(page.getByTestId('goods-card').first()).toBeVisible();
  // The home screen's chunk is named in the page, not found only once the app has started.
  const preloads = await page
    .locator('link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
  expect(preloads.some((href) => /\/assets\/HomePage-[\w-]+\.js$/.test(href ?? ''))).toBe(true);
  await expectCompressedAndKept(scripts);
  await shot(page, 'first-screen-home');

  // Another page's screen chunk comes when the buyer goes there, compressed the same way.
  scripts.length = 0;
  await page.getByTestId('goods-card').first().click();
  await expect(page).toHaveURL(/\/goodsDetail\?id=\d+$/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(scripts.some((res) => /GoodsDetailPage-/.test(res.url()))).toBe(true);
  await expectCompressedAndKept(scripts);
});

test('an operator opening the console gets its scripts compressed and its page never stale', async ({ page }) => {
  const scripts = scriptsOf(page);
  const first = await page.goto('/admin/');
  expect(first!.headers()['cache-control']).toBe('no-cache');
  await expect(page.getByRole('tab', { name: '运营人员登录', selected: true })).toBeVisible();
  await expectCompressedAndKept(scripts);
});

test.describe('the landing pages come rendered by the server and the app takes them over', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('without scripts the goods are there; with them the page answers, rendered once', async ({ browser, page }) => {
    // What the server sent, before any script: a browser with scripts off.
    const bare = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1440, height: 900 } });
    const plain = await bare.newPage();
    await plain.goto('/');
    await expect(plain.getByTestId('goods-card').first()).toBeVisible();
    const href = await plain.getByTestId('goods-card').first().getAttribute('href');
    expect(href).toMatch(/^\/goodsDetail\?id=\d+$/);
    await plain.goto(href!);
    const title = (await plain.getByRole('heading', { level: 1 }).textContent())?.trim();
    expect(title).toBeTruthy();
    await expect(plain.getByRole('button', { name: /加入购物车/ })).toBeVisible();
    // The same goods named `goodsId` (the console's banner links) come rendered too.
    await plain.goto(href!.replace('?id=', '?goodsId='));
    await expect(plain.getByRole('heading', { level: 1 })).toHaveText(title!);
    await plain.goto('/goodsList?keyword=' + encodeURIComponent('手机'));
    await expect(plain.getByTestId('list-results').getByTestId('goods-card').first()).toBeVisible();
    await shot(plain, 'server-rendered-goods-list');
    await bare.close();

    // The app takes the same page over without rendering it afresh, and it answers.
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('页面接管时重新渲染')) warnings.push(m.text());
    });
    for (const address of ['/', '/goodsList?keyword=' + encodeURIComponent('手机'), href!]) {
      await page.goto(address);
      // React has claimed the server's element (hydrated, not drawn again: a fresh render replaces it).
      const card = page.locator('[data-testid="goods-card"], h1').first();
      const server = await card.evaluateHandle((el) => el);
      await expect
        .poll(() =>
          server.evaluate((el) => el.isConnected && Object.keys(el).some((k) => k.startsWith('__reactFiber'))),
        )
        .toBe(true);
    }
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title!);
    await page.getByRole('button', { name: '增加购买数量' }).click();
    await expect(page.getByRole('spinbutton', { name: '购买数量' })).toHaveValue('2');
    expect(warnings).toEqual([]);
  });

  test('a click on the goods page’s 评价 tab right after the page has loaded opens it', async ({ browser }) => {
    // The tabs are a part with a script of its own; before the page named it, 6 in 16 such clicks did nothing.
    const home = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const first = await home.newPage();
    await first.goto('/');
    const href = (await first
      .locator('a[data-testid="goods-card"][href^="/goodsDetail?id="]')
      .first()
      .getAttribute('href'))!;
    await home.close();
    for (let i = 0; i < 4; i++) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await page.goto(href);
      await page.getByRole('tab', { name: /评价/ }).click();
      await expect(page.getByTestId('good-rate'), `load ${i + 1}`).toBeVisible({ timeout: 5_000 });
      await context.close();
    }
  });

  test("a phone gets the page rendered in the phone's layout, and the app takes it over", async ({ browser }) => {
    const phone = await browser.newContext({
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
    });
    const page = await phone.newPage();
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('页面接管时重新渲染')) warnings.push(m.text());
    });
    for (const [address, painted] of [
      ['/', page.getByTestId('phone-home').getByTestId('goods-card').first()],
      ['/goodsList?keyword=' + encodeURIComponent('手机'), page.getByTestId('goods-card').first()],
    ] as const) {
      const reply = await page.goto(address);
      const sent = await reply!.text();
      expect(sent, address).toContain('<div id="root" data-server-layout="phone">');
      expect(sent, address).toContain('data-testid="goods-card"');
      await expect(painted).toBeVisible();
      // Taken over, not drawn again: React has claimed the server's element.
      const server = await painted.evaluateHandle((el) => el);
      await expect
        .poll(() =>
          server.evaluate((el) => el.isConnected && Object.keys(el).some((k) => k.startsWith('__reactFiber'))),
        )
        .toBe(true);
    }
    // It answers: a tap opens the goods, whose page came rendered for the phone too.
    const href = (await page.getByTestId('goods-card').first().getAttribute('href'))!;
    const detail = await page.goto(href);
    expect(await detail!.text()).toContain('<div id="root" data-server-layout="phone">');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectPageFitsScreen(page, 'goods detail rendered for a phone');
    await shot(page, 'server-rendered-goods-detail-375');
    expect(warnings).toEqual([]);
    await phone.close();
  });

  test("a phone's page in a wide window shows the app's PC layout instead", async ({ browser }) => {
    // A phone's browser told by its agent, in a window as wide as a PC's: the phone's markup is not shown.
    const wide = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
    });
    const page = await wide.newPage();
    const reply = await page.goto('/');
    expect(await reply!.text()).toContain('<div id="root" data-server-layout="phone">');
    await expect(page.getByTestId('goods-card').first()).toBeVisible();
    await expect(page.getByTestId('phone-home')).toHaveCount(0);
    await expect(page.getByTestId('phone-header')).toHaveCount(0);
    await wide.close();
  });
});
