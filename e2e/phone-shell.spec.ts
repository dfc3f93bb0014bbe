import { expectPageFitsScreen } from './support/phone.ts';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, shot, signInAsDemo } from './support/mall.ts';
import { buyerRoutePatterns } from './support/a11y.ts';

/**
 * The phone shell, at 375 × 812: a compact top bar with the search box, the bottom tab bar
 * 首页 / 分类 / 购物车 / 我的, 我的 as a list of the member area's pages, each with a title bar and back;
 * no page wider than the screen.
 * At 1440 the PC header is there and no tab bar.
 */

const fitsScreen = expectPageFitsScreen;

const tabBar = (page: Page) => page.getByRole('navigation', { name: '底部导航' });

test.describe('the phone shell (375 × 812)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('top bar search and the tab bar between 首页, 分类, 购物车 and 我的', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/');
    await expect(page.getByTestId('goods-card').first()).toBeVisible();
    await expect(page.getByTestId('phone-header')).toBeVisible();
    await expect(page.getByRole('link', { name: '登录' })).toHaveCount(0);
    await expect(tabBar(page).getByRole('link', { name: '首页' })).toHaveAttribute('aria-current', 'page');
    await fitsScreen(page, '/');
    await shot(page, 'phone-shell-home-375');

    // The top bar's search box searches as the PC one does.
    const search = page.getByTestId('phone-header').getByRole('combobox');
    await search.fill('手机');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/goodsList\?keyword=%E6%89%8B%E6%9C%BA/);
    await expect(page.getByTestId('goods-card').first()).toBeVisible();
    await fitsScreen(page, '/goodsList?keyword=手机');

    await tabBar(page).getByRole('link', { name: '分类' }).click();
    await expect(page).toHaveURL(/\/goodsList$/);
    await expect(tabBar(page).getByRole('link', { name: '分类' })).toHaveAttribute('aria-current', 'page');

    // Signed out, 我的 and 购物车 ask to sign in and come back.
    await tabBar(page).getByRole('link', { name: '我的' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fuser$/);
    await page.getByRole('tab', { name: '密码登录' }).click();
    await page.getByPlaceholder('用户名 / 手机号').fill(DEMO.username);
    await page.getByPlaceholder('密码', { exact: true }).fill(DEMO.password);
    await page.getByRole('tabpanel', { name: '密码登录' }).getByRole('button', { name: /登\s*录/ }).click();
    await expect(page).toHaveURL(/\/user$/);

    // 我的: the member, orders by state, every page of the member area.
    const home = page.getByTestId('member-home');
    await expect(home.getByRole('heading', { name: '我的订单' })).toBeVisible();
    for (const entry of ['待付款', '待发货', '待收货', '待评价', '退款/售后', '收货地址', '账户安全', '我的收藏', '实名信息']) {
      await expect(home.getByRole('link', { name: entry })).toBeVisible();
    }
    await fitsScreen(page, '/user');
    await shot(page, 'phone-shell-member-home-375');
    await home.getByRole('link', { name: '收货地址' }).click();
    await expect(page).toHaveURL(/\/user\/member\/address$/);
    await expect(page.getByRole('navigation', { name: '会员中心菜单' })).toHaveCount(0);
    // A member page has the title bar: its title and a back arrow to 我的, no logo or search.
    const titleBar = page.getByTestId('phone-title-bar');
    await expect(titleBar).toHaveText('收货地址');
    await expect(page.getByTestId('phone-header')).toHaveCount(0);
    await titleBar.getByRole('button', { name: '返回' }).click();
    await expect(page).toHaveURL(/\/user$/);
    // Links read in the shop's purple (PRIMARY_STRONG), not the browser's blue.
    await expect(home.getByRole('link', { name: /全部订单/ })).toHaveCSS('color', 'rgb(123, 90, 152)');

    // The top bar's AI 助手 opens the assistant.
    await page.getByTestId('phone-header').getByRole('link', { name: 'AI 助手' }).click();
    await expect(page).toHaveURL(/\/ai\/chat$/);
    await expect(page.getByRole('heading', { level: 1, name: /AI 购物助手/ })).toBeVisible();
    await shot(page, 'phone-shell-assistant-375');
    await page.goBack();
    await expect(page).toHaveURL(/\/user$/);

    await tabBar(page).getByRole('link', { name: /购物车/ }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await fitsScreen(page, '/cart');
    await shot(page, 'phone-shell-cart-375');
  });

  test('every page of the member area fits the screen', async ({ page }) => {
    test.setTimeout(180_000);
    await signInAsDemo(page);
    const pages = buyerRoutePatterns().filter((p) => p.startsWith('/user/') && !p.includes(':'));
    expect(pages.length).toBeGreaterThan(10);
    for (const path of pages) {
      await page.goto(path);
      await expect(page.locator('main h2, main .ant-card, main .ant-empty, main .ant-result').first()).toBeVisible();
      // The title bar with the page's title (the document's title begins with it), no logo and search.
      await expect(page.getByTestId('phone-title-bar')).toHaveText((await page.title()).split(' - ')[0]!);
      await expect(page.getByTestId('phone-header')).toHaveCount(0);
      await fitsScreen(page, path);
      await shot(page, `phone-shell${path.replaceAll('/', '-')}-375`);
    }
  });
});

test('at 1440 the PC header, no tab bar; /user opens 个人资料', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsDemo(page);
  await expect(page.getByTestId('header-member')).toBeVisible();
  await expect(tabBar(page)).toHaveCount(0);

  // The account menu opens under the pointer and leads to its pages.
  const accountMenu = page.getByRole('list', { name: '账户菜单' });
  await expect(accountMenu).toBeHidden();
  await page.getByTestId('header-member').hover();
  await expect(accountMenu.getByRole('link')).toHaveText(['个人资料', '我的订单', '账户安全']);
  await shot(page, 'phone-shell-account-menu-1440');
  await accountMenu.getByRole('link', { name: '我的订单' }).click();
  await expect(page).toHaveURL(/\/user\/order\/myOrder$/);

  // The search box's completions by keyboard: ↓ picks the first, Enter searches it.
  const box = page.getByRole('combobox', { name: '搜索商品' });
  await box.click();
  await box.pressSequentially('shouj', { delay: 40 });
  const suggestions = page.getByRole('listbox', { name: '搜索建议' });
  await expect(suggestions.getByRole('option').first()).toBeVisible();
  await box.press('ArrowDown');
  const first = suggestions.getByRole('option').first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  const word = (await first.textContent())!;
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/goodsList\\?keyword=${encodeURIComponent(word)}$`));
  await expect(suggestions).toBeHidden();

  await page.goto('/user');
  await expect(page).toHaveURL(/\/user\/member\/profile$/);
  await expect(page.getByRole('navigation', { name: '会员中心菜单' })).toBeVisible();
});
