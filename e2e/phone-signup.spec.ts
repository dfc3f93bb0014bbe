import { expect, test, type Page } from '@playwright/test';
import { expectPageFitsScreen, PHONE } from './support/phone.ts';
import { DEMO, lastSmsCode, newMobile, shot } from './support/mall.ts';
import { approvedDistributor, classicGoods, shareLink } from './support/distribution-kit.ts';

/**
 * Signing up from a shared goods link on a phone (375 × 667): the SMS code signs the new number in, and
 * /register completes the account with a suggested free username, one password with an eye, and
 * 完成注册 on screen without scrolling; then home (spec §2). At 1440 the same step, and a taken username
 * answered with a free one to use.
 */

/** 短信登录 of a new number on /login. */
async function smsSignUp(page: Page, mobile: string) {
  await page.getByRole('tab', { name: '短信登录' }).click();
  const panel = page.getByRole('tabpanel', { name: '短信登录' });
  await panel.getByLabel('手机号').fill(mobile);
  await panel.getByRole('button', { name: '获取验证码' }).click();
  await expect(panel.getByRole('button', { name: /秒后重新获取/ })).toBeVisible();
  await panel.getByLabel('验证码').fill(await lastSmsCode(page.request, mobile));
  await panel.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
  await panel.getByRole('button', { name: '登录 / 注册' }).click();
}

/** The completion step as it opens: the suggested name, one password field whose eye shows and hides it. */
async function expectCompletionStep(page: Page, mobile: string) {
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { name: '完善账户信息' })).toBeVisible();
  await expect(page.getByLabel('用户名')).toHaveValue(new RegExp(`^buyer${mobile.slice(-4)}\\d*$`));
  await expect(page.locator('input[type=password]')).toHaveCount(1);
  await expect(page.getByLabel('确认密码')).toHaveCount(0);
  const password = page.getByLabel('密码', { exact: true });
  await password.fill('Harbour#Lights2026');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: '显示密码' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(password).toHaveValue('Harbour#Lights2026');
  await page.getByRole('button', { name: '隐藏密码' }).click();
  await expect(password).toHaveAttribute('type', 'password');
}

test.describe('signing up from a shared link on a phone (375 × 667)', () => {
  test.use(PHONE);

  test('shared goods link → 立即购买 → SMS code → completion with a suggested name → home', async ({ page }) => {
    test.setTimeout(120_000);
    const goods = await classicGoods(page.request, 3);
    const sharer = await approvedDistributor(page.request, '林晓', 'CLASSIC', 'psu');
    const { url } = await shareLink(page.request, sharer, goods.id, 'CLASSIC');
    const link = new URL(url);
    expect(link.pathname + link.search).toMatch(new RegExp(`^/goodsDetail\\?id=${goods.id}&share=`));

    await page.goto(link.pathname + link.search);
    await expect(page.getByText(/登录后将绑定分享人/)).toBeVisible();
    await page.getByRole('region', { name: '购买操作' }).getByRole('button', { name: '立即购买' }).click();
    await page.getByRole('dialog', { name: '登录提示' }).getByRole('button', { name: '去登录' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    const mobile = newMobile();
    await smsSignUp(page, mobile);

    await expectCompletionStep(page, mobile);
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    const finish = page.getByRole('button', { name: '完成注册' });
    await expect(finish).toBeInViewport({ ratio: 1 });
    await expectPageFitsScreen(page, '/register');
    await shot(page, 'phone-signup-register-375', { fold: true });
    // Scrolled to the top again, the button is still on screen (held at the bottom on a phone).
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(finish).toBeInViewport({ ratio: 1 });

    const username = await page.getByLabel('用户名').inputValue();
    await finish.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('phone-header')).toBeVisible();
    // The share was bound at sign-in; the new member holds the suggested name.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('member-pendingShare'))).toBeNull();
    const info = await page.evaluate(() => JSON.parse(localStorage.getItem('member-userInfo') ?? 'null') as { username: string; roles: string[] });
    expect(info).toMatchObject({ username, roles: ['member'] });
    await shot(page, 'phone-signup-home-375', { fold: true });
  });
});

test.describe('the completion step on a PC (1440)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('suggested name, one password with its eye; a taken name is answered with a free one', async ({ page }) => {
    const mobile = newMobile();
    await page.goto('/login?tab=sms');
    await smsSignUp(page, mobile);
    await expectCompletionStep(page, mobile);
    await expect(page.getByRole('button', { name: '完成注册' })).toBeInViewport({ ratio: 1 });
    await shot(page, 'phone-signup-register-1440');

    // A name another member holds: refused beside the field, with a free one to take.
    await page.getByLabel('用户名').fill(DEMO.username);
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await page.getByRole('button', { name: '完成注册' }).click();
    await expect(page.getByText('用户名已被占用')).toBeVisible();
    const alternative = page.getByTestId('username-alternative');
    await expect(alternative).toContainText(/可用：demo\w+/);
    await shot(page, 'phone-signup-taken-1440');
    await alternative.getByRole('button', { name: '使用这个' }).click();
    await expect(page.getByLabel('用户名')).toHaveValue(/^demo\w+$/);
    await expect(page.getByText('用户名已被占用')).toHaveCount(0);
    await page.getByRole('button', { name: '完成注册' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('header-member')).toBeVisible();
  });
});
