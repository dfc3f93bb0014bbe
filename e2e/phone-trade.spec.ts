import { expectPageFitsScreen } from './support/phone.ts';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectOneLine, expectToastClearOfSearch, lastSmsCode, newMobile, shot } from './support/mall.ts';
import { bestSellerIds, callAsPage, idCheckChar, signInAs, signUpMember } from './support/member.ts';

/**
 * Buying on a phone, at 375 × 812: from a shared goods link a new buyer signs up by SMS
 * code, picks a SKU, buys now, adds an address in a dialog that fits, pays in the sandbox and sees
 * 待发货; the cart, orders and address book fit too. On each page nothing is wider than the screen
 * and the page's main button is on screen. Then, at 1366 px, the trade's small things: a typed
 * quantity above the stock is capped and saved, a masked mobile and a real-name record added in
 * place at checkout, and an unknown order at the cashier.
 */

interface Sku {
  id: number;
  stock: number;
}

const visible = (page: Page, name: RegExp | string) => page.getByRole('button', { name }).filter({ visible: true }).first();

const fitsScreen = (page: Page) => expectPageFitsScreen(page, page.url());

/** The whole of a control (a main button, a dialog) is on screen without scrolling sideways. */
async function wholeOnScreen(target: Locator) {
  await expect(target).toBeInViewport({ ratio: 1 });
}

/** Chooses the first available value of every spec group not chosen yet. */
async function pickSku(page: Page) {
  const groups = page.getByRole('radiogroup').filter({ visible: true });
  for (const group of await groups.all()) {
    if ((await group.locator('[role=radio][aria-checked=true]').count()) === 0)
      await group.locator('[role=radio]:not([disabled])').first().click();
  }
}

async function skusOf(page: Page, goodsId: number): Promise<Sku[]> {
  const body = (await (await page.request.get(`/member/goods/goods/detail/${goodsId}`)).json()) as { data: { skus: Sku[] } };
  return body.data.skus.filter((s) => s.stock > 0);
}

async function addAddressByApi(page: Page) {
  const r = await callAsPage(page, '/member/trade/address/create', {
    receiverName: '李四',
    mobile: '13912345678',
    provinceCode: '33',
    cityCode: '3301',
    districtCode: '330106',
    detail: '文三路 100 号',
    isDefault: true,
  });
  expect(r.code, r.message).toBe(0);
}

test.describe('buying on a phone (375 × 812)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('shared goods link → SMS sign-up → SKU → 立即购买 → address in a dialog → sandbox payment → 待发货', async ({ page }) => {
    test.setTimeout(180_000);
    const [id] = await bestSellerIds(page.request);
    const mobile = newMobile();
    await page.goto(`/goodsDetail?id=${id}`);
    await fitsScreen(page);
    await shot(page, 'phone-trade-goods-375');

    // Signed out, 立即购买 asks to sign in; a new number signs up by code and completes /register.
    await pickSku(page);
    await visible(page, /立即购买/).click();
    await page.getByRole('dialog', { name: '登录提示' }).getByRole('button', { name: '去登录' }).click();
    await page.getByRole('tab', { name: '短信登录' }).click();
    const panel = page.getByRole('tabpanel', { name: '短信登录' });
    await panel.getByLabel('手机号').fill(mobile);
    await panel.getByRole('button', { name: '获取验证码' }).click();
    await panel.getByLabel('验证码').fill(await lastSmsCode(page.request, mobile));
    await panel.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await panel.getByRole('button', { name: '登录 / 注册' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await page.getByLabel('用户名').fill(`p${mobile.slice(-9)}`);
    await page.getByLabel('密码', { exact: true }).fill('Harbour#Lights2026');
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await page.getByRole('button', { name: '完成注册' }).click();
    // Registered, the member goes home (spec §2); the shared link is opened again.
    await expect(page).toHaveURL('/');
    await page.goto(`/goodsDetail?id=${id}`);

    // Back on the goods: pick the SKU (in the sheet when the page offers one) and buy now.
    await pickSku(page);
    await visible(page, /立即购买/).click();
    const sheet = page.getByRole('dialog').filter({ has: page.getByRole('radiogroup') });
    if (await sheet.isVisible().catch(() => false)) {
      await pickSku(page);
      await sheet.getByRole('button', { name: /立即购买|确\s*定/ }).click();
    }
    await expect(page).toHaveURL(/\/checkout\?skuId=\d+&quantity=\d+/);

    // Checkout: no address yet, so 提交订单 is disabled and says why; the address dialog fits.
    await expect(page.getByTestId('checkout-page')).toBeVisible();
    const submit = page.getByRole('button', { name: /提交订单/ });
    await expect(page.getByTestId('checkout-blocker')).toHaveText('请先添加收货地址');
    await expect(submit).toBeDisabled();
    await wholeOnScreen(submit);
    await fitsScreen(page);
    await shot(page, 'phone-trade-checkout-empty-375');
    await page.getByRole('button', { name: /新增收货地址/ }).click();
    const dialog = page.getByRole('dialog', { name: '新增收货地址' });
    await dialog.getByLabel('收货人').fill('张三');
    await dialog.getByLabel('手机号').fill('13812345678');
    await dialog.getByLabel('所在地区').click();
    await page.locator('.ant-cascader-menu-item', { hasText: /^浙江省$/ }).click();
    await page.locator('.ant-cascader-menu-item', { hasText: /^杭州市$/ }).click();
    await page.locator('.ant-cascader-menu-item', { hasText: /^西湖区$/ }).click();
    await dialog.getByLabel('详细地址').fill('文三路 100 号 1 幢 201 室');
    await fitsScreen(page);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await shot(page, 'phone-trade-address-375');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expectToastClearOfSearch(page, '地址已添加');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('checkout-address').first()).toContainText('138****5678');
    await expect(submit).toBeEnabled();
    await wholeOnScreen(submit);
    await fitsScreen(page);
    await shot(page, 'phone-trade-checkout-375');
    // The new member's coupon is chosen; its saving reads whole, never split over two lines.
    await expectOneLine(page.getByTestId('checkout-coupon-chosen').getByText(/^-¥\d+\.\d{2}$/), 'the coupon saving');
    await expectOneLine(page.getByTestId('amount-discount'), '优惠');
    await submit.click();

    // The cashier: 去支付 on screen; the sandbox; paid; the order waits for shipping.
    await expect(page).toHaveURL(/\/payment\?orderNo=\d+$/);
    const pay = page.getByRole('button', { name: /去支付/ });
    await wholeOnScreen(pay);
    await fitsScreen(page);
    await shot(page, 'phone-trade-payment-375');
    await pay.click();
    // A phone is sent to the mobile cashier (Alipay's WAP pay; here the sandbox's stand-in for it).
    await expect(page).toHaveURL(/\/pay\/sandbox\/cashier\?.*method=alipay\.trade\.wap\.pay/);
    await fitsScreen(page);
    await shot(page, 'phone-trade-cashier-375');
    await page.getByRole('button', { name: '确认支付' }).click();
    await expect(page.getByText('支付成功')).toBeVisible();
    await expect(page).toHaveURL(/\/user\/order\/orderDetail\/\d+$/);
    await expect(page.getByTestId('order-detail-status')).toHaveText('待发货');
    await fitsScreen(page);
    await shot(page, 'phone-trade-order-375');

    // The cart with a line: 去结算 on screen; 我的订单 and the address book fit.
    const [sku] = await skusOf(page, id!);
    expect((await callAsPage(page, '/member/trade/cart/add', { skuId: sku!.id, quantity: 2 })).code).toBe(0);
    await page.goto('/cart');
    const toCheckout = page.getByRole('button', { name: /去\s*结\s*算/ });
    await wholeOnScreen(toCheckout);
    await fitsScreen(page);
    await shot(page, 'phone-trade-cart-375');
    for (const path of ['/user/order/myOrder', '/user/member/address']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await fitsScreen(page);
      await shot(page, `phone-trade-${path.split('/').pop()}-375`);
    }
  });
});

test.describe("the trade's small things (1366 px)", () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('cart: 99999 typed is capped at the stock, saved, and the line and footer show what the server holds', async ({ page }) => {
    const member = await signUpMember(page.request, 'cap');
    await signInAs(page, member);
    const [id] = await bestSellerIds(page.request);
    const [sku] = await skusOf(page, id!);
    expect((await callAsPage(page, '/member/trade/cart/add', { skuId: sku!.id, quantity: 3 })).code).toBe(0);
    await page.goto('/cart');
    const box = page.getByRole('spinbutton', { name: /的数量$/ });
    await box.fill('99999');
    await box.press('Tab');
    const cart = await callAsPage<{ lines: { quantity: number; maxQuantity: number; price: number }[] }>(page, '/member/trade/cart/list');
    const max = cart.data.lines[0]!.maxQuantity;
    await expect(page.getByTestId('cart-quantity-capped')).toHaveText(`最多购买 ${max} 件`);
    await expect(box).toHaveValue(String(max));
    await expect
      .poll(async () => (await callAsPage<{ lines: { quantity: number }[] }>(page, '/member/trade/cart/list')).data.lines[0]!.quantity)
      .toBe(max);
    const price = cart.data.lines[0]!.price;
    const yuan = (fen: number) => `¥${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
    await expect(page.getByTestId('cart-line-amount')).toHaveText(yuan(price * max));
    await expect(page.getByTestId('cart-selected-count')).toHaveText(String(max));
    await shot(page, 'trade-cart-capped-1366');
  });

  test('checkout: masked mobile; a real-name record added in a dialog in place; a disabled 提交订单 says why', async ({ page }) => {
    const member = await signUpMember(page.request, 'rn');
    await signInAs(page, member);
    await addAddressByApi(page);
    const found = (await (
      await page.request.post('/member/search/goods/search', { data: { keyword: '', pageNum: 1, pageSize: 50 } })
    ).json()) as { data: { list: { id: number; isCrossBorder: boolean }[] } };
    const goods = found.data.list.find((g) => g.isCrossBorder);
    expect(goods, 'a cross-border goods among the first 50').toBeTruthy();
    const [sku] = await skusOf(page, goods!.id);
    await page.goto(`/checkout?skuId=${sku!.id}&quantity=1`);
    await expect(page.getByTestId('checkout-address').first()).toContainText('139****5678');
    await expect(page.getByTestId('checkout-ship-to')).toContainText('139****5678');
    await expect(page.getByTestId('checkout-page')).not.toContainText('13912345678');
    await expect(page.getByTestId('checkout-blocker')).toHaveText('请先添加订购人实名信息');
    await expect(page.getByRole('button', { name: /提交订单/ })).toBeDisabled();
    await shot(page, 'trade-checkout-realname-missing-1366');

    await page.getByRole('button', { name: '添加实名信息' }).click();
    const dialog = page.getByRole('dialog', { name: '添加实名信息' });
    const body = '11010519491231002';
    await dialog.getByLabel('真实姓名').fill('张三');
    await dialog.getByLabel('身份证号码').fill(body + idCheckChar(body));
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/checkout\?skuId=/);
    await expect(page.getByRole('radio', { name: /张三（1\*+/ })).toBeChecked();
    await expect(page.getByTestId('checkout-blocker')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /提交订单/ })).toBeEnabled();
    await shot(page, 'trade-checkout-realname-added-1366');
  });

  test('cashier: an unknown order says so and leads to 我的订单', async ({ page }) => {
    const member = await signUpMember(page.request, 'pay');
    await signInAs(page, member);
    for (const orderNo of ['202611230000000001', '<script>']) {
      await page.goto(`/payment?orderNo=${encodeURIComponent(orderNo)}`);
      await expect(page.getByText('订单不存在')).toBeVisible();
      await expect(page.getByRole('button', { name: '重新加载' })).toHaveCount(0);
    }
    await shot(page, 'trade-payment-unknown-1366');
    await page.getByRole('link', { name: '查看我的订单' }).click();
    await expect(page).toHaveURL('/user/order/myOrder');
  });
});
