import { expect, test, type Page } from '@playwright/test';
import { shot } from './support/mall.ts';
import { bestSellers } from './support/member.ts';
import { addAddress, asMember, asOps, newBuyer, placeOrder, searchAndAddToCart, type Buyer } from './support/order-kit.ts';

/**
 * The buyer's trade screens in the browser: search → detail → cart → checkout (the address added in
 * its inline form) → the payment page → the sandbox cashier → paid → 我的订单; shipped (over the ops
 * API) → 确认收货 → an after-sale refund with a picture → refunded. Then the member area: an unpaid
 * order cancelled with a reason, and the address book. Each buyer is a new member whose session is
 * laid without the sign-in screen. The rules behind the screens (amounts and freight, one order per
 * key, stock taken and given back, refunds, the ops CLI) are the server's API tests': see
 * docs/testing.md.
 */

/** ¥1,234.56 → 123456 fen. */
const fenOf = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);

/** How many orders the member has (all tabs). */
async function orderCount(page: Page, buyer: Buyer): Promise<number> {
  const body = await asMember<{ counts: { ALL: number } }>(page.request, buyer.token, '/member/order/order/counts');
  return body.counts.ALL;
}

/**
 * On the checkout page of a member without an address: 新增收货地址 in its inline form. Under load a
 * click can land while the region list is still sliding in: the list is opened again and the choice retried.
 */
async function addAddressInline(page: Page) {
  await expect(page.getByTestId('checkout-page')).toBeVisible();
  await page.getByRole('button', { name: /新增收货地址/ }).click();
  const dialog = page.getByRole('dialog', { name: '新增收货地址' });
  await dialog.getByLabel('收货人').fill('张三');
  await dialog.getByLabel('手机号').fill('13812345678');
  await chooseRegion(page, dialog.getByLabel('所在地区'), ['浙江省', '杭州市', '西湖区']);
  await dialog.getByLabel('详细地址').fill('文三路 100 号 1 幢 201 室');
  await shot(page, 'trade-address-form');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('checkout-address').first()).toHaveAttribute('aria-checked', 'true');
}

/** Picks province, city and district in the region cascader, again if a click was lost while it opened. */
async function chooseRegion(page: Page, field: ReturnType<Page['getByLabel']>, names: string[]) {
  await expect(async () => {
    if ((await page.locator('.ant-cascader-dropdown:visible').count()) === 0) await field.click();
    for (const name of names) {
      await page.locator('.ant-cascader-menu-item', { hasText: new RegExp(`^${name}$`) }).click({ timeout: 3_000 });
    }
    await expect(page.locator('.ant-cascader-dropdown:visible')).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test.describe('trade: cart, checkout, payment, orders and after-sales', () => {
  test('search → cart → checkout → sandbox payment → shipped → received → refunded', async ({ page }) => {
    const buyer = await newBuyer(page, 't');
    const goods = (await bestSellers(page.request))[0]!;

    // Search by name from the header, open the goods and add it to the cart.
    await searchAndAddToCart(page, goods);

    // The cart: the line, its subtotal and the server's total; then 去结算.
    await page.getByTestId('header-cart').click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByTestId('cart-line-name')).toHaveText([goods.name]);
    await expect(page.getByTestId('cart-selected-count')).toHaveText('1');
    const cartTotal = fenOf((await page.getByTestId('cart-total').textContent())!);
    expect(cartTotal).toBeGreaterThan(0);
    await shot(page, 'trade-cart');
    await page.getByRole('button', { name: /去\s*结\s*算/ }).click();
    await expect(page).toHaveURL(/\/checkout\?cartItemIds=/);

    // Checkout: the new member's first address added inline, the server's amounts, one order.
    await addAddressInline(page);
    await expect(page.getByTestId('checkout-item-name')).toHaveText([goods.name]);
    expect(fenOf((await page.getByTestId('amount-goods').textContent())!)).toBe(cartTotal);
    const payable = fenOf((await page.getByTestId('amount-payable').textContent())!);
    // 优惠 shows only when something came off.
    const discountRow = page.getByTestId('amount-discount');
    const discount = (await discountRow.count()) ? fenOf((await discountRow.textContent())!) : 0;
    const freight = cartTotal - discount >= 9900 ? 0 : 1000;
    expect(payable).toBe(cartTotal - discount + freight);
    await page.getByLabel('订单备注').fill('工作日送货');
    await shot(page, 'trade-checkout');
    await page.getByRole('button', { name: /提交订单/ }).dblclick();
    await expect(page).toHaveURL(/\/payment\?orderNo=\d+$/);
    const orderNo = new URL(page.url()).searchParams.get('orderNo')!;

    // Payment: amount, countdown, the sandbox method; the cashier page; back and paid.
    await expect(page.getByTestId('payment-amount')).toHaveText(`¥${(payable / 100).toFixed(2)}`);
    await expect(page.getByTestId('payment-countdown')).toContainText(/\d{2}分\d{2}秒/);
    await expect(page.getByRole('radio', { name: /模拟支付/ })).toBeChecked();
    await shot(page, 'trade-payment');
    await page.getByRole('button', { name: /去支付/ }).click();
    await expect(page).toHaveURL(/\/pay\/sandbox\/cashier\?/);
    await expect(page.getByRole('button', { name: '确认支付' })).toBeVisible();
    await shot(page, 'trade-cashier');
    await page.getByRole('button', { name: '确认支付' }).click();
    await expect(page.getByText('支付成功')).toBeVisible();
    await shot(page, 'trade-payment-success');
    await expect(page).toHaveURL(new RegExp(`/user/order/orderDetail/${orderNo}$`));
    await expect(page.getByTestId('order-detail-status')).toHaveText('待发货');

    // The double click made exactly one order (the new member's first).
    expect(await orderCount(page, buyer)).toBe(1);
    await page.goto('/user/order/myOrder');
    await expect(page.getByTestId('order-card').filter({ hasText: orderNo })).toHaveCount(1);
    await expect(page.getByTestId('order-card').filter({ hasText: orderNo }).getByTestId('order-status')).toHaveText(
      '待发货',
    );
    await expect(page.getByTestId('order-tab-PENDING_SHIPMENT')).toContainText('(1)');
    await shot(page, 'trade-my-orders');

    // Shipped by the operator: the detail shows the carrier; the buyer confirms receipt.
    await asOps(page.request, '/ops/order/ship', { orderNo, company: '顺丰速运', trackingNo: 'SF1234567890' });
    await page.getByTestId('order-card').filter({ hasText: orderNo }).getByRole('link', { name: orderNo }).click();
    await expect(page).toHaveURL(new RegExp(`/user/order/orderDetail/${orderNo}$`));
    await expect(page.getByTestId('order-detail-status')).toHaveText('待收货');
    await expect(page.getByTestId('order-logistics')).toContainText('SF1234567890');
    await page.getByRole('button', { name: '确认收货' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确认收货' }).click();
    await expect(page.getByTestId('order-detail-status')).toHaveText('已完成');
    await shot(page, 'trade-order-detail');

    // After-sale: refund only, with a reason and a picture; the refund is the whole paid amount.
    await page.getByTestId('item-after-sale').first().click();
    const dialog = page.getByRole('dialog', { name: '申请售后' });
    await expect(dialog.getByTestId('refund-estimate')).toHaveText(`¥${(payable / 100).toFixed(2)}`);
    await dialog.getByRole('radio', { name: '仅退款' }).check();
    // Under load a click can land while the list is still sliding in: try again until the reason shows.
    await expect(async () => {
      await dialog.getByLabel('售后原因').click();
      await page.locator('.ant-select-item-option', { hasText: '不想要了' }).click({ timeout: 3_000 });
      await expect(dialog.getByTitle('不想要了', { exact: true })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await dialog.getByLabel('问题描述').fill('买多了，未拆封');
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'evidence.png', mimeType: 'image/png', buffer: tinyPng() });
    await expect(
      dialog.locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-uploading)'),
    ).toHaveCount(1);
    await shot(page, 'trade-after-sale-apply');
    await dialog.getByRole('button', { name: /提交申请/ }).click();
    await expect(page).toHaveURL(/\/user\/order\/afterSaleOrderDetail\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('after-sale-detail-status')).toHaveText('待审核');
    await expect(page.getByTestId('after-sale-refund')).toHaveText(`¥${(payable / 100).toFixed(2)}`);
    await expect(page.getByRole('img', { name: '售后凭证' })).toHaveCount(1);
    const afterSaleNo = (await page.getByText(/售后单号：AS\d+/).textContent())!.match(/AS\d+/)![0];

    // The operator approves and refunds (through the sandbox provider): the buyer sees 已完成.
    await asOps(page.request, '/ops/afterSale/approve', { afterSaleNo });
    await asOps(page.request, '/ops/afterSale/refund', { afterSaleNo });
    await page.reload();
    await expect(page.getByTestId('after-sale-detail-status')).toHaveText('已完成');
    await expect(page.getByText(/退款已完成/)).toBeVisible();
    await shot(page, 'trade-after-sale-detail');
    await page.goto('/user/order/afterSaleOrder');
    await expect(page.getByTestId('after-sale-status')).toHaveText(['已完成']);
    await shot(page, 'trade-after-sale-list');
  });

  test('the member area: an unpaid order cancelled with a reason; the address book', async ({ page }) => {
    const buyer = await newBuyer(page, 'c');
    const goods = (await bestSellers(page.request))[0]!;
    const orderNo = await placeOrder(
      page.request,
      buyer.token,
      goods.id,
      await addAddress(page.request, buyer.token, '赵敏'),
    );

    // 待付款 tab → 取消订单 with a reason.
    await page.goto('/user/order/myOrder?status=PENDING_PAYMENT');
    const card = page.getByTestId('order-card').filter({ hasText: orderNo });
    await expect(card.getByTestId('order-status')).toHaveText('待付款');
    await card.getByRole('button', { name: '取消订单' }).click();
    const cancel = page.getByRole('dialog', { name: '取消订单' });
    await cancel.getByRole('radio', { name: '商品选错了' }).check();
    await shot(page, 'trade-cancel-order');
    await cancel.getByRole('button', { name: '确定取消' }).click();
    await expect(page.getByText('订单已取消').first()).toBeVisible();
    await page.goto(`/user/order/orderDetail/${orderNo}`);
    await expect(page.getByTestId('order-detail-status')).toHaveText('已取消');
    await expect(page.getByText(/商品选错了/).first()).toBeVisible();

    // The payment page of a cancelled order says so.
    await page.goto(`/payment?orderNo=${orderNo}`);
    await expect(page.getByText('订单已取消', { exact: true })).toBeVisible();
    await shot(page, 'trade-payment-cancelled');

    // The address book: a wrong number refused beside its field; added; made the default; deleted.
    await page.goto('/user/member/address');
    await expect(page.getByRole('heading', { name: '收货地址' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: '赵敏' }).getByText('默认', { exact: true })).toBeVisible();
    await page
      .getByRole('button', { name: /新增收货地址/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: '新增收货地址' });
    await dialog.getByLabel('收货人').fill('李四');
    await dialog.getByLabel('手机号').fill('1391234');
    await chooseRegion(page, dialog.getByLabel('所在地区'), ['北京市', '市辖区', '朝阳区']);
    await dialog.getByLabel('详细地址').fill('建国路 1 号');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog.getByText('手机号格式不正确')).toBeVisible();
    await dialog.getByLabel('手机号').fill('13912345678');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: '李四' });
    await expect(row).toContainText('北京市 朝阳区 建国路 1 号');
    await shot(page, 'trade-address');
    await row.getByRole('button', { name: '设为默认' }).click();
    await expect(row.getByText('默认', { exact: true })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: '赵敏' }).getByText('默认', { exact: true })).toHaveCount(0);
    await row.getByRole('button', { name: '删除' }).click();
    await page
      .getByRole('tooltip')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await expect(page.getByRole('row').filter({ hasText: '李四' })).toHaveCount(0);
  });
});

/** A 1×1 PNG: the server accepts pictures by their bytes. */
function tinyPng(): Buffer {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
}
