import { expect, test, type Page } from '@playwright/test';
import { expectSignedIn, fillPasswordLogin, shot } from './support/mall.ts';
import {
  apiSignIn,
  bestSellerIds,
  callAsPage,
  ensureCheckoutAddress,
  signInAs,
  signUpMember,
  type Member,
} from './support/member.ts';
import { expectPageFitsScreen } from './support/phone.ts';

/**
 * Spending points in Chromium (issue 12), each test with a new member given points by the operator.
 * At 1440 px: 1) a goods bought with 积分抵扣 — the checkout's 积分 row offers the most usable points,
 * 使用 takes exactly that off the payable, a new coupon choice drops it; paid in the sandbox; the order
 * shows 积分抵扣 and the ledger 下单抵扣. 2) 签到 on /points, a points-mall goods' 立即兑换 → 确认兑换 (the
 * goods at N 积分 + ¥x, the points before and after, no coupon or 积分 row) → the cash part paid → the
 * order in 我的订单, the ledger's 积分兑换. 3) an unpaid redemption cancelled: the points and the mall
 * stock come back. 4) a points-only redemption with free delivery is paid at once (兑换成功, no cashier;
 * the 运费 setting is changed through the ops API and restored). At 375 px the same screens fit the
 * phone, and a visitor's 立即兑换 asks to sign in and comes back. `node scripts/e2e.mjs` sets E2E_OPS_TOKEN (points are granted through the ops API).
 */

const fenOf = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

const opsToken = () => {
  const token = process.env.E2E_OPS_TOKEN;
  if (!token) throw new Error('E2E_OPS_TOKEN is not set: run through `node scripts/e2e.mjs`');
  return token;
};

interface MallGoods {
  id: number;
  name: string;
  pointsPrice: number;
  cashFen: number;
  stock: number;
  perMemberLimit: number;
  unavailable: string | null;
}

/** A new member holding `points` (an operator's 发放), signed in on the page. */
async function memberWithPoints(page: Page, points: number, tag: string): Promise<Member> {
  const member = await signUpMember(page.request, tag);
  const token = await apiSignIn(page.request, member);
  const me = (await (await page.request.get('/member/user/user/current', { headers: { Authorization: token } })).json()) as { data: { id: string } };
  const res = await page.request.post('/ops/points/adjust', {
    data: { memberId: me.data.id, amount: points, reason: '端到端测试发放' },
    headers: { 'x-ops-token': opsToken() },
  });
  const body = (await res.json()) as { code: number; message: string };
  expect(body.code, body.message).toBe(0);
  await signInAs(page, member);
  return member;
}

async function balanceOf(page: Page): Promise<number> {
  const r = await callAsPage<{ balance: number }>(page, '/member/points/account/balance');
  expect(r.code, r.message).toBe(0);
  return r.data.balance;
}

/** The demo mall's goods with a cash part, no per-member limit and the most stock (each test redeems one). */
async function cashMallGoods(page: Page): Promise<MallGoods> {
  const body = (await (await page.request.get('/member/points/mall/page?sort=DEFAULT&pageNum=1&pageSize=50')).json()) as { data: { list: MallGoods[] } };
  const fit = body.data.list.filter((g) => g.cashFen > 0 && g.perMemberLimit === 0 && !g.unavailable).sort((a, b) => b.stock - a.stock);
  expect(fit.length, 'a points-mall goods with a cash part').toBeGreaterThan(0);
  return fit[0]!;
}

interface FreightRule {
  freeFromFen: number;
  feeFen: number;
}

async function freightRule(page: Page): Promise<FreightRule> {
  const res = await page.request.get('/ops/settings', { headers: { 'x-ops-token': opsToken() } });
  const body = (await res.json()) as { data: { settings: { key: string; value: unknown }[] } };
  return body.data.settings.find((s) => s.key === 'freight')!.value as FreightRule;
}

async function saveFreight(page: Page, value: FreightRule) {
  const res = await page.request.post('/ops/settings/save', { headers: { 'x-ops-token': opsToken() }, data: { key: 'freight', value } });
  const body = (await res.json()) as { code: number; message: string };
  expect(body.code, body.message).toBe(0);
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

/** Pays the order on /payment in the sandbox cashier and lands on its detail. */
async function payInSandbox(page: Page, orderNo: string, amount: number) {
  await expect(page.getByTestId('payment-amount')).toHaveText(yuan(amount));
  await page.getByRole('button', { name: /去支付/ }).click();
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByText('支付成功')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/user/order/orderDetail/${orderNo}$`));
}

test.describe('积分抵扣与积分兑换', () => {
  test.setTimeout(240_000);

  test('1440 px: a goods bought with 积分抵扣, paid, shown on the order and in the ledger', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await memberWithPoints(page, 100_000, 'pd');
    const [goodsId] = await bestSellerIds(page.request);
    await page.goto(`/goodsDetail?id=${goodsId}`);
    await page.getByRole('button', { name: /立即购买/ }).click();
    await expect(page).toHaveURL(/\/checkout\?skuId=\d+&quantity=1$/);
    await ensureCheckoutAddress(page, '王五');

    // The offer: the most usable points and what they take off; 使用 takes exactly that.
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
    await expect(page).toHaveURL(/\/payment\?orderNo=\d+$/);
    const orderNo = new URL(page.url()).searchParams.get('orderNo')!;
    await payInSandbox(page, orderNo, payable);
    await expect(page.getByTestId('order-detail-status')).toHaveText('待发货');
    await expect(page.getByTestId('amount-points')).toHaveText(`-${yuan(used.fen)}`);
    await shot(page, 'points-order-detail-1440');

    await page.goto('/user/member/points');
    const first = page.getByTestId('points-ledger-row').first();
    await expect(first).toContainText('下单抵扣');
    await expect(first).toContainText(`-${used.points}`);
  });

  test('1440 px: 签到, then a points-mall goods redeemed with its cash part paid', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const goods = await cashMallGoods(page);
    await memberWithPoints(page, goods.pointsPrice + 200, 'rd');

    await page.goto('/points');
    const signButton = page.getByRole('button', { name: /签到领 \d+ 积分/ });
    await signButton.click();
    await expect(page.getByTestId('points-sign-result')).toContainText('签到成功');
    const balance = await balanceOf(page);
    await expect(page.getByTestId('points-balance')).toHaveText(String(balance));

    await page.goto('/points/mall');
    await page.locator(`a[data-testid="points-mall-card"][href="/points/mallDetail?id=${goods.id}"]`).click();
    await expect(page).toHaveURL(new RegExp(`/points/mallDetail\\?id=${goods.id}$`));
    await expect(page.getByTestId('points-detail-mine')).toContainText(`我的积分 ${balance}`);
    await shot(page, 'points-mall-detail-1440');
    await page.getByRole('button', { name: '立即兑换' }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout\\?mallId=${goods.id}&quantity=1$`));
    await ensureCheckoutAddress(page, '王五');

    // 确认兑换: the goods at its points (+ cash), what the member has and keeps, no coupon and no 积分 row.
    await expect(page.getByRole('heading', { name: '确认兑换' })).toBeVisible();
    await expect(page.getByTestId('checkout-item-name')).toHaveText([goods.name]);
    await expect(page.getByTestId('checkout-redeem-price')).toHaveText(`${goods.pointsPrice} 积分 + ${yuan(goods.cashFen)}`);
    await expect(page.getByTestId('checkout-redeem-balance')).toHaveText(String(balance));
    await expect(page.getByTestId('checkout-redeem-spend')).toHaveText(`-${goods.pointsPrice}`);
    await expect(page.getByTestId('checkout-redeem-left')).toHaveText(String(balance - goods.pointsPrice));
    await expect(page.getByTestId('checkout-coupon-row')).toHaveCount(0);
    await expect(page.getByTestId('checkout-points-row')).toHaveCount(0);
    const payable = await payableOn(page);
    expect(payable).toBe(goods.cashFen + (await freightOn(page)));
    await shot(page, 'points-redeem-checkout-1440');

    await page.getByRole('button', { name: '确认兑换' }).click();
    await expect(page).toHaveURL(/\/payment\?orderNo=\d+$/);
    const orderNo = new URL(page.url()).searchParams.get('orderNo')!;
    expect(await balanceOf(page)).toBe(balance - goods.pointsPrice);
    await payInSandbox(page, orderNo, payable);
    await expect(page.getByTestId('order-detail-status')).toHaveText('待发货');
    await expect(page.getByTestId('amount-points')).toBeVisible();

    await page.goto('/user/order/myOrder');
    await expect(page.getByTestId('order-card').filter({ hasText: orderNo })).toContainText(goods.name);
    await page.goto('/user/member/points');
    const first = page.getByTestId('points-ledger-row').first();
    await expect(first).toContainText('积分兑换');
    await expect(first).toContainText(`-${goods.pointsPrice}`);
    await expect(page.getByTestId('member-points-balance')).toHaveText(String(balance - goods.pointsPrice));
  });

  test('1440 px: cancelling an unpaid redemption gives the points and the stock back', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const goods = await cashMallGoods(page);
    await memberWithPoints(page, goods.pointsPrice + 50, 'rc');
    const balance = await balanceOf(page);

    await page.goto(`/points/mallDetail?id=${goods.id}`);
    const stock = Number(/剩余 (\d+) 件/.exec(await page.getByTestId('points-detail-stock').innerText())![1]);
    await page.getByRole('button', { name: '立即兑换' }).click();
    await ensureCheckoutAddress(page, '王五');
    await page.getByRole('button', { name: '确认兑换' }).click();
    await expect(page).toHaveURL(/\/payment\?orderNo=\d+$/);
    const orderNo = new URL(page.url()).searchParams.get('orderNo')!;
    expect(await balanceOf(page)).toBe(balance - goods.pointsPrice);
    await page.goto(`/points/mallDetail?id=${goods.id}`);
    await expect(page.getByTestId('points-detail-stock')).toContainText(`剩余 ${stock - 1} 件`);

    await page.goto(`/user/order/orderDetail/${orderNo}`);
    await expect(page.getByTestId('order-detail-status')).toHaveText('待付款');
    await page.getByRole('button', { name: '取消订单' }).click();
    const dialog = page.getByRole('dialog', { name: '取消订单' });
    await dialog.getByRole('radio', { name: '商品选错了' }).check();
    await dialog.getByRole('button', { name: '确定取消' }).click();
    await expect(page.getByTestId('order-detail-status')).toHaveText('已取消');

    await page.goto('/user/member/points');
    await expect(page.getByTestId('member-points-balance')).toHaveText(String(balance));
    const first = page.getByTestId('points-ledger-row').first();
    await expect(first).toContainText('兑换取消退回');
    await expect(first).toContainText(`+${goods.pointsPrice}`);
    await page.goto(`/points/mallDetail?id=${goods.id}`);
    await expect(page.getByTestId('points-detail-stock')).toContainText(`剩余 ${stock} 件`);
  });

  test('1440 px: a points-only redemption with free delivery is paid at once, no cashier', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const body = (await (await page.request.get('/member/points/mall/page?sort=DEFAULT&pageNum=1&pageSize=50')).json()) as { data: { list: MallGoods[] } };
    const goods = body.data.list.filter((g) => g.cashFen === 0 && !g.unavailable).sort((a, b) => b.stock - a.stock)[0];
    expect(goods, 'a points-only mall goods').toBeTruthy();
    // The operator makes delivery free for the moment (the console's 运费 setting), restored afterwards.
    const freight = await freightRule(page);
    await saveFreight(page, { ...freight, feeFen: 0 });
    try {
      await memberWithPoints(page, goods!.pointsPrice, 'rz');
      const balance = await balanceOf(page);
      await page.goto(`/points/mallDetail?id=${goods!.id}`);
      await page.getByRole('button', { name: '立即兑换' }).click();
      await ensureCheckoutAddress(page, '王五');
      await expect(page.getByTestId('checkout-redeem-price')).toHaveText(`${goods!.pointsPrice} 积分`);
      await expect(page.getByTestId('checkout-redeem-left')).toHaveText(String(balance - goods!.pointsPrice));
      await expect(page.getByTestId('amount-payable')).toHaveText('¥0.00');
      await expect(page.getByText(`提交后将扣除 ${goods!.pointsPrice} 积分，无需另付款`)).toBeVisible();
      await page.getByRole('button', { name: '确认兑换' }).click();
      await expect(page.getByText('兑换成功')).toBeVisible();
      await expect(page).toHaveURL(/\/user\/order\/orderDetail\/\d+$/);
      await expect(page.getByTestId('order-detail-status')).toHaveText('待发货');
      expect(await balanceOf(page)).toBe(balance - goods!.pointsPrice);
    } finally {
      await saveFreight(page, freight);
    }
  });

  test('375 px: 积分抵扣, the mall detail and 确认兑换 fit the phone; a visitor is asked to sign in', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const goods = await cashMallGoods(page);

    // A visitor's 立即兑换 asks to sign in and comes back to the goods.
    const member = await signUpMember(page.request, 'rp');
    await page.goto(`/points/mallDetail?id=${goods.id}`);
    await page.getByRole('button', { name: '立即兑换' }).click();
    const prompt = page.getByRole('dialog').filter({ hasText: '登录提示' });
    await prompt.getByRole('button', { name: '去登录' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fpoints%2FmallDetail/);
    await fillPasswordLogin(page, member.username, member.password);
    await expectSignedIn(page);
    await expect(page).toHaveURL(new RegExp(`/points/mallDetail\\?id=${goods.id}$`));

    // Points from the operator, then the goods checkout with 积分抵扣.
    const token = await apiSignIn(page.request, member);
    const me = (await (await page.request.get('/member/user/user/current', { headers: { Authorization: token } })).json()) as { data: { id: string } };
    await page.request.post('/ops/points/adjust', {
      data: { memberId: me.data.id, amount: goods.pointsPrice + 100_000, reason: '端到端测试发放' },
      headers: { 'x-ops-token': opsToken() },
    });
    const [goodsId] = await bestSellerIds(page.request);
    await page.goto(`/checkout?skuId=${goodsId}&quantity=1`);
    await ensureCheckoutAddress(page, '王五');
    const row = page.getByTestId('checkout-points-row');
    const offer = await offerOn(page);
    await row.getByRole('checkbox', { name: '使用' }).check();
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

/** After 使用: the points the quote used and what they took off, read from the amounts. */
async function offerOnUsed(page: Page): Promise<{ points: number; fen: number }> {
  const amount = page.getByTestId('amount-points');
  await expect(amount).toBeVisible();
  const text = await amount.innerText();
  const m = /(\d+) 积分\s*-¥([\d.]+)/.exec(text);
  expect(m, `积分抵扣 in the amounts: ${text}`).not.toBeNull();
  return { points: Number(m![1]), fen: fenOf(m![2]!) };
}
