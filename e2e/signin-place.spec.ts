import { expect, test, type Page } from '@playwright/test';
import { DEMO, fillPasswordLogin, lastSmsCode, newMobile, shot, storedItem, withPlainLandingPages } from './support/mall.ts';
import { apiSignIn, bestSellerIds, signUpMember, type Member } from './support/member.ts';

/**
 * Sign-in that keeps the buyer's place (issue 11), at a PC's and a phone's width: 加入购物车 while
 * signed out → 去登录 → back on the goods; 106 on 我的收藏 → the page behind asks to sign in → back
 * there after an SMS sign-in; a new number signs up, completes /register (a common password refused
 * beside its field, consent required) and is back on the goods; 忘记密码 by code ends old sessions;
 * the agreements are readable. No page is wider than the phone.
 */
const WIDTHS = [
  { name: 'PC', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 375, height: 812 } },
] as const;

const visible = (page: Page, name: RegExp | string) => page.getByRole('button', { name }).filter({ visible: true }).first();

async function fitsScreen(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

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

/** 获取验证码 for 忘记密码; the sign-up's own code may still hold the number's 60 s interval, shown under 手机号. */
async function askResetCode(form: ReturnType<Page['getByRole']>) {
  const sent = form.getByText('如该手机号已注册，验证码已发送，5 分钟内有效');
  const wait = form.getByText(/验证码发送过于频繁，请 \d+ 秒后再试/);
  await form.getByRole('button', { name: '获取验证码' }).click();
  await expect(sent.or(wait).first()).toBeVisible();
  if (await sent.isVisible()) return;
  const seconds = Number((await wait.textContent())!.match(/\d+/)![0]);
  await form.page().waitForTimeout(seconds * 1000 + 500);
  await form.getByRole('button', { name: '获取验证码' }).click();
  await expect(sent).toBeVisible();
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

/**
 * The members who reset their password, signed up when the file starts: their sign-up code holds the
 * number's 60 s interval, which has mostly run out by the time the reset tests ask for a code.
 */
const resetMembers: Record<string, Member> = {};
test.beforeAll(async ({ request }) => {
  for (const { name } of WIDTHS) resetMembers[name] = await signUpMember(request, `r${name.length}`);
});

for (const { name, viewport } of WIDTHS) {
  test.describe(`sign-in keeps the buyer's place (${name})`, () => {
    test.use({ viewport });

    test('加入购物车 while signed out → 去登录 → signed in → back on the goods', async ({ page }) => {
      const [id] = await bestSellerIds(page.request);
      await page.goto(`/goodsDetail?id=${id}`);
      await visible(page, /加入购物车/).click();
      await page.getByRole('dialog', { name: '登录提示' }).getByRole('button', { name: '去登录' }).click();
      await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(`/goodsDetail?id=${id}`)}`);
      await fitsScreen(page);
      await shot(page, `signin-place-login-${name}`);
      await fillPasswordLogin(page, DEMO.username, DEMO.password);
      await onGoods(page, id!);
      expect(await storedItem(page, 'accessToken')).toBeTruthy();
    });

    test('106 on 我的收藏: the page asks to sign in, the code tab asks for consent, and after signing in the buyer is back there', async ({ page }) => {
      const member = await signUpMember(page.request, 'fav');
      // The server does not know the buyer (106) when the list loads.
      await page.route('**/member/goods/favorite/page**', (route) =>
        route.fulfill({ json: { code: 106, message: '用户未登录', data: null, success: false } }),
      );
      await page.goto('/login?redirect=%2Fuser%2Fmember%2Ffavorites');
      await fillPasswordLogin(page, member.username, member.password);
      await expect(page).toHaveURL('/user/member/favorites');
      const dialog = page.getByRole('dialog', { name: '登录提示' });
      await expect(dialog).toBeVisible();
      // The page behind says why.
      await expect(page.getByText('请先登录')).toHaveCount(1);
      await expect(page.getByText('请先登录')).toBeVisible();
      await expect(page.getByText('网络或服务器出了点问题')).toHaveCount(0);
      expect(await storedItem(page, 'accessToken')).toBeNull();
      await shot(page, `signin-place-106-${name}`);
      await dialog.getByRole('button', { name: '去登录' }).click();
      await expect(page).toHaveURL('/login?redirect=%2Fuser%2Fmember%2Ffavorites');
      await page.unroute('**/member/goods/favorite/page**');

      // Signing in (or up) by code asks for consent first, beside the box, before anything is sent.
      await page.getByRole('tab', { name: '短信登录' }).click();
      const sms = page.getByRole('tabpanel', { name: '短信登录' });
      await sms.getByLabel('手机号').fill(member.mobile);
      await sms.getByLabel('验证码').fill('123456');
      await sms.getByRole('button', { name: '登录 / 注册' }).click();
      await expect(sms.getByText('请先阅读并同意《用户协议》和《隐私政策》')).toBeVisible();
      await fitsScreen(page);
      await shot(page, `signin-place-consent-${name}`);
      // (The member's sign-up code still holds the number's 60 s interval: back in by password.)
      await fillPasswordLogin(page, member.username, member.password);
      await expect(page).toHaveURL('/user/member/favorites');
      await expect(page.getByText('请先登录')).toHaveCount(0);
    });

    test('a new number signs up from the goods, completes /register and is back on the goods', async ({ page }) => {
      const [, id] = await bestSellerIds(page.request);
      const mobile = newMobile();
      await page.goto(`/goodsDetail?id=${id}`);
      await visible(page, /加入购物车/).click();
      await page.getByRole('dialog', { name: '登录提示' }).getByRole('button', { name: '去登录' }).click();
      // 免费注册 on the password tab leads to the code sign-up.
      await page.getByRole('button', { name: '免费注册' }).click();
      await smsSignIn(page, mobile);
      await expect(page).toHaveURL(`/register?redirect=${encodeURIComponent(`/goodsDetail?id=${id}`)}`);

      await page.getByLabel('用户名').fill(`s${mobile.slice(-9)}`);
      await page.getByLabel('密码', { exact: true }).fill('12345678');
      await page.getByLabel('确认密码').fill('12345678');
      await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
      await page.getByRole('button', { name: '完成注册' }).click();
      // The common password is refused beside its own field, and stays there.
      const passwordItem = page.locator('.ant-form-item').filter({ has: page.getByLabel('密码', { exact: true }) });
      await expect(passwordItem.getByText('密码过于常见，容易被猜中，请换一个')).toBeVisible();
      await page.waitForTimeout(3_500);
      await expect(passwordItem.getByText('密码过于常见，容易被猜中，请换一个')).toBeVisible();
      await fitsScreen(page);
      await shot(page, `signin-place-register-${name}`);

      await page.getByLabel('密码', { exact: true }).fill('Harbour#Lights2026');
      await page.getByLabel('确认密码').fill('Harbour#Lights2026');
      await page.getByRole('button', { name: '完成注册' }).click();
      await onGoods(page, id!);
    });

    test('忘记密码 by a code to the bound mobile; the old sessions are over', async ({ page }) => {
      test.setTimeout(120_000); // may wait out the sign-up code's 60 s interval
      const member = resetMembers[name]!;
      const oldToken = await apiSignIn(page.request, member);
      await page.goto('/login');
      await page.getByRole('button', { name: '忘记密码？' }).click();
      const form = page.getByRole('form', { name: '找回密码' });
      await form.getByLabel('手机号').fill(member.mobile);
      await askResetCode(form);
      await form.getByLabel('验证码').fill(await lastSmsCode(page.request, member.mobile));
      await form.getByLabel('新密码', { exact: true }).fill('password');
      await form.getByLabel('确认新密码').fill('password');
      await form.getByRole('button', { name: '重置密码' }).click();
      await expect(form.getByText('密码过于常见，容易被猜中，请换一个')).toBeVisible();
      await fitsScreen(page);
      await shot(page, `signin-place-reset-${name}`);
      await form.getByLabel('新密码', { exact: true }).fill('Willow#River2026');
      await form.getByLabel('确认新密码').fill('Willow#River2026');
      await form.getByRole('button', { name: '重置密码' }).click();
      await expect(page.getByText('密码已重置，所有设备已退出登录，请使用新密码登录')).toBeVisible();

      const old = await page.request.get('/member/user/user/current', { headers: { Authorization: oldToken } });
      expect(((await old.json()) as { code: number }).code).toBe(105);
      await expect(page.getByPlaceholder('用户名 / 手机号')).toHaveValue(member.mobile);
      await page.getByPlaceholder('密码', { exact: true }).fill('Willow#River2026');
      await page.getByRole('tabpanel', { name: '密码登录' }).getByRole('button', { name: /登\s*录/ }).click();
      await expect(page).toHaveURL('/');
      expect(await storedItem(page, 'accessToken')).toBeTruthy();
    });

    test('《用户协议》 and 《隐私政策》 are readable', async ({ page }) => {
      await page.goto('/agreement/user');
      await expect(page).toHaveTitle(/^用户协议 - /);
      await expect(page.getByRole('heading', { name: '用户协议' })).toBeVisible();
      // (The console's spec may have set its own text on this server: any paragraph will do.)
      await expect(page.getByRole('article').locator('p').first()).toBeVisible();
      await articleFits(page);
      await shot(page, `agreement-user-${name}`);
      await page.getByRole('link', { name: '《隐私政策》' }).click();
      await expect(page.getByRole('heading', { name: '隐私政策' })).toBeVisible();
      await expect(page.getByRole('article').locator('p').first()).toBeVisible();
      await articleFits(page);
    });
  });
}

test.describe('toasts stay with their page', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

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
