import { expect, test, type Page } from '@playwright/test';
import { fillPasswordLogin, expectSignedIn, shot, signInAsDemo } from './support/mall.ts';
import { signUpMember } from './support/member.ts';
import { expectPageFitsScreen } from './support/phone.ts';

/**
 * 优惠券 in Chromium (issue 12). At 1440 px the demo member claims the 爆款 coupon in a goods detail's
 * 领券 popover; the checkout applies it (the 优惠券 row, payable lower by exactly the server's discount
 * against 不使用优惠券), the order is paid, and 我的优惠券 shows the coupon under 已使用 with the order.
 * The 领券中心 (/couponGoodsList): a visitor's 立即领取 asks to sign in; a new member claims and sees
 * 已领取, kept after a reload, and the coupon in 未使用. At 375 px the coupon screens fit the phone.
 */

const fenOf = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
const GOODS_COUPON = '爆款8.5折券';

/** A best seller (not the trade walkthrough's top one) whose detail offers the 爆款 coupon. */
async function goodsWithCoupon(page: Page): Promise<{ id: number; name: string }> {
  const best = (await (await page.request.get('/member/goods/getGoodsSalesList/6')).json()) as { data: { id: number; name: string }[] };
  for (const g of best.data.slice(1)) {
    const body = (await (await page.request.get(`/member/promotion/coupon/goods?goodsId=${g.id}`)).json()) as {
      data: { list: { name: string }[] };
    };
    if (body.data.list.some((c) => c.name === GOODS_COUPON)) return g;
  }
  throw new Error('no best seller offers the 爆款 coupon');
}

/** On the checkout page: adds an address through the inline form when the member has none. */
async function ensureAddress(page: Page) {
  await expect(page.getByTestId('checkout-page')).toBeVisible();
  if ((await page.getByTestId('checkout-address').count()) > 0) return;
  await page.getByRole('button', { name: /新增收货地址/ }).click();
  const dialog = page.getByRole('dialog', { name: '新增收货地址' });
  await dialog.getByLabel('收货人').fill('张三');
  await dialog.getByLabel('手机号').fill('13812345678');
  await dialog.getByLabel('所在地区').click();
  await page.locator('.ant-cascader-menu-item', { hasText: /^浙江省$/ }).click();
  await page.locator('.ant-cascader-menu-item', { hasText: /^杭州市$/ }).click();
  await page.locator('.ant-cascader-menu-item', { hasText: /^西湖区$/ }).click();
  await dialog.getByLabel('详细地址').fill('文三路 100 号 1 幢 201 室');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('checkout-address').first()).toHaveAttribute('aria-checked', 'true');
}

async function payable(page: Page): Promise<number> {
  return fenOf((await page.getByTestId('amount-payable').textContent())!);
}

test.describe('优惠券', () => {
  test.setTimeout(180_000);

  test('1440 px: claim on goods detail → the checkout applies it → paid → 已使用', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsDemo(page);
    const goods = await goodsWithCoupon(page);

    // The goods detail's 领券: the coupon is claimed in place and its button says 已领取.
    await page.goto(`/goodsDetail?id=${goods.id}`);
    await page.getByTestId('goods-coupons-open').click();
    const offered = page.getByTestId('goods-coupon').filter({ hasText: GOODS_COUPON });
    await expect(offered).toBeVisible();
    await offered.getByRole('button', { name: /立即领取/ }).click();
    await expect(page.getByText('领取成功')).toBeVisible();
    await expect(offered.getByTestId('coupon-claimed')).toHaveText('已领取');
    await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR ?? '/tmp/shots'}/coupons-goods-popover.png` });
    await page.getByTestId('goods-coupons-open').click();
    await expect(offered).toBeHidden();

    // Checkout (立即购买): the server applies the coupon; 不使用优惠券 and back shows exactly its discount.
    await page.getByRole('button', { name: /立即购买/ }).click();
    await expect(page).toHaveURL(/\/checkout\?skuId=\d+&quantity=1$/);
    await ensureAddress(page);
    const row = page.getByTestId('checkout-coupon-row');
    await expect(row).toContainText(GOODS_COUPON);
    const discount = fenOf(/-¥([\d.]+)/.exec(await row.innerText())![0]);
    expect(discount).toBeGreaterThan(0);
    const withCoupon = await payable(page);

    await row.click();
    const picker = page.getByRole('dialog', { name: '选择优惠券' });
    await expect(picker.getByTestId('checkout-coupon-usable').filter({ hasText: GOODS_COUPON })).toContainText('已选');
    // The demo member's other coupons are listed as unusable, each with the server's reason.
    await expect(picker.getByTestId('checkout-coupon-unusable').first().getByTestId('coupon-reason')).not.toBeEmpty();
    await shot(page, 'coupons-checkout-picker');
    await picker.getByRole('button', { name: '不使用优惠券' }).click();
    await expect(row).toContainText('不使用优惠券');
    await expect.poll(() => payable(page)).toBe(withCoupon + discount);

    await row.click();
    await picker.getByRole('button', { name: `使用 ${GOODS_COUPON}` }).click();
    await expect(row).toContainText(GOODS_COUPON);
    await expect.poll(() => payable(page)).toBe(withCoupon);
    await shot(page, 'coupons-checkout');

    // One order, paid in the sandbox: the amount is the payable with the coupon.
    await page.getByRole('button', { name: /提交订单/ }).dblclick();
    await expect(page).toHaveURL(/\/payment\?orderNo=\d+$/);
    const orderNo = new URL(page.url()).searchParams.get('orderNo')!;
    await expect(page.getByTestId('payment-amount')).toHaveText(`¥${(withCoupon / 100).toFixed(2)}`);
    await page.getByRole('button', { name: /去支付/ }).click();
    await page.getByRole('button', { name: '确认支付' }).click();
    await expect(page.getByText('支付成功')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/user/order/orderDetail/${orderNo}$`));

    // 我的优惠券: the coupon is under 已使用 with the order that used it, no longer under 未使用.
    await page.goto('/user/member/coupon');
    await expect(page.getByTestId('coupon-tab-USED')).toHaveText(/已使用\(\d+\)/);
    await expect(page.getByTestId('my-coupon').filter({ hasText: GOODS_COUPON })).toHaveCount(0);
    await page.getByTestId('coupon-tab-USED').click();
    const used = page.getByTestId('my-coupon').filter({ hasText: GOODS_COUPON });
    await expect(used).toContainText(`用于订单 ${orderNo}`);
    await expect(used.getByText('已使用')).toBeVisible();
    await shot(page, 'coupons-my-used');
  });

  test('1440 px: 领券中心 asks a visitor to sign in; a member claims and sees 已领取', async ({ page, request }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const member = await signUpMember(request, 'cp');

    await page.goto('/couponGoodsList');
    await expect(page.getByTestId('coupon-center-title')).toHaveText('领券中心');
    const card = () => page.getByTestId('center-coupon').filter({ hasText: '全场满199减20' });
    await card().getByRole('button', { name: /立即领取/ }).click();
    const prompt = page.getByRole('dialog').filter({ hasText: '登录提示' });
    await expect(prompt).toContainText('登录后即可领取优惠券');
    await prompt.getByRole('button', { name: '去登录' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2FcouponGoodsList/);
    await fillPasswordLogin(page, member.username, member.password);
    await expectSignedIn(page);
    await expect(page).toHaveURL(/\/couponGoodsList$/);

    await card().getByRole('button', { name: /立即领取/ }).click();
    await expect(page.getByText('领取成功')).toBeVisible();
    await expect(card().getByTestId('coupon-claimed')).toHaveText('已领取');
    await shot(page, 'coupons-center');
    await page.reload();
    await expect(card().getByTestId('coupon-claimed')).toHaveText('已领取');

    // 我的优惠券 holds it under 未使用; 去使用 opens its goods with the rule and the cart's distance.
    await page.getByRole('link', { name: '我的优惠券 ›' }).click();
    const mine = page.getByTestId('my-coupon').filter({ hasText: '全场满199减20' });
    await expect(mine).toBeVisible();
    await expect(mine.getByTestId('coupon-rule')).toHaveText('满199减20 · 全场通用');
    await mine.getByRole('button', { name: '去使用' }).click();
    await expect(page).toHaveURL(/\/couponGoodsList\?couponId=[0-9a-f-]{36}$/);
    await expect(page.getByTestId('coupon-goods-rule')).toContainText('满199减20');
    await expect(page.getByTestId('coupon-cart-hint')).toContainText('¥0.00');
    await expect(page.getByTestId('coupon-goods').getByTestId('goods-card').first()).toBeVisible();
    await shot(page, 'coupons-goods-list');
  });

  test('375 px: the coupon screens fit the phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/couponGoodsList');
    await expect(page.getByTestId('center-coupon').first()).toBeVisible();
    await expectPageFitsScreen(page, '领券中心 (signed out)');

    await signInAsDemo(page);
    await page.goto('/user/member/coupon');
    await expect(page.getByTestId('my-coupon').first()).toBeVisible();
    await expectPageFitsScreen(page, '我的优惠券');
    await shot(page, 'coupons-my-375');
    await page.getByTestId('coupon-tab-EXPIRED').click();
    await expect(page.getByTestId('my-coupon').first()).toContainText('已过期');
    await expectPageFitsScreen(page, '我的优惠券 已过期');

    await page.getByTestId('coupon-tab-UNUSED').click();
    await page.getByTestId('my-coupon').first().getByRole('button', { name: '去使用' }).click();
    await expect(page.getByTestId('coupon-cart-hint')).toBeVisible();
    await expect(page.getByTestId('coupon-goods').getByTestId('goods-card').first()).toBeVisible();
    await expectPageFitsScreen(page, '优惠券商品');
    await shot(page, 'coupons-goods-list-375');

    await page.goto('/couponGoodsList');
    await expect(page.getByTestId('center-coupon').first()).toBeVisible();
    await expectPageFitsScreen(page, '领券中心');

    const goods = await goodsWithCoupon(page);
    await page.goto(`/goodsDetail?id=${goods.id}`);
    await page.getByTestId('goods-coupons-open').click();
    const sheet = page.getByTestId('goods-coupons-sheet');
    await expect(sheet.getByTestId('goods-coupon').first()).toBeVisible();
    const box = (await sheet.getByTestId('goods-coupon').first().boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await expectPageFitsScreen(page, '商品详情 领券');
    await shot(page, 'coupons-goods-sheet-375');
  });
});
