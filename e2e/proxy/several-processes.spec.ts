import { expect, test } from '@playwright/test';
import { ops, signInToConsole } from '../support/console.ts';
import { bestSellers } from '../support/member.ts';
import { addAddress, newBuyer, searchAndAddToCart } from '../support/order-kit.ts';

/**
 * The main journeys through nginx in front of two server processes on one PostgreSQL
 * (`npm run test:e2e:proxy`, scripts/e2e-proxy.mjs): a buyer goes home → search → goods → cart →
 * checkout → the sandbox cashier → the order reads 待发货; the demo operator signs in to the console
 * and finds that order 待发货. Any request may land on either process, so each step also shows that
 * the processes share sessions, carts and orders. The wrapper checks afterwards that both processes
 * answered requests. Then what nginx itself decides: the client's address (X-Forwarded-For) and a body
 * past its limit. Not part of `npm run test:e2e` (playwright.config.ts ignores e2e/proxy/).
 */

test.use({ viewport: { width: 1440, height: 900 } });

test('through the proxy: search → cart → checkout → paid 待发货; the operator finds the order', async ({ page }) => {
  const buyer = await newBuyer(page, 'px');
  await addAddress(page.request, buyer.token); // the journey is the order, not the address form
  const goods = (await bestSellers(page.request))[0]!;

  await searchAndAddToCart(page, goods);

  await page.getByTestId('header-cart').click();
  await expect(page.getByTestId('cart-line-name')).toHaveText([goods.name]);
  await page.getByRole('button', { name: /去\s*结\s*算/ }).click();
  await expect(page).toHaveURL(/\/checkout\?cartItemIds=/);
  await expect(page.getByTestId('checkout-address').first()).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('checkout-item-name')).toHaveText([goods.name]);
  await page.getByRole('button', { name: /提交订单/ }).click();
  await expect(page).toHaveURL(/\/payment\?orderNo=\d+$/);
  const orderNo = new URL(page.url()).searchParams.get('orderNo')!;

  await page.getByRole('button', { name: /去支付/ }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\/cashier\?/);
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByText('支付成功')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/user/order/orderDetail/${orderNo}$`));
  await expect(page.getByTestId('order-detail-status')).toHaveText('待发货');

  // The operator: the console's sign-in screen (its session is kept apart from the buyer's), then 订单 by number.
  const operator = page;
  await signInToConsole(operator);
  await operator.goto('/admin/orders');
  await expect(operator.getByRole('heading', { name: '订单' })).toBeVisible();
  await operator.getByPlaceholder('订单号 / 商品名称').fill(orderNo);
  await operator.getByRole('button', { name: /查\s*询/ }).click();
  const row = operator.getByRole('row').filter({ hasText: orderNo });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('待发货');
});

test('the client address is the one nginx saw: a forged X-Forwarded-For is not believed', async ({ request }) => {
  const signIn = await request.post('/ops/auth/login', {
    data: { username: 'admin', password: 'MallAdmin#2026' },
    headers: { 'X-Forwarded-For': '203.0.113.9' },
  });
  expect((await signIn.json()).code).toBe(0);
  const page = await ops<{ list: { action: string; ip: string | null }[] }>(
    request,
    '/ops/audit/page?pageNum=1&pageSize=5&action=auth.login',
  );
  expect(page.code, page.message).toBe(0);
  // nginx replaced the header with the address of the connection it took (this machine).
  expect(page.data.list[0]?.ip).toBe('127.0.0.1');
});

test("a body past nginx's limit is refused by nginx in the shop's envelope, in Chinese", async ({ request }) => {
  const res = await request.post('/member/site/site', {
    headers: { 'content-type': 'application/octet-stream' },
    data: Buffer.alloc(7 * 1024 * 1024), // above client_max_body_size (6 MB), so the servers never see it
  });
  expect(res.status()).toBe(413);
  expect(await res.json()).toEqual({ code: 413, message: '请求内容过大', data: null, success: false });
});
