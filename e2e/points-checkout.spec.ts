import { expect, test, type Page } from '@playwright/test';
import { expectSignedIn, fillPasswordLogin, shot } from './support/mall.ts';
import { bestSellerIds, signUpMember } from './support/member.ts';
import { addAddress, asMember, asOps, newBuyer, payOrder } from './support/order-kit.ts';
import { expectPageFitsScreen } from './support/phone.ts';

/**
 * Spending points in Chromium, with a new member given points by the operator (over the
 * API). At 1440 px one journey: a goods bought with 积分抵扣 — the checkout's 积分 row offers the most
 * usable points, 使用 takes exactly that off the payable, a new coupon choice drops it; the order shows
 * 积分抵扣 and the ledger 下单抵扣; then a points-mall goods' 立即兑换 → 确认兑换 (the goods at N 积分 +
 * ¥x, the points before and after, no coupon or 积分 row) → the cash part paid → the order in 我的订单,
 * the ledger's 积分兑换; then, with delivery made free, a points-only redemption is done at once
 * (兑换成功, no cashier). At 375 px a visitor's 立即兑换 asks to sign in and comes back, and the same
 * screens fit the phone. The sums, caps, refusals, races, cancelling (points and stock back) and the
 * pay timeout are API tests: apps/server/src/flows/checkout-points.test.ts.
 */

const fenOf = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

interface MallGoods {
  id: number;
  name: string;
  pointsPrice: number;
  cashFen: number;
  stock: number;
  perMemberLimit: number;
  unavailable: string | null;
}
interface FreightRule {
  freeFromFen: number;
  feeFen: number;
}

/** The operator's 发放 of points to a member. */
async function grantPoints(page: Page, token: string, points: number) {
  const me = await asMember<{ id: string }>(page.request, token, '/member/user/user/current');
  await asOps(page.request, '/ops/points/adjust', { memberId: me.id, amount: points, reason: '端到端测试发放' });
}

async function balanceOf(page: Page, token: string): Promise<number> {
  return (await asMember<{ balance: number }>(page.request, token, '/member/points/account/balance')).balance;
}

/** The demo mall's goods on offer, those with a cash part (no per-member limit) or points only, the most stock first. */
async function mallGoods(page: Page, withCash: boolean): Promise<MallGoods> {
  const body = (await (await page.request.get('/member/points/mall/page?sort=DEFAULT&pageNum=1&pageSize=50')).json()) as { data: { list: MallGoods[] } };
  const fit = body.data.list
    .filter((g) => !g.unavailable && (withCash ? g.cashFen > 0 && g.perMemberLimit === 0 : g.cashFen === 0))
    .sort((a, b) => b.stock - a.stock);
  expect(fit.length, withCash ? 'a points-mall goods with a cash part' : 'a points-only mall goods').toBeGreaterThan(0);
  return fit[0]!;
}

async function freightRule(page: Page): Promise<FreightRule> {
  const { settings } = await asOps<{ settings: { key: string; value: unknown }[] }>(page.request, '/ops/settings');
  return settings.find((s) => s.key === 'freight')!.value as FreightRule;
}

async function saveFreight(page: Page, value: FreightRule) {
  await asOps(page.request, '/ops/settings/save', { key: 'freight', value });
}

const payableOn = async (page: Page) => fenOf((await page.getByTestId('amount-payable').textContent())!);
/** 运费 in fen (免运费: 0). */
const freightOn = async (page: Page) => {
  const text = (await page.getByTestId('amount-freight').textContent())!;
  return text.includes('免运费') ? 0 : fenOf(text);
};

/** The 积分 row's offer: 可用 N 积分，本单最多抵扣 ¥x. */
async function offerOn(page: Page): Promise<{ points: number; fen: number }> {
  const text = await page.getByTestId('checkout-points-offer').innerText();
  const m = /可用 (\d+) 积分，本单最多抵扣 ¥([\d.]+)/.exec(text);
  expect(m, `the 积分 row offers points: ${text}`).not.toBeNull();
  return { points: Number(m![1]), fen: fenOf(m![2]!) };
}

/** After 使用: the points the quote used and what they took off, read from the amounts. */
async function offerOnUsed(page: Page): Promise<{ points: number; fen: number }> {
  const amount = page.getByTestId('amount-points');
  await expect(amount).toBeVisible();
  const text = await amount.innerText();
  const m = /(\d+) 积分\s*-¥([\d.]+)/.exec(text);
  expect(m, `积分抵扣 in the amounts: ${text}`).not.toBeNull();
  return { points: Number(m![1]), fen: fenOf(m![2]!) };
}

/** The checkout with the member's address (added over the API) chosen. */
async function expectAddressChosen(page: Page) {
  await expect(page.getByTestId('checkout-page')).toBeVisible();
  await expect(page.getByTestId('checkout-address').first()).toHaveAttribute('aria-checked', 'true');
}

/** On /payment: the amount, then paid in the sandbox over the API (the cashier's screens are trade.spec.ts's); returns the order number. */
async function paidFromPaymentPage(page: Page, token: string, amount: number) {
  await expect(page).toHaveURL(/\/payment\?orderNo=\d+$/);
  await expect(page.getByTestId('payment-amount')).toHaveText(yuan(amount));
  const orderNo = new URL(page.url()).searchParams.get('orderNo')!;
  await payOrder(page.request, token, orderNo);
  await page.goto(`/user/order/orderDetail/${orderNo}`);
  await expect(page.getByTestId('order-detail-status')).toHaveText('待发货');
  return orderNo;
}

test.describe('积分抵扣与积分兑换', () => {
  test('1440 px: 积分抵扣 on a goods, a redemption with a cash part, a points-only one done at once; the order and the ledger show each', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const cashGoods = await mallGoods(page, true);
    const freeGoods = await mallGoods(page, false);
    const buyer = await newBuyer(page, 'pd');
    await addAddress(page.request, buyer.token, '王五');
    await grantPoints(page, buyer.token, 100_000);

    // ---- 积分抵扣: the offer, the most usable points and what they take off; 使用 takes exactly that ----
    const [goodsId] = await bestSellerIds(page.request);
    await page.goto(`/goodsDetail?id=${goodsId}`);
    await page.getByRole('button', { name: /立即购买/ }).click();
    await expect(page).toHaveURL(/\/checkout\?skuId=\d+&quantity=1$/);
    await expectAddressChosen(page);
    const row = page.getByTestId('checkout-points-row');
    await expect(row).toContainText('可用');
    const offer = await offerOn(page);
    expect(offer.points).toBeGreaterThan(0);
    expect(offer.fen).toBeGreaterThan(0);
    await expect(page.getByTestId('amount-points')).toHaveCount(0);
    const without = await payableOn(page);
    const freightBefore = await freightOn(page);
    await row.getByRole('checkbox', { name: '使用' }).check();
    await expect(page.getByTestId('checkout-points-value')).toHaveText(`-${yuan(offer.fen)}`);
    await expect(page.getByTestId('amount-points')).toContainText(`${offer.points} 积分`);
    await expect(page.getByTestId('amount-points')).toContainText(`-${yuan(offer.fen)}`);
    // Points pay like money: the freight stays what it was, the payable drops by their value.
    await expect.poll(() => payableOn(page)).toBe(without - offer.fen);
    expect(await freightOn(page)).toBe(freightBefore);
    await shot(page, 'points-checkout-1440');

    // A new coupon choice drops the points (the most usable depends on the coupon) and offers again.
    const couponRow = page.getByTestId('checkout-coupon-row');
    if (await couponRow.isEnabled()) {
      await couponRow.click();
      const picker = page.getByRole('dialog', { name: '选择优惠券' });
      const none = picker.getByRole('button', { name: '不使用优惠券' });
      if (await none.isEnabled()) {
        await none.click();
        await expect(couponRow).toContainText('不使用优惠券');
        await expect(row.getByRole('checkbox', { name: '使用' })).not.toBeChecked();
        await expect(page.getByTestId('amount-points')).toHaveCount(0);
        const again = await offerOn(page);
        expect(again.points).toBeGreaterThanOrEqual(offer.points);
      } else {
        await page.keyboard.press('Escape');
        await expect(picker).toBeHidden();
      }
    }
    await row.getByRole('checkbox', { name: '使用' }).check();
    const used = await offerOnUsed(page);
    const payable = await payableOn(page);
    await page.getByRole('button', { name: /提交订单/ }).dblclick();
    await paidFromPaymentPage(page, buyer.token, payable);
    await expect(page.getByTestId('amount-points')).toHaveText(`-${yuan(used.fen)}`);
    await shot(page, 'points-order-detail-1440');
    await page.goto('/user/member/points');
    const latest = page.getByTestId('points-ledger-row').first();
    await expect(latest).toContainText('下单抵扣');
    await expect(latest).toContainText(`-${used.points}`);

    // ---- a points-mall goods with a cash part: 立即兑换 → 确认兑换 → the cash paid ----
    // (积分抵扣 may have used all the points: those of the two redemptions are granted now.)
    await grantPoints(page, buyer.token, cashGoods.pointsPrice + freeGoods.pointsPrice);
    const balance = await balanceOf(page, buyer.token);
    await page.goto(`/points/mallDetail?id=${cashGoods.id}`);
    await expect(page.getByTestId('points-detail-mine')).toContainText(`我的积分 ${balance}`);
    await shot(page, 'points-mall-detail-1440');
    await page.getByRole('button', { name: '立即兑换' }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout\\?mallId=${cashGoods.id}&quantity=1$`));
    await expectAddressChosen(page);
    // 确认兑换: the goods at its points (+ cash), what the member has and keeps, no coupon and no 积分 row.
    await expect(page.getByRole('heading', { name: '确认兑换' })).toBeVisible();
    await expect(page.getByTestId('checkout-item-name')).toHaveText([cashGoods.name]);
    await expect(page.getByTestId('checkout-redeem-price')).toHaveText(`${cashGoods.pointsPrice} 积分 + ${yuan(cashGoods.cashFen)}`);
    await expect(page.getByTestId('checkout-redeem-balance')).toHaveText(String(balance));
    await expect(page.getByTestId('checkout-redeem-spend')).toHaveText(`-${cashGoods.pointsPrice}`);
    await expect(page.getByTestId('checkout-redeem-left')).toHaveText(String(balance - cashGoods.pointsPrice));
    await expect(page.getByTestId('checkout-coupon-row')).toHaveCount(0);
    await expect(page.getByTestId('checkout-points-row')).toHaveCount(0);
    const cashPayable = await payableOn(page);
    expect(cashPayable).toBe(cashGoods.cashFen + (await freightOn(page)));
    await shot(page, 'points-redeem-checkout-1440');
    await page.getByRole('button', { name: '确认兑换' }).click();
    const redeemed = await paidFromPaymentPage(page, buyer.token, cashPayable);
    await expect(page.getByTestId('amount-points')).toBeVisible();
    await page.goto('/user/order/myOrder');
    await expect(page.getByTestId('order-card').filter({ hasText: redeemed })).toContainText(cashGoods.name);
    await page.goto('/user/member/points');
    await expect(latest).toContainText('积分兑换');
    await expect(latest).toContainText(`-${cashGoods.pointsPrice}`);
    await expect(page.getByTestId('member-points-balance')).toHaveText(String(balance - cashGoods.pointsPrice));

    // ---- delivery made free by the operator (restored after): a points-only redemption is done at once, no cashier ----
    const freight = await freightRule(page);
    await saveFreight(page, { ...freight, feeFen: 0 });
    try {
      const before = await balanceOf(page, buyer.token);
      await page.goto(`/points/mallDetail?id=${freeGoods.id}`);
      await page.getByRole('button', { name: '立即兑换' }).click();
      await expectAddressChosen(page);
      await expect(page.getByTestId('checkout-redeem-price')).toHaveText(`${freeGoods.pointsPrice} 积分`);
      await expect(page.getByTestId('checkout-redeem-left')).toHaveText(String(before - freeGoods.pointsPrice));
      await expect(page.getByTestId('amount-payable')).toHaveText('¥0.00');
      await expect(page.getByText(`提交后将扣除 ${freeGoods.pointsPrice} 积分，无需另付款`)).toBeVisible();
      await page.getByRole('button', { name: '确认兑换' }).click();
      await expect(page.getByText('兑换成功')).toBeVisible();
      await expect(page).toHaveURL(/\/user\/order\/orderDetail\/\d+$/);
      await expect(page.getByTestId('order-detail-status')).toHaveText('待发货');
    } finally {
      await saveFreight(page, freight);
    }
  });

  test('375 px: a visitor’s 立即兑换 asks to sign in and comes back; 积分抵扣, the mall detail and 确认兑换 fit the phone', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 375, height: 812 });
    const goods = await mallGoods(page, true);
    const member = await signUpMember(page.request, 'rp');

    // A visitor's 立即兑换 asks to sign in and comes back to the goods.
    await page.goto(`/points/mallDetail?id=${goods.id}`);
    await page.getByRole('button', { name: '立即兑换' }).click();
    const prompt = page.getByRole('dialog').filter({ hasText: '登录提示' });
    await prompt.getByRole('button', { name: '去登录' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fpoints%2FmallDetail/);
    await fillPasswordLogin(page, member.username, member.password);
    await expectSignedIn(page);
    await expect(page).toHaveURL(new RegExp(`/points/mallDetail\\?id=${goods.id}$`));

    // Points from the operator and an address, then the goods checkout with 积分抵扣.
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('member-accessToken')!) as string);
    await grantPoints(page, token, goods.pointsPrice + 100_000);
    await addAddress(page.request, token, '王五');
    const [goodsId] = await bestSellerIds(page.request);
    await page.goto(`/checkout?skuId=${goodsId}&quantity=1`);
    await expectAddressChosen(page);
    const offer = await offerOn(page);
    await page.getByTestId('checkout-points-row').getByRole('checkbox', { name: '使用' }).check();
    await expect(page.getByTestId('checkout-points-value')).toHaveText(`-${yuan(offer.fen)}`);
    await expectPageFitsScreen(page, '确认订单 积分抵扣');
    await shot(page, 'points-checkout-375');

    await page.goto(`/points/mallDetail?id=${goods.id}`);
    await expect(page.getByTestId('points-detail-mine')).toBeVisible();
    await expectPageFitsScreen(page, '积分商品详情');
    await shot(page, 'points-mall-detail-375');
    await page.getByRole('button', { name: '立即兑换' }).click();
    await expect(page.getByRole('heading', { name: '确认兑换' })).toBeVisible();
    await expect(page.getByTestId('checkout-redeem-price')).toHaveText(`${goods.pointsPrice} 积分 + ${yuan(goods.cashFen)}`);
    await expect(page.getByTestId('checkout-redeem-left')).toBeVisible();
    await expectPageFitsScreen(page, '确认兑换');
    await shot(page, 'points-redeem-checkout-375');
    await page.getByRole('button', { name: '确认兑换' }).click();
    await expect(page).toHaveURL(/\/payment\?orderNo=\d+$/);
  });
});
