import { expect, test, type Locator, type Page } from '@playwright/test';
import { englishNames, seriousFindings, settled } from './support/a11y.ts';
import { shot, withPlainLandingPages } from './support/mall.ts';

/**
 * The home page and the goods list on a phone, at 375 × 812: the banner, a category icon
 * grid, 热销榜单 as a sideways strip and a two-column goods feed; the list with its sort tabs and 筛选 in
 * one row, the filters in a drawer, a compact pager. At 1440 the PC layout as before. At both widths a
 * failed search says the server's own message once, with 重试, and keeps the filters.
 */

const PHONE = { width: 375, height: 812 };
const PC = { width: 1440, height: 900 };
const SEARCH_CALL = '**/member/search/goods/search';
/** What the server's error handler answers on a fault (HTTP 500 with the envelope). */
const SERVER_FAULT = { code: 500, message: '系统繁忙，请稍后再试', data: null, success: false };

/** ¥1,234.56 → 1234.56. */
const yuanOf = (text: string) => Number(text.replace(/[¥,\s]/g, ''));

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

async function expectFitsScreen(page: Page, what: string) {
  const width = page.viewportSize()!.width;
  const actual = await pageWidth(page);
  expect(actual, `${what} is ${actual}px wide on a ${width}px screen`).toBeLessThanOrEqual(width);
}

/**
 * The first two cards sit side by side in one row, both wholly within the screen. Read again for a few
 * seconds: in CI the old home's first cards were once measured 116 px wide and once replaced (no longer
 * in the page) right after they appeared (why was not found); the retries, and the screenshots, had the two
 * columns.
 */
async function expectTwoColumns(cards: Locator, screenWidth: number) {
  await expect(async () => {
    await cards.nth(1).scrollIntoViewIfNeeded();
    const a = (await cards.nth(0).boundingBox())!;
    const b = (await cards.nth(1).boundingBox())!;
    expect(Math.abs(a.y - b.y), 'the two cards share a row').toBeLessThan(1);
    expect(b.x).toBeGreaterThan(a.x + a.width - 1);
    for (const box of [a, b]) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(screenWidth);
      // A card, not a sliver: close to half the screen each.
      expect(box.width).toBeGreaterThan(screenWidth / 2 - 40);
    }
    // The third card starts the next row.
    if ((await cards.count()) > 2) {
      const c = (await cards.nth(2).boundingBox())!;
      expect(c.y).toBeGreaterThan(a.y + a.height - 1);
    }
  }).toPass({ timeout: 5_000 });
}

test.describe('the home page and the goods list on a phone (375 × 812)', () => {
  test.use({ viewport: PHONE });

  test('home: banner, category grid, 热销榜单 strip, a two-column feed above the tab bar', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/');
    const home = page.getByTestId('phone-home');
    await expect(home).toBeVisible();
    const feed = page.getByRole('region', { name: '为你推荐' }).getByTestId('goods-card');
    await expect(feed.first()).toBeVisible();
    await expect(page.getByTestId('banner').first()).toBeAttached();
    await expectFitsScreen(page, '/');
    await shot(page, 'phone-home-375');

    // The banner spans the column; nothing of it runs off screen.
    const carousel = (await page.getByRole('region', { name: '活动', exact: true }).boundingBox())!;
    expect(carousel.x).toBeGreaterThanOrEqual(0);
    expect(carousel.x + carousel.width).toBeLessThanOrEqual(PHONE.width);
    expect(carousel.width).toBeGreaterThan(PHONE.width - 30);

    // Categories: icons with names, five a row, each to its goods list.
    const categories = page.getByRole('navigation', { name: '商品分类' }).getByTestId('phone-home-category');
    expect(await categories.count()).toBeGreaterThanOrEqual(5);
    const firstRow = await Promise.all([0, 1, 2, 3, 4].map(async (i) => (await categories.nth(i).boundingBox())!));
    for (const box of firstRow) {
      expect(Math.abs(box.y - firstRow[0]!.y)).toBeLessThan(1);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    await expect(categories.first()).toHaveAttribute('href', /^\/goodsList\?categoryId=\d+$/);
    // Ten a page; the next page swipes in and lies within the screen.
    const sixth = (await categories.nth(5).boundingBox())!;
    expect(sixth.y).toBeGreaterThan(firstRow[0]!.y + firstRow[0]!.height - 1);
    expect(Math.abs(sixth.x - firstRow[0]!.x)).toBeLessThan(1);
    if ((await categories.count()) > 10) {
      await expect(categories.nth(10)).not.toBeInViewport();
      await categories.nth(10).scrollIntoViewIfNeeded();
      const eleventh = (await categories.nth(10).boundingBox())!;
      expect(eleventh.x).toBeGreaterThanOrEqual(0);
      expect(eleventh.x + eleventh.width).toBeLessThanOrEqual(PHONE.width);
      await expectFitsScreen(page, '/ with the second page of categories');
    }

    // 热销榜单: a strip that scrolls sideways inside the screen.
    const sales = page.getByRole('region', { name: '热销榜单' });
    await expect(sales.getByRole('heading', { name: /热销榜单/ })).toBeVisible();
    await expect(sales.getByTestId('goods-card')).toHaveCount(6);
    const strip = page.getByTestId('phone-sales-strip');
    const stripBox = (await strip.boundingBox())!;
    expect(stripBox.x + stripBox.width).toBeLessThanOrEqual(PHONE.width);
    const scroll = await strip.evaluate((el) => ({ client: el.clientWidth, content: el.scrollWidth }));
    expect(scroll.content).toBeGreaterThan(scroll.client);
    const strip0 = (await sales.getByTestId('goods-card').nth(0).boundingBox())!;
    const strip1 = (await sales.getByTestId('goods-card').nth(1).boundingBox())!;
    expect(Math.abs(strip0.y - strip1.y)).toBeLessThan(1);

    // 为你推荐: two columns; each card shows a picture, a two-line title, a red price and the sales.
    await expectTwoColumns(feed, PHONE.width);
    const card = feed.first();
    await expect(card.getByRole('img')).toBeVisible();
    await expect(card.getByTestId('card-price')).toHaveText(/^¥[\d,]+\.\d{2}$/);
    await expect(card.getByTestId('card-price')).toHaveCSS('color', 'rgb(208, 37, 43)');
    await expect(card).toContainText(/已售 \S+/);
    const title = (await card.getByTestId('card-name').boundingBox())!;
    expect(title.height).toBeLessThanOrEqual(37);

    // At the very end of the page the feed ends above the tab bar, not under it.
    const ends = await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      const cards = document.querySelectorAll('[aria-label="为你推荐"] [data-testid="goods-card"]');
      const bar = document.querySelector('nav[aria-label="底部导航"]')!.getBoundingClientRect();
      return { lastCard: cards[cards.length - 1]!.getBoundingClientRect().bottom, tabBarTop: bar.top };
    });
    expect(ends.lastCard).toBeLessThanOrEqual(ends.tabBarTop);

    // Tapping a goods of the feed opens its detail.
    const target = feed.nth(3);
    const href = await target.getAttribute('href');
    await target.click();
    await expect(page).toHaveURL(new RegExp(`${href!.replace('?', '\\?')}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('goods list: two columns, sort and 筛选 in one row, the drawer filters by price, paging', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto(`/goodsList?keyword=${encodeURIComponent('手机')}`);
    const cards = page.getByTestId('list-results').getByTestId('goods-card');
    await expect(cards).toHaveCount(10);
    await expectFitsScreen(page, '/goodsList?keyword=手机');
    await expectTwoColumns(cards, PHONE.width);
    // The keyword stays in the top bar's search box.
    await expect(page.getByTestId('phone-header').getByRole('combobox')).toHaveValue('手机');

    // 综合 / 销量 / 价格 / 新品 and 筛选 in one row within the screen.
    const bar = page.getByTestId('sort-bar');
    const controls = [
      bar.getByRole('button', { name: '综合' }),
      bar.getByRole('button', { name: '销量' }),
      bar.getByRole('button', { name: /价格/ }),
      page.getByTestId('open-filters'),
    ];
    const boxes = await Promise.all(controls.map(async (c) => (await c.boundingBox())!));
    for (const box of boxes) {
      expect(Math.abs(box.y + box.height / 2 - (boxes[0]!.y + boxes[0]!.height / 2))).toBeLessThan(2);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    await shot(page, 'phone-goods-list-375');

    // 销量 sorts and keeps the keyword.
    await bar.getByRole('button', { name: '销量' }).click();
    await expect(page).toHaveURL(/keyword=%E6%89%8B%E6%9C%BA.*sort=sales|sort=sales.*keyword=%E6%89%8B%E6%9C%BA/);
    await expect(bar.getByRole('button', { name: '销量' })).toHaveAttribute('aria-pressed', 'true');

    // 筛选: a drawer with the filters; 确定 puts a price range in the URL and the goods obey it.
    await page.getByTestId('open-filters').click();
    const drawer = page.getByRole('dialog', { name: '筛选' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId('drawer-brands')).toContainText(/华为\s*\(\d+\)/);
    // Once it has slid in, the drawer lies within the screen.
    await expect
      .poll(async () => {
        const b = (await drawer.boundingBox())!;
        return b.x + b.width;
      })
      .toBeLessThanOrEqual(PHONE.width);
    await drawer.getByRole('spinbutton', { name: '最低价' }).fill('1000');
    await drawer.getByRole('spinbutton', { name: '最高价' }).fill('3000');
    await shot(page, 'phone-goods-list-filters-375');
    await settled(page);
    expect([...(await seriousFindings(page, '筛选 drawer')), ...(await englishNames(page, '筛选 drawer'))]).toEqual([]);
    // 重置 clears the draft; nothing is applied until 确定.
    await drawer.getByRole('button', { name: /重\s*置/ }).click();
    await expect(drawer.getByRole('spinbutton', { name: '最低价' })).toHaveValue('');
    await drawer.getByRole('spinbutton', { name: '最低价' }).fill('1000');
    await drawer.getByRole('spinbutton', { name: '最高价' }).fill('3000');
    await drawer.getByRole('button', { name: /确\s*定/ }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/min=1000/);
    await expect(page).toHaveURL(/max=3000/);
    await expect(page).toHaveURL(/keyword=%E6%89%8B%E6%9C%BA/);
    await expect(page).toHaveURL(/sort=sales/);
    await expect(page.getByText('价格：1000 - 3000 元')).toBeVisible();
    await expect(page.getByTestId('open-filters')).toHaveText(/筛选\(1\)/);
    await expect(page.getByTestId('list-results')).toHaveAttribute('aria-busy', 'false');
    await expect
      .poll(async () => {
        const prices = (await page.getByTestId('card-price').allTextContents()).map(yuanOf);
        return prices.length > 0 && prices.every((p) => p >= 1000 && p <= 3000);
      })
      .toBe(true);
    // Reopened, the drawer shows what is applied.
    await page.getByTestId('open-filters').click();
    await expect(drawer.getByRole('spinbutton', { name: '最低价' })).toHaveValue(/^1000(\.00)?$/);
    await drawer.getByRole('button', { name: '关闭' }).click();
    await expect(drawer).toBeHidden();

    // The pager is compact and pages on within the same filters.
    const pager = page.locator('.ant-pagination');
    await pager.scrollIntoViewIfNeeded();
    const pagerBox = (await pager.boundingBox())!;
    expect(pagerBox.x + pagerBox.width).toBeLessThanOrEqual(PHONE.width);
    const firstPage = await page.getByTestId('card-name').allTextContents();
    await pager.locator('.ant-pagination-next').click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page).toHaveURL(/min=1000/);
    await expect
      .poll(async () => (await page.getByTestId('card-name').allTextContents()).join('|'))
      .not.toBe(firstPage.join('|'));
    await expectFitsScreen(page, '/goodsList page 2');

    // Tapping a card opens its detail.
    await cards.first().click();
    await expect(page).toHaveURL(/\/goodsDetail\?id=\d+$/);
  });

  test('the old home fits a phone too, and the switch back', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: /切换到旧版首页/ }).click();
    await expect(page).toHaveURL(/\/old-home$/);
    await expect(page.getByTestId('goods-card')).toHaveCount(20);
    await expectFitsScreen(page, '/old-home');
    await expectTwoColumns(page.getByTestId('goods-card'), PHONE.width);
    await shot(page, 'phone-old-home-375');
    await page.getByRole('button', { name: /切换到新版首页/ }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('phone-home')).toBeVisible();
  });

  test('the 分类 tab: top categories to choose from, then a category list', async ({ page }) => {
    await page.goto('/goodsList');
    const subcats = page.getByRole('navigation', { name: '子分类' });
    await expect(subcats.getByRole('link', { name: '手机数码' })).toBeVisible();
    await subcats.getByRole('link', { name: '手机数码' }).click();
    await expect(page).toHaveURL(/\/goodsList\?categoryId=\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: '手机数码' })).toBeVisible();
    await expect(subcats.getByRole('link', { name: '手机通讯' })).toBeVisible();
    await expect(page.getByTestId('list-results').getByTestId('goods-card')).toHaveCount(10);
    await expectFitsScreen(page, '/goodsList?categoryId');
    await shot(page, 'phone-goods-category-375');
  });
});

test.describe("a failed search: one message, the server's own, with 重试; the filters kept", () => {
  for (const viewport of [PHONE, PC]) {
    test(`at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      // A page the server rendered brought its goods; this is the page whose search the browser makes.
      await withPlainLandingPages(page);
      let calls = 0;
      await page.route(
        SEARCH_CALL,
        async (route) => {
          calls += 1;
          await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify(SERVER_FAULT) });
        },
        // The app's quiet early ask as it starts (app/firstData.ts), then the page's own.
        { times: 2 },
      );
      await page.goto(`/goodsList?keyword=${encodeURIComponent('手机')}&min=1000&max=3000&sort=sales`);
      const error = page.getByTestId('list-error');
      await expect(error).toBeVisible();
      expect(calls).toBe(2);
      // Exactly one message: the server's, on the page; no toast beside it and no second banner.
      await expect(page.getByText(SERVER_FAULT.message)).toHaveCount(1);
      await expect(page.locator('.ant-message-notice')).toHaveCount(0);
      await expect(page.locator('.ant-alert-error')).toHaveCount(0);
      await expect(page.getByText('服务器发生错误，请检查服务器。')).toHaveCount(0);
      // The filters are kept: in the URL and on screen.
      await expect(page).toHaveURL(/keyword=%E6%89%8B%E6%9C%BA/);
      await expect(page).toHaveURL(/min=1000&max=3000&sort=sales/);
      await expect(page.getByText('价格：1000 - 3000 元')).toBeVisible();
      await expect(page.getByTestId('sort-bar').getByRole('button', { name: '销量' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      if (viewport === PC) {
        await expect(page.getByRole('spinbutton', { name: '最低价' })).toHaveValue(/^1000(\.00)?$/);
        await expect(page.getByTestId('crumb-keyword')).toHaveText('“手机”');
      } else {
        await expect(page.getByTestId('phone-header').getByRole('combobox')).toHaveValue('手机');
        await expect(page.getByTestId('open-filters')).toHaveText(/筛选\(1\)/);
      }
      await shot(page, `search-error-${viewport.width}`);
      await settled(page);
      expect([...(await seriousFindings(page, 'search error')), ...(await englishNames(page, 'search error'))]).toEqual(
        [],
      );

      // 重试 asks again with the same filters; the goods come.
      const retried = page.waitForRequest((r) => r.url().includes('/member/search/goods/search'));
      await error.getByRole('button', { name: /重\s*试/ }).click();
      const body = (await retried).postDataJSON() as {
        keyword: string;
        minPrice: number;
        maxPrice: number;
        sort: string;
      };
      expect(body).toMatchObject({ keyword: '手机', minPrice: 100_000, maxPrice: 300_000, sort: 'sales' });
      await expect(page.getByTestId('list-results').getByTestId('goods-card').first()).toBeVisible();
      await expect(error).toHaveCount(0);
      await expect(page.getByText(SERVER_FAULT.message)).toHaveCount(0);
      const prices = (await page.getByTestId('card-price').allTextContents()).map(yuanOf);
      expect(prices.every((p) => p >= 1000 && p <= 3000)).toBe(true);
    });
  }
});

test('at 1440 a search that fails after a filter keeps the filter panel as it was', async ({ page }) => {
  await page.setViewportSize(PC);
  await page.goto(`/goodsList?keyword=${encodeURIComponent('手机')}`);
  await expect(page.getByTestId('list-results').getByTestId('goods-card')).toHaveCount(10);
  await page.getByTestId('facet-brands').getByRole('button', { name: /^华为/ }).click();
  await expect(page).toHaveURL(/brand=\d+/);
  await expect(page.getByTestId('list-results')).toHaveAttribute('aria-busy', 'false');
  // The 销量 search fails once; any other search call (CI once saw one take a plain one-time failure
  // first, so that 销量 succeeded) goes through.
  let failed = false;
  await page.route(SEARCH_CALL, (route) => {
    if (failed || (route.request().postDataJSON() as { sort?: string } | null)?.sort !== 'sales')
      return route.fallback();
    failed = true;
    return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify(SERVER_FAULT) });
  });
  await page.getByRole('button', { name: '销量' }).click();
  await expect(page.getByTestId('list-error')).toContainText(SERVER_FAULT.message);
  await expect(page.getByText(SERVER_FAULT.message)).toHaveCount(1);
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  // The brand row with its counts, the chosen brand by name, and the sort all stay.
  await expect(page.getByTestId('facet-brands').getByRole('button', { name: /^华为/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByText('品牌：华为')).toBeVisible();
  await expect(page).toHaveURL(/brand=\d+.*sort=sales/);
  await page
    .getByTestId('list-error')
    .getByRole('button', { name: /重\s*试/ })
    .click();
  await expect(page.getByTestId('list-results').getByTestId('goods-card').first()).toBeVisible();
  await expect
    .poll(async () => (await page.getByTestId('card-name').allTextContents()).every((n) => n.startsWith('华为')))
    .toBe(true);
});

test.describe('at 1440 the PC layout as before', () => {
  test.use({ viewport: PC });

  test('home and goods list', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('category-menu-item').first()).toBeVisible();
    await expect(page.getByTestId('phone-home')).toHaveCount(0);
    const feed = page.getByRole('region', { name: '为你推荐' }).getByTestId('goods-card');
    await expect(feed.nth(5)).toBeVisible();
    // Five goods a row.
    const ys = await Promise.all([0, 4, 5].map(async (i) => (await feed.nth(i).boundingBox())!.y));
    expect(Math.abs(ys[0]! - ys[1]!)).toBeLessThan(1);
    expect(ys[2]!).toBeGreaterThan(ys[0]!);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PC.width);
    await shot(page, 'home-1440');

    await page.goto(`/goodsList?keyword=${encodeURIComponent('手机')}`);
    const cards = page.getByTestId('list-results').getByTestId('goods-card');
    await expect(cards).toHaveCount(10);
    await expect(page.getByTestId('facet-brands')).toBeVisible();
    await expect(page.getByTestId('open-filters')).toHaveCount(0);
    await expect(page.getByTestId('sort-bar')).toContainText(/共 \d+\+? 件商品/);
    await expect(page.locator('.ant-pagination-options-quick-jumper')).toBeVisible();
    await shot(page, 'goods-list-1440');
    await cards.first().click();
    await expect(page).toHaveURL(/\/goodsDetail\?id=\d+$/);
  });
});
