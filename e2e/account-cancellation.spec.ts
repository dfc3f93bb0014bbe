import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectSignedIn, fillPasswordLogin, lastSmsCode, shot } from './support/mall.ts';
import { apiSignIn, bestSellerIds, signUpMember } from './support/member.ts';
import { addAddress, asMember, asOps, newBuyer, placeOrder } from './support/order-kit.ts';
import { expectPageFitsScreen, PHONE } from './support/phone.ts';
import { setting, saveSetting } from './support/distribution-kit.ts';
import { signInToConsole } from './support/console.ts';
import { intervalLeft } from './support/sign-in-kit.ts';

/**
 * 注销账号 in 账户安全 at 1440 and on a 375 px phone: the member sees what will be erased and kept, is
 * refused while an order is unpaid, cancels that order, confirms with the SMS code, is signed out, signs
 * in again and is offered 撤销注销, takes it back and uses the shop. The console shows a member whose
 * cooling-off has passed as 已注销 with nothing to restore (the cooling-off is set to 0 days over the
 * ops API for that one request and put back at once; the server's sweeper erases it within seconds).
 * Rules (each refusal, the code's lockout, the erasure over every table) are the server's tests.
 */

const card = (page: Page) => page.getByTestId('cancellation-card');

async function shotAround(page: Page, target: ReturnType<Page['getByTestId']>, name: string) {
  await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shot(page, name, { fold: true });
}

async function journey(page: Page, width: number, tag: string) {
  const signedUpAt = Date.now();
  const me = await newBuyer(page, tag);
  const addressId = await addAddress(page.request, me.token, '注销测试');
  const [goodsId] = await bestSellerIds(page.request);
  const orderNo = await placeOrder(page.request, me.token, goodsId!, addressId);

  // Before: what will be erased and kept; refused while the order is unpaid.
  await page.goto('/user/member/settings');
  await expect(card(page).getByRole('heading', { name: '将被删除' })).toBeVisible();
  await expect(card(page).getByTestId('cancellation-erased')).toContainText('收货地址、实名信息');
  await expect(card(page).getByTestId('cancellation-kept')).toContainText('订单与售后记录保存 3 年');
  await expect(card(page)).toContainText('7 天');
  const blockers = card(page).getByTestId('cancellation-blockers');
  await expect(blockers).toContainText('1 笔待付款订单（请付款或取消订单）');
  await expect(card(page).getByTestId('cancellation-open')).toBeDisabled();
  if (width === 375) await expectPageFitsScreen(page, '注销账号 refused');
  await shotAround(page, width === 375 ? blockers : card(page), `account-cancellation-refused-${width}`);

  // The order cancelled, the request goes ahead with the SMS code.
  await asMember(page.request, me.token, '/member/order/order/cancel', { orderNo });
  await page.reload();
  await expect(card(page).getByTestId('cancellation-blockers')).toHaveCount(0);
  await card(page).getByTestId('cancellation-open').click();
  const dialog = page.getByRole('dialog', { name: '确认注销账号' });
  await expect(dialog.getByTestId('cancellation-mobile')).toHaveText(`${me.mobile.slice(0, 3)}****${me.mobile.slice(-4)}`);
  // One code per number a minute: the sign-up's code was sent moments ago.
  await page.waitForTimeout(intervalLeft(signedUpAt));
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(dialog.getByRole('button', { name: /秒后重新获取/ })).toBeVisible();
  const code = await lastSmsCode(page.request, me.mobile);
  await dialog.getByPlaceholder('6 位验证码').fill(code);
  await dialog.getByRole('button', { name: /确认注销/ }).click();
  await expect(dialog.getByText('请确认您已了解注销的后果')).toBeVisible();
  await dialog.getByRole('checkbox').check();
  await expect(dialog.getByText('请确认您已了解注销的后果')).toHaveCount(0);
  if (width === 375) await expectPageFitsScreen(page, '确认注销账号');
  await shot(page, `account-cancellation-confirm-${width}`, { fold: true });
  await dialog.getByRole('button', { name: /确认注销/ }).click();

  // Signed out, told when the account goes and how to take it back.
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId('login-notice')).toContainText('注销申请已提交，账号将于');
  await expect(page.getByTestId('login-notice')).toContainText('冷静期内登录可撤销注销');
  expect(await page.evaluate(() => localStorage.getItem('member-accessToken'))).toBeNull();

  // Signing in again offers 撤销注销.
  await fillPasswordLogin(page, me.username, me.password);
  const cancelling = page.getByRole('dialog', { name: '账号注销中' });
  await expect(cancelling.getByTestId('cancelling-message')).toHaveText(/^您的账号正在注销中，将于 \d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2} 注销；撤销注销后可继续使用$/);
  if (width === 375) await expectPageFitsScreen(page, '账号注销中');
  await shot(page, `account-cancellation-revoke-${width}`, { fold: true });
  await cancelling.getByRole('button', { name: '撤销注销' }).click();
  await expectSignedIn(page);

  // Normal use again: the settings page shows no request, and the cart works.
  await page.goto('/user/member/settings');
  await expect(card(page).getByTestId('cancellation-open')).toBeEnabled();
  await page.goto('/cart');
  await expect(page).toHaveURL(/\/cart$/);
  const cart = await page.request.get('/member/trade/cart/list', {
    headers: { Authorization: JSON.parse((await page.evaluate(() => localStorage.getItem('member-accessToken')))!) as string },
  });
  expect(((await cart.json()) as { code: number }).code).toBe(0);
}

test.describe('注销账号 at 1440', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('sees what is erased, refused while an order is unpaid, confirms by SMS, takes it back at sign-in', async ({ page }) => {
    test.setTimeout(180_000);
    await journey(page, 1440, 'acpc');
  });

  test('the console shows a member whose cooling-off passed as 已注销, with nothing to restore', async ({ page, request }) => {
    test.setTimeout(180_000);
    const id = await cancelledMember(request);
    await signInToConsole(page);
    await page.goto(`/admin/members?keyword=${id}`);
    const row = page.getByRole('row').filter({ hasText: '已注销用户' });
    await expect(row).toContainText('已注销');
    await expect(row).toContainText('个人信息已删除');
    await expect(row.getByRole('button', { name: '启用' })).toHaveCount(0);
    await row.getByRole('button', { name: '详情' }).click();
    const drawer = page.getByRole('dialog', { name: '会员详情' });
    await expect(drawer.getByTestId('member-cancellation-note')).toContainText('该会员已注销');
    await expect(drawer.getByTestId('member-cancellation-note')).toContainText('无法恢复');
    await expect(drawer.getByRole('button', { name: /启用会员|禁用会员/ })).toHaveCount(0);
    await shot(page, 'account-cancellation-console-1440', { fold: true });
  });
});

test.describe('注销账号 on a phone', () => {
  test.use({ ...PHONE });

  test('the same journey at 375', async ({ page }) => {
    test.setTimeout(180_000);
    await journey(page, 375, 'acph');
  });
});

/**
 * A member who asked to cancel with the cooling-off at 0 days (the setting put back at once), erased by
 * the server's own sweeper within its 30 s round; answers the member's id.
 */
async function cancelledMember(request: APIRequestContext): Promise<string> {
  const signedUpAt = Date.now();
  const m = await signUpMember(request, 'acgone');
  const token = await apiSignIn(request, m);
  const { id } = await asMember<{ id: string }>(request, token, '/member/user/user/current');
  await new Promise((r) => setTimeout(r, intervalLeft(signedUpAt)));
  await asMember(request, token, '/member/user/security/sendCode', { purpose: 'cancelAccount' });
  const code = await lastSmsCode(request, m.mobile);
  const days = await setting<number>(request, 'cancellationCoolingDays');
  await saveSetting(request, 'cancellationCoolingDays', 0);
  try {
    await asMember(request, token, '/member/user/cancellation/apply', { smsCode: code });
  } finally {
    await saveSetting(request, 'cancellationCoolingDays', days);
  }
  await expect
    .poll(async () => (await asOps<{ status: string }>(request, `/ops/member/detail?memberId=${id}`)).status, {
      timeout: 75_000,
      intervals: [1_000, 2_000],
    })
    .toBe('cancelled');
  return id;
}
