import { expect, test, type Page } from '@playwright/test';
import { expectPageFitsScreen, PHONE } from './support/phone.ts';
import { shot } from './support/mall.ts';
import { bestSellerIds } from './support/member.ts';
import { addAddress, newBuyer, placeOrder } from './support/order-kit.ts';

/**
 * A phone's title bar, at 375 × 667 on a phone: the goods page, checkout, the cashier and the member
 * pages show a back arrow and the page's title instead of the logo and the search box; back returns to
 * the page before, or (a page opened straight from a link) to its parent. The home keeps the logo and
 * the search.
 */

const titleBar = (page: Page) => page.getByTestId('phone-title-bar');
const backArrow = (page: Page) => titleBar(page).getByRole('button', { name: '返回' });

async function expectTitled(page: Page, title: string) {
  await expect(titleBar(page)).toBeVisible();
  await expect(titleBar(page)).toHaveText(title);
  await expect(backArrow(page)).toBeInViewport({ ratio: 1 });
  // No logo and no search box up there.
  await expect(page.getByTestId('phone-header')).toHaveCount(0);
  await expect(page.locator('header img')).toHaveCount(0);
  await expect(page.locator('header').getByRole('combobox')).toHaveCount(0);
  await expectPageFitsScreen(page, title);
}

async function expectLogoAndSearch(page: Page) {
  await expect(page.getByTestId('phone-header')).toBeVisible();
  await expect(page.getByTestId('phone-header').getByRole('combobox')).toBeVisible();
  await expect(page.getByTestId('phone-header').locator('img')).toBeVisible();
  await expect(titleBar(page)).toHaveCount(0);
}

/** Chooses the first available value of every spec group not chosen yet. */
async function pickSku(page: Page) {
  for (const group of await page.getByRole('radiogroup').filter({ visible: true }).all()) {
    if ((await group.locator('[role=radio][aria-checked=true]').count()) === 0)
      await group.locator('[role=radio]:not([disabled])').first().click();
  }
}

test.describe('the phone title bar (375 × 667, a phone)', () => {
  test.use(PHONE);

  test('goods, checkout, the cashier and a member page: title and back; the home keeps logo and search', async ({ page }) => {
    test.setTimeout(120_000);
    const buyer = await newBuyer(page, 'tb');
    const addressId = await addAddress(page.request, buyer.token);

    await page.goto('/');
    await expect(page.getByTestId('goods-card').first()).toBeVisible();
    await expectLogoAndSearch(page);
    await shot(page, 'phone-title-bar-home-375', { fold: true });

    // The goods page: 商品详情; back returns home.
    await page.getByTestId('goods-card').first().click();
    await expect(page).toHaveURL(/\/goodsDetail\?id=\d+/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectTitled(page, '商品详情');
    await expect(titleBar(page).getByRole('link', { name: '首页' })).toBeVisible();
    await shot(page, 'phone-title-bar-goods-375', { fold: true });
    const goodsUrl = page.url();
    await backArrow(page).click();
    await expect(page).toHaveURL(/\/$/);
    await expectLogoAndSearch(page);

    // Checkout from 立即购买: 确认订单; back returns to the goods.
    await page.goto(goodsUrl);
    await pickSku(page);
    await page.getByRole('region', { name: '购买操作' }).getByRole('button', { name: '立即购买' }).click();
    const sheet = page.getByRole('dialog').filter({ has: page.getByRole('radiogroup') });
    if (await sheet.isVisible().catch(() => false)) {
      await pickSku(page);
      await sheet.getByRole('button', { name: /立即购买|确\s*定/ }).click();
    }
    await expect(page).toHaveURL(/\/checkout\?skuId=\d+&quantity=\d+/);
    await expect(page.getByTestId('checkout-page')).toBeVisible();
    await expectTitled(page, '确认订单');
    await shot(page, 'phone-title-bar-checkout-375', { fold: true });
    await backArrow(page).click();
    await expect(page).toHaveURL(goodsUrl);
    await expect(titleBar(page)).toHaveText('商品详情');

    // The cashier opened straight from a link (no earlier page in the app): 收银台; back leads to 我的订单.
    const [id] = await bestSellerIds(page.request);
    const orderNo = await placeOrder(page.request, buyer.token, id!, addressId);
    await page.goto(`/payment?orderNo=${orderNo}`);
    await expect(page.getByRole('button', { name: /去支付/ })).toBeVisible();
    await expectTitled(page, '收银台');
    await shot(page, 'phone-title-bar-payment-375', { fold: true });
    await backArrow(page).click();
    await expect(page).toHaveURL(/\/user\/order\/myOrder$/);
    await expectTitled(page, '我的订单');
    await expect(page.getByText(orderNo).first()).toBeVisible();
    await shot(page, 'phone-title-bar-my-order-375', { fold: true });

    // A member page from 我的: 收货地址 (no 「‹ 我的」 link any more, the arrow is the way); back returns to 我的.
    await page.getByRole('navigation', { name: '底部导航' }).getByRole('link', { name: '我的' }).click();
    await expect(page).toHaveURL(/\/user$/);
    await expectLogoAndSearch(page);
    await page.getByTestId('member-home').getByRole('link', { name: '收货地址' }).click();
    await expect(page).toHaveURL(/\/user\/member\/address$/);
    await expectTitled(page, '收货地址');
    await expect(page.getByText('赵敏').first()).toBeVisible();
    await expect(page.getByRole('link', { name: '我的', exact: true })).toHaveCount(1); // the tab bar's only
    await shot(page, 'phone-title-bar-address-375', { fold: true });
    await backArrow(page).click();
    await expect(page).toHaveURL(/\/user$/);
  });

  test('a goods link opened in a new tab: back leads home', async ({ page }) => {
    const [id] = await bestSellerIds(page.request);
    await page.goto(`/goodsDetail?id=${id}`);
    await expectTitled(page, '商品详情');
    await backArrow(page).click();
    await expect(page).toHaveURL(/\/$/);
    await expectLogoAndSearch(page);
  });
});

test.describe('the PC (1440) keeps its header', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the goods page has the logo, the nav and the search, no title bar', async ({ page }) => {
    const [id] = await bestSellerIds(page.request);
    await page.goto(`/goodsDetail?id=${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('header img').first()).toBeVisible();
    await expect(page.locator('header').getByRole('link', { name: '商品分类' })).toBeVisible();
    await expect(titleBar(page)).toHaveCount(0);
  });
});
