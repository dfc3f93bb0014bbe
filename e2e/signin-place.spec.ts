import { expect, test, type Page } from '@playwright/test';
import {
  DEMO,
  fillPasswordLogin,
  lastSmsCode,
  newMobile,
  shot,
  storedItem,
  withPlainLandingPages,
} from './support/mall.ts';
import { bestSellerIds } from './support/member.ts';
import { fitsScreen } from './support/sign-in-kit.ts';

/**
 * Sign-in that keeps the buyer's place: 加入购物车 while signed out → 去登录 → back on the goods, at a PC's
 * and a phone's width; then at the phone's width, where the forms must fit: 106 on 我的收藏 → the page
 * behind asks to sign in → back there; a new number signs up from the goods, completes /register (a
 * common password refused beside its field, consent required) and goes home, as spec §2 says; the
 * agreements are readable. No page is wider than the phone. (The same forms at a PC's width, and 忘记密码 at the
 * phone's: auth.spec.ts; their rules: apps/server/src/modules/accounts.)
 */
const PC = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };

const visible = (page: Page, name: RegExp | string) =>
  page.getByRole('button', { name }).filter({ visible: true }).first();

/** The agreement itself fits the screen (the shop's header around it is the phone layout's concern). */
async function articleFits(page: Page) {
  const box = await page.getByRole('article').boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(await page.getByRole('article').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
}

/** The goods page is open (its buy button is on screen at either width). */
async function onGoods(page: Page, id: number) {
  await expect(page).toHaveURL(`/goodsDetail?id=${id}`);
  await expect(visible(page, /加入购物车/)).toBeVisible();
}

async function smsSignIn(page: Page, mobile: string) {
  await page.getByRole('tab', { name: '短信登录' }).click();
  const panel = page.getByRole('tabpanel', { name: '短信登录' });
  await panel.getByLabel('手机号').fill(mobile);
  await panel.getByRole('button', { name: '获取验证码' }).click();
  await expect(panel.getByRole('button', { name: /秒后重新获取/ })).toBeVisible();
  await panel.getByLabel('验证码').fill(await lastSmsCode(page.request, mobile));
  await panel.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await panel.getByRole('button', { name: '登录 / 注册' }).click();
}

test.describe("sign-in keeps the buyer's place (PC)", () => {
  test.use({ viewport: PC });

  test('加入购物车 while signed out → 去登录 → signed in → back on the goods', async ({ page }) => {
    const [id] = await bestSellerIds(page.request);
    await page.goto(`/goodsDetail?id=${id}`);
    await visible(page, /加入购物车/).click();
    await page.getByRole('dialog', { name: '登录提示' }).getByRole('button', { name: '去登录' }).click();
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(`/goodsDetail?id=${id}`)}`);
    await fitsScreen(page);
    await shot(page, `signin-place-login-PC`);
    await fillPasswordLogin(page, DEMO.username, DEMO.password);
    await onGoods(page, id!);
    expect(await storedItem(page, 'accessToken')).toBeTruthy();
  });
});

test.describe('toasts stay with their page', () => {
  test.use({ viewport: PC });

  test('a request toast on one page is closed on moving to the next', async ({ page }) => {
    await withPlainLandingPages(page);
    await page.route('**/member/goods/getGoodsSalesList/6', (route) =>
      route.fulfill({ json: { code: 500, message: '系统繁忙，请稍后再试', data: null, success: false } }),
    );
    await page.goto('/');
    const toast = page.locator('.ant-message').getByText('系统繁忙，请稍后再试');
    await expect(toast).toBeVisible();
    await page.getByRole('link', { name: '登录', exact: true }).first().click();
    await expect(page).toHaveURL('/login');
    // Gone at once, well before antd's 3 s would close it.
    await expect(toast).toHaveCount(0, { timeout: 1_000 });
  });
});

test.describe("sign-in keeps the buyer's place (phone)", () => {
  test.use({ viewport: PHONE });

  test('106 on 我的收藏: the page asks to sign in, the code tab asks for consent, and after signing in the buyer is back there', async ({
    page,
  }) => {
    // The server does not know the buyer (106) when the list loads.
    await page.route('**/member/goods/favorite/page**', (route) =>
      route.fulfill({ json: { code: 106, message: '用户未登录', data: null, success: false } }),
    );
    await page.goto('/login?redirect=%2Fuser%2Fmember%2Ffavorites');
    await fillPasswordLogin(page, DEMO.username, DEMO.password);
    await expect(page).toHaveURL('/user/member/favorites');
    const dialog = page.getByRole('dialog', { name: '登录提示' });
    await expect(dialog).toBeVisible();
    // The page behind says why.
    await expect(page.getByText('请先登录')).toHaveCount(1);
    await expect(page.getByText('请先登录')).toBeVisible();
    await expect(page.getByText('网络或服务器出了点问题')).toHaveCount(0);
    expect(await storedItem(page, 'accessToken')).toBeNull();
    await shot(page, 'signin-place-106-phone');
    await dialog.getByRole('button', { name: '去登录' }).click();
    await expect(page).toHaveURL('/login?redirect=%2Fuser%2Fmember%2Ffavorites');
    await page.unroute('**/member/goods/favorite/page**');

    // Signing in (or up) by code asks for consent first, beside the box, before anything is sent.
    await page.getByRole('tab', { name: '短信登录' }).click();
    const sms = page.getByRole('tabpanel', { name: '短信登录' });
    await sms.getByLabel('手机号').fill(newMobile());
    await sms.getByLabel('验证码').fill('123456');
    await sms.getByRole('button', { name: '登录 / 注册' }).click();
    await expect(sms.getByText('请先阅读并同意《用户协议》和《隐私政策》')).toBeVisible();
    await fitsScreen(page);
    await shot(page, 'signin-place-consent-phone');
    await fillPasswordLogin(page, DEMO.username, DEMO.password);
    await expect(page).toHaveURL('/user/member/favorites');
    await expect(page.getByText('请先登录')).toHaveCount(0);
  });

  test('加入购物车 while signed out → 去登录 → a new number signs up, completes /register and goes home (spec §2)', async ({
    page,
  }) => {
    const [, id] = await bestSellerIds(page.request);
    const mobile = newMobile();
    await page.goto(`/goodsDetail?id=${id}`);
    await visible(page, /加入购物车/).click();
    await page.getByRole('dialog', { name: '登录提示' }).getByRole('button', { name: '去登录' }).click();
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(`/goodsDetail?id=${id}`)}`);
    await fitsScreen(page);
    await shot(page, 'signin-place-login-phone');
    // 免费注册 on the password tab leads to the code sign-up.
    await page.getByRole('button', { name: '免费注册' }).click();
    await smsSignIn(page, mobile);
    await expect(page).toHaveURL('/register');

    await page.getByLabel('用户名').fill(`s${mobile.slice(-9)}`);
    await page.getByLabel('密码', { exact: true }).fill('12345678');
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await page.getByRole('button', { name: '完成注册' }).click();
    // The common password is refused beside its own field, not in a passing toast, and stays there while
    // the buyer works on other fields, until the password itself is changed.
    const passwordItem = page.locator('.ant-form-item').filter({ has: page.getByLabel('密码', { exact: true }) });
    const refusal = passwordItem.getByText('密码过于常见，容易被猜中，请换一个');
    await expect(refusal).toBeVisible();
    await expect(page.locator('.ant-message').getByText('密码过于常见，容易被猜中，请换一个')).toHaveCount(0);
    await fitsScreen(page);
    await shot(page, 'signin-place-register-phone');
    await page.getByLabel('昵称').fill('小海');
    await expect(refusal).toBeVisible();

    await page.getByLabel('密码', { exact: true }).fill('Harbour#Lights2026');
    await expect(refusal).toHaveCount(0);
    await page.getByRole('button', { name: '完成注册' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('phone-header')).toBeVisible();
  });

  test('《用户协议》 and 《隐私政策》 are readable', async ({ page }) => {
    await page.goto('/agreement/user');
    await expect(page).toHaveTitle(/^用户协议 - /);
    await expect(page.getByRole('heading', { name: '用户协议' })).toBeVisible();
    // (The console's spec may have set its own text on this server: any paragraph will do.)
    await expect(page.getByRole('article').locator('p').first()).toBeVisible();
    await articleFits(page);
    await shot(page, 'agreement-user-phone');
    await page.getByRole('link', { name: '《隐私政策》' }).click();
    await expect(page.getByRole('heading', { name: '隐私政策' })).toBeVisible();
    await expect(page.getByRole('article').locator('p').first()).toBeVisible();
    await articleFits(page);
  });
});
