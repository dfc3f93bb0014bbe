import { expectPageFitsScreen } from './support/phone.ts';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectToastClearOfSearch, shot } from './support/mall.ts';
import { bestSellerIds, signInAs, signUpMember } from './support/member.ts';

/**
 * The goods detail on a phone, at 375 × 812: the page fits the screen, the sticky bar's
 * 加入购物车 and 立即购买 are whole on screen, the SKU sheet picks a SKU, adds to the cart (the bar's
 * count follows) or buys now; signed out the bar asks to sign in; the 评价 tab reads. At 1440 the PC
 * layout (BuyBox beside the gallery) is still there.
 */

/** The goods page's own parts end within the screen, and so does the whole page. */
async function fitsScreen(page: Page) {
  const width = page.viewportSize()!.width;
  const right = await page.getByTestId('phone-goods').evaluate((el) =>
    // The gallery's slides lie side by side beyond the screen by design: the gallery itself is measured.
    Math.max(...[el, ...el.querySelectorAll('*')].filter((e) => !e.closest('[data-slider-track]')).map((e) => e.getBoundingClientRect().right)),
  );
  expect(right, `the goods page reaches x = ${right}px`).toBeLessThanOrEqual(width + 1);
  await expectPageFitsScreen(page, 'the goods page');
}

async function wholeOnScreen(target: Locator) {
  await expect(target).toBeInViewport({ ratio: 1 });
}

/** Chooses the first available value of every spec group not chosen yet. */
async function pickSku(scope: Locator) {
  for (const group of await scope.getByRole('radiogroup').all()) {
    if ((await group.locator('[role=radio][aria-checked=true]').count()) === 0)
      await group.locator('[role=radio]:not([disabled])').first().click();
  }
}

const bar = (page: Page) => page.getByRole('region', { name: '购买操作' });
const sheetOf = (page: Page) => page.getByRole('dialog').filter({ has: page.getByRole('radiogroup') });

test.describe('goods detail on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('fits, the bar is whole on screen, signed out asks to sign in, 评价 reads', async ({ page }) => {
    const [id] = await bestSellerIds(page.request);
    // A link naming the goods `goodsId` (as the console's banners do) opens it like `id`.
    await page.goto(`/goodsDetail?goodsId=${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await fitsScreen(page);
    // The title wraps normally: its box is (nearly) as wide as the screen, not one character per line.
    const title = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(title!.width).toBeGreaterThan(300);
    await wholeOnScreen(bar(page).getByRole('button', { name: '加入购物车' }));
    await wholeOnScreen(bar(page).getByRole('button', { name: '立即购买' }));
    await shot(page, 'phone-goods-375');

    await bar(page).getByRole('button', { name: '立即购买' }).click();
    await expect(page.getByRole('dialog').filter({ hasText: '登录提示' })).toBeVisible();
    await page.getByRole('button', { name: '取 消' }).or(page.getByRole('button', { name: '取消' })).first().click();

    await page.getByRole('tab', { name: /评价/ }).click();
    const reviews = page.getByRole('tabpanel').filter({ visible: true });
    await expect(reviews).toBeVisible();
    await fitsScreen(page);
  });

  test('signed in: the sheet picks a SKU, adds to the cart (count follows) and buys now', async ({ page }) => {
    const member = await signUpMember(page.request, 'pg');
    await signInAs(page, member);
    const [id] = await bestSellerIds(page.request);
    await page.goto(`/goodsDetail?id=${id}`);

    await bar(page).getByRole('button', { name: '加入购物车' }).click();
    const sheet = sheetOf(page);
    await expect(sheet).toBeVisible();
    await pickSku(sheet);
    await wholeOnScreen(sheet.getByRole('button', { name: '加入购物车' }));
    await fitsScreen(page);
    await shot(page, 'phone-goods-sheet-375');
    await sheet.getByRole('button', { name: '加入购物车' }).click();
    await expectToastClearOfSearch(page, /已加入购物车/);
    await expect(sheet).toBeHidden();
    await expect(bar(page).getByRole('link', { name: '购物车，1 件商品' })).toBeVisible();

    await bar(page).getByRole('button', { name: '立即购买' }).click();
    await expect(sheet).toBeVisible();
    await pickSku(sheet);
    await expect(sheet.getByRole('button', { name: '加入购物车' })).toHaveCount(0);
    await sheet.getByRole('button', { name: '立即购买' }).click();
    await expect(page).toHaveURL(/\/checkout\?skuId=\d+&quantity=1$/);
  });
});

test('at 1440 the PC goods detail is unchanged: BuyBox beside the gallery, no phone bar', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const [id] = await bestSellerIds(page.request);
  await page.goto(`/goodsDetail?id=${id}`);
  await expect(page.getByTestId('gallery-main')).toBeVisible();
  await expect(page.getByRole('region', { name: '购买操作' })).toHaveCount(0);
  const gallery = await page.getByTestId('gallery-main').boundingBox();
  const title = await page.getByRole('heading', { level: 1 }).boundingBox();
  expect(Math.round(gallery!.width)).toBeGreaterThanOrEqual(420);
  expect(title!.x).toBeGreaterThan(gallery!.x + gallery!.width);
  await shot(page, 'phone-goods-pc-1440');
});

test('between 768 and 1199 px the PC goods detail does not overflow', async ({ page }) => {
  const [id] = await bestSellerIds(page.request);
  for (const width of [800, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/goodsDetail?id=${id}`);
    await expect(page.getByTestId('gallery-main')).toBeVisible();
    const [right, what] = await page.getByRole('main').evaluate((el) => {
      const widest = [...el.querySelectorAll('*')].reduce<Element>((a, e) => (e.getBoundingClientRect().right > a.getBoundingClientRect().right ? e : a), el);
      return [widest.getBoundingClientRect().right, `${widest.tagName}.${widest.className}`] as const;
    });
    expect(right, `at ${width} ${what} reaches x = ${right}px`).toBeLessThanOrEqual(width);
    await shot(page, `phone-goods-pc-${width}`);
  }
});
