import crypto from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { opsHeaders } from './console.ts';
import { signUpMember, type Member } from './member.ts';
import { openMemberSession } from './session.ts';

/**
 * Set-up over the API for buyer journeys that are not about signing up, ordering or paying: a new
 * member with a session open in the page's tab, an address, an order placed, paid through the sandbox
 * platform's own confirm call (the notification a real cashier click sends), shipped and received.
 * The screens themselves are driven in trade.spec.ts and signin-place.spec.ts.
 */

interface Reply<T> {
  code: number;
  message: string;
  data: T;
}

/** A member's JSON call with their access token: GET without a body, POST with one; expects code 0. */
export async function asMember<T>(request: APIRequestContext, token: string, path: string, body?: unknown): Promise<T> {
  const headers = { Authorization: token };
  const res = body === undefined ? await request.get(path, { headers }) : await request.post(path, { headers, data: body });
  expect(res.ok(), path).toBeTruthy();
  const reply = (await res.json()) as Reply<T>;
  expect(reply.code, `${path}: ${reply.message}`).toBe(0);
  return reply.data;
}

/** An operator's call with the ops token; expects code 0. */
export async function asOps<T>(request: APIRequestContext, path: string, body?: unknown): Promise<T> {
  const headers = opsHeaders();
  const res = body === undefined ? await request.get(path, { headers }) : await request.post(path, { headers, data: body });
  expect(res.ok(), path).toBeTruthy();
  const reply = (await res.json()) as Reply<T>;
  expect(reply.code, `${path}: ${reply.message}`).toBe(0);
  return reply.data;
}

export interface Buyer extends Member {
  /** The access token of the session laid in the page. */
  token: string;
}

/** A new member (SMS sign-up over the API) whose session the page opens on its next navigation. */
export async function newBuyer(page: Page, tag: string): Promise<Buyer> {
  const member = await signUpMember(page.request, tag);
  const { accessToken } = await openMemberSession(page, member);
  return { ...member, token: accessToken };
}

/** A delivery address in Hangzhou; returns its id. */
export async function addAddress(request: APIRequestContext, token: string, receiverName = '赵敏', isDefault = true) {
  const made = await asMember<{ id: string }>(request, token, '/member/trade/address/create', {
    receiverName,
    mobile: '13912345678',
    provinceCode: '33',
    cityCode: '3301',
    districtCode: '330106',
    detail: '文三路 100 号',
    isDefault,
  });
  return made.id;
}

/** An order of one unit of the goods' first SKU in stock; returns its number. */
export async function placeOrder(request: APIRequestContext, token: string, goodsId: number, addressId: string) {
  const detail = await asMember<{ skus: { id: number; stock: number }[] }>(request, token, `/member/goods/goods/detail/${goodsId}`);
  const sku = detail.skus.find((s) => s.stock > 0);
  expect(sku, `goods ${goodsId} has a SKU in stock`).toBeTruthy();
  const order = await asMember<{ orderNo: string }>(request, token, '/member/trade/checkout/submit', {
    buyNow: { skuId: sku!.id, quantity: 1 },
    addressId,
    idempotencyKey: crypto.randomBytes(12).toString('hex'),
  });
  return order.orderNo;
}

/** Pays an order in the sandbox: the payment is created as the payment page does, then confirmed as the cashier's button does. */
export async function payOrder(request: APIRequestContext, token: string, orderNo: string) {
  const [method] = await asMember<{ method: string }[]>(request, token, '/member/pay/methods');
  const started = await asMember<{ payUrl?: string }>(request, token, '/member/pay/order/create', { orderNo, method: method!.method });
  expect(started.payUrl, 'the sandbox answers a cashier address').toMatch(/^\/pay\/sandbox\/cashier\?/);
  const params = Object.fromEntries(new URL(started.payUrl!, 'http://shop').searchParams);
  const confirmed = await request.post('/pay/sandbox/cashier/confirm', { form: params, maxRedirects: 0 });
  expect(confirmed.status(), 'the cashier confirms and sends the buyer back').toBe(303);
  const status = await asMember<{ paid: boolean }>(request, token, `/member/pay/order/status?orderNo=${orderNo}`);
  expect(status.paid).toBe(true);
}

/** An order of the goods placed, paid, shipped by the operator and received by the buyer; returns its number. */
export async function receivedOrder(request: APIRequestContext, token: string, goodsId: number, addressId: string) {
  const orderNo = await placeOrder(request, token, goodsId, addressId);
  await payOrder(request, token, orderNo);
  await asOps(request, '/ops/order/ship', { orderNo, company: '顺丰速运', trackingNo: `SF${Date.now()}` });
  await asMember(request, token, '/member/order/order/confirm', { orderNo });
  return orderNo;
}

/**
 * What a buyer does to put a goods in the cart: searches its name from the header, opens it from the
 * results and adds it (the page's stock shown); the header's cart then counts one.
 */
export async function searchAndAddToCart(page: Page, goods: { id: number; name: string }) {
  await page.goto('/');
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
}
