import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { shot, signInAsDemo, storedItem } from './support/mall.ts';

/**
 * The trade path in the browser: search → detail → cart → checkout → sandbox payment → shipped by
 * the ops CLI → confirm receipt → after-sale refund → refunded; and cancelling an unpaid order
 * gives the stock back. `node scripts/e2e.mjs` sets E2E_OPS_TOKEN to the servers' operator token.
 */

const root = path.resolve(import.meta.dirname, '..');
const baseURL = () => process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
const opsToken = () => {
  const token = process.env.E2E_OPS_TOKEN;
  if (!token) throw new Error('E2E_OPS_TOKEN is not set: run through `node scripts/e2e.mjs`');
  return token;
};

/** ¥1,234.56 → 123456 fen. */
const fenOf = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
const stockOf = async (page: Page) => Number((await page.getByTestId('detail-stock').textContent())?.match(/库存 (\d+) 件/)?.[1]);

/** The operator CLI of the issue (`npm run ops -- ship …`), run against the test server. */
function opsCli(...args: string[]): string {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/ops.ts', ...args], {
    cwd: root,
    env: { ...process.env, OPS_URL: baseURL(), OPS_TOKEN: opsToken() },
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (result.status !== 0) throw new Error(`ops ${args.join(' ')} failed: ${result.stderr}${result.stdout}`);
  return result.stdout;
}

/** The ops API directly, for the after-sale steps the CLI does not offer. */
async function opsPost(page: Page, url: string, data: Record<string, string>) {
  const res = await page.request.post(url, { data, headers: { 'x-ops-token': opsToken() } });
  const body = (await res.json()) as { code: number; message: string; data: unknown };
  expect(body.code, body.message).toBe(0);
  return body.data;
}

/** Test setup through the API as the signed-in member: an empty cart. */
async function emptyCart(page: Page) {
  const headers = { Authorization: (await storedItem(page, 'accessToken'))! };
  const list = (await (await page.request.get('/member/trade/cart/list', { headers })).json()) as { data: { lines: { id: string }[] } };
  const ids = list.data.lines.map((l) => l.id);
  if (ids.length) await page.request.post('/member/trade/cart/remove', { headers, data: { ids } });
}

/** How many orders the member has (all tabs). */
async function orderCount(page: Page): Promise<number> {
  const headers = { Authorization: (await storedItem(page, 'accessToken'))! };
  const body = (await (await page.request.get('/member/order/order/counts', { headers })).json()) as { data: { counts: { ALL: number } } };
  return body.data.counts.ALL;
}

/** A goods on shelf with stock: the top best seller. */
async function bestSeller(page: Page): Promise<{ id: number; name: string }> {
  const body = (await (await page.request.get('/member/goods/getGoodsSalesList/6')).json()) as { data: { id: number; name: string }[] };
  return body.data[0]!;
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
  await shot(page, 'trade-address-form');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('checkout-address').first()).toHaveAttribute('aria-checked', 'true');
}

test.describe('trade: cart, checkout, payment, orders and after-sales', () => {
  test('search → cart → checkout → sandbox payment → shipped → received → refunded', async ({ page }) => {
    test.setTimeout(180_000);
    await signInAsDemo(page);
    await emptyCart(page);
    const goods = await bestSeller(page);

    // Search by name from the header, open the goods and add it to the cart.
    const box = page.getByLabel('搜索商品');
    await box.fill(goods.name);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/goodsList\?keyword=/);
    await page.locator(`a[href="/goodsDetail?id=${goods.id}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`/goodsDetail\\?id=${goods.id}$`));
    await expect(page.getByTestId('detail-stock')).toHaveText(/库存 \d+ 件/);
    await page.getByRole('button', { name: /加入购物车/ }).click();
    await expect(page.getByText(/已加入购物车/)).toBeVisible();
    await expect(page.getByTestId('header-cart')).toHaveAttribute('aria-label', '购物车，1 件商品');

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

    // Checkout: an address (added inline when there is none), the server's amounts, one order.
    await ensureAddress(page);
    await expect(page.getByTestId('checkout-item-name')).toHaveText([goods.name]);
    expect(fenOf((await page.getByTestId('amount-goods').textContent())!)).toBe(cartTotal);
    const payable = fenOf((await page.getByTestId('amount-payable').textContent())!);
    // The server picks the buyer's best coupon by itself (another spec may have granted the demo member one).
    const discount = fenOf((await page.getByTestId('amount-discount').textContent())!);
    const freight = cartTotal - discount >= 9900 ? 0 : 1000;
    expect(payable).toBe(cartTotal - discount + freight);
    const ordersBefore = await orderCount(page);
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

    // The double click made exactly one order.
    expect(await orderCount(page)).toBe(ordersBefore + 1);
    await page.goto('/user/order/myOrder');
    await expect(page.getByTestId('order-card').filter({ hasText: orderNo })).toHaveCount(1);
    await expect(page.getByTestId('order-card').filter({ hasText: orderNo }).getByTestId('order-status')).toHaveText('待发货');
    await expect(page.getByTestId('order-tab-PENDING_SHIPMENT')).toContainText(/\(\d+\)/);
    await shot(page, 'trade-my-orders');

    // Shipped by the operator CLI: the detail shows the carrier; the buyer confirms receipt.
    expect(opsCli('ship', orderNo, '顺丰速运', 'SF1234567890')).toContain('已发货');
    await page.goto(`/user/order/orderDetail/${orderNo}`);
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
    await dialog.locator('input[type=file]').setInputFiles({ name: 'evidence.png', mimeType: 'image/png', buffer: tinyPng() });
    await expect(dialog.locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-uploading)')).toHaveCount(1);
    await shot(page, 'trade-after-sale-apply');
    await dialog.getByRole('button', { name: /提交申请/ }).click();
    await expect(page).toHaveURL(/\/user\/order\/afterSaleOrderDetail\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('after-sale-detail-status')).toHaveText('待审核');
    await expect(page.getByTestId('after-sale-refund')).toHaveText(`¥${(payable / 100).toFixed(2)}`);
    await expect(page.getByRole('img', { name: '售后凭证' })).toHaveCount(1);
    const afterSaleNo = (await page.getByText(/售后单号：AS\d+/).textContent())!.match(/AS\d+/)![0];

    // The operator approves and refunds (through the sandbox provider): the buyer sees 已完成.
    await opsPost(page, '/ops/afterSale/approve', { afterSaleNo });
    await opsPost(page, '/ops/afterSale/refund', { afterSaleNo });
    await page.reload();
    await expect(page.getByTestId('after-sale-detail-status')).toHaveText('已完成');
    await expect(page.getByText(/退款已完成/)).toBeVisible();
    await shot(page, 'trade-after-sale-detail');
    await page.goto('/user/order/afterSaleOrder');
    await expect(page.getByTestId('after-sale-status').first()).toHaveText('已完成');
    await shot(page, 'trade-after-sale-list');
  });

  test('cancelling an unpaid order gives the stock back', async ({ page }) => {
    test.setTimeout(120_000);
    await signInAsDemo(page);
    const goods = await bestSeller(page);
    await page.goto(`/goodsDetail?id=${goods.id}`);
    await expect(page.getByTestId('detail-stock')).toHaveText(/库存 \d+ 件/);
    const before = await stockOf(page);

    await page.getByRole('button', { name: /立即购买/ }).click();
    await expect(page).toHaveURL(/\/checkout\?skuId=\d+&quantity=1$/);
    await ensureAddress(page);
    await page.getByRole('button', { name: /提交订单/ }).click();
    await expect(page).toHaveURL(/\/payment\?orderNo=\d+$/);
    const orderNo = new URL(page.url()).searchParams.get('orderNo')!;

    // Stock is taken when the order is made.
    await page.goto(`/goodsDetail?id=${goods.id}`);
    await expect(page.getByTestId('detail-stock')).toHaveText(`库存 ${before - 1} 件`);

    // 待付款 tab → 取消订单 with a reason.
    await page.goto('/user/order/myOrder?status=PENDING_PAYMENT');
    const card = page.getByTestId('order-card').filter({ hasText: orderNo });
    await expect(card.getByTestId('order-status')).toHaveText('待付款');
    await card.getByRole('button', { name: '取消订单' }).click();
    const dialog = page.getByRole('dialog', { name: '取消订单' });
    await dialog.getByRole('radio', { name: '商品选错了' }).check();
    await shot(page, 'trade-cancel-order');
    await dialog.getByRole('button', { name: '确定取消' }).click();
    await expect(page.getByText('订单已取消').first()).toBeVisible();
    await page.goto(`/user/order/orderDetail/${orderNo}`);
    await expect(page.getByTestId('order-detail-status')).toHaveText('已取消');
    await expect(page.getByText(/商品选错了/).first()).toBeVisible();

    // The payment page of a cancelled order says so.
    await page.goto(`/payment?orderNo=${orderNo}`);
    await expect(page.getByText('订单已取消', { exact: true })).toBeVisible();
    await shot(page, 'trade-payment-cancelled');

    await page.goto(`/goodsDetail?id=${goods.id}`);
    await expect(page.getByTestId('detail-stock')).toHaveText(`库存 ${before} 件`);
  });

  test('the address book: add, set default, delete', async ({ page }) => {
    await signInAsDemo(page);
    await page.goto('/user/member/address');
    await expect(page.getByRole('heading', { name: '收货地址' })).toBeVisible();
    await page.getByRole('button', { name: /新增收货地址/ }).first().click();
    const dialog = page.getByRole('dialog', { name: '新增收货地址' });
    await dialog.getByLabel('收货人').fill('李四');
    await dialog.getByLabel('手机号').fill('1391234');
    await dialog.getByLabel('所在地区').click();
    await page.locator('.ant-cascader-menu-item', { hasText: /^北京市$/ }).click();
    await page.locator('.ant-cascader-menu-item', { hasText: /^市辖区$/ }).click();
    await page.locator('.ant-cascader-menu-item', { hasText: /^朝阳区$/ }).click();
    await dialog.getByLabel('详细地址').fill('建国路 1 号');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog.getByText('手机号格式不正确')).toBeVisible();
    await dialog.getByLabel('手机号').fill('13912345678');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: '李四' });
    await expect(row).toContainText('北京市 朝阳区 建国路 1 号');
    await shot(page, 'trade-address');
    if (await row.getByRole('button', { name: '设为默认' }).isVisible()) {
      await row.getByRole('button', { name: '设为默认' }).click();
      await expect(row.getByText('默认', { exact: true })).toBeVisible();
    }
    await row.getByRole('button', { name: '删除' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: /删\s*除/ }).click();
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
