import crypto from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, opsHeaders, type Envelope } from './console.ts';
import { apiSignIn, bestSellerIds, idCheckChar, signUpMember, type Member } from './member.ts';

/**
 * Set-up for the 分销 specs over HTTP, so that the browser drives only the screens under test: a
 * distributor already approved, a buyer already bound through their link, orders already paid at the
 * sandbox platform, shipped and received. The rules behind each step are the server's API tests'
 * (apps/server/src/modules/distribution).
 */

export type Programme = 'CLASSIC' | 'PROMOTER';

/** A console call with the ops token that must succeed; answers its data. */
export async function opsCall<T = unknown>(api: APIRequestContext, path: string, body?: unknown): Promise<T> {
  const res =
    body === undefined
      ? await api.get(path, { headers: opsHeaders() })
      : await api.post(path, { headers: opsHeaders(), data: body });
  const reply = (await res.json()) as Envelope<T>;
  expect(reply.code, `${path}: ${reply.message}`).toBe(0);
  return reply.data;
}

/** A member call with a member's access token that must succeed; answers its data. */
export async function memberCall<T = unknown>(api: APIRequestContext, token: string, path: string, body?: unknown): Promise<T> {
  const headers = { Authorization: token };
  const res = body === undefined ? await api.get(path, { headers }) : await api.post(path, { headers, data: body });
  const reply = (await res.json()) as Envelope<T>;
  expect(reply.code, `${path}: ${reply.message}`).toBe(0);
  return reply.data;
}

export interface GoodsDetail {
  id: number;
  name: string;
  skus: { id: number; price: number; stock: number }[];
}

interface GoodsRow {
  id: number;
  onShelf: boolean;
  skuCount: number;
  stock: number;
  storeName: string | null;
  isCrossBorder: boolean;
}

/**
 * The shop's own one-SKU goods on shelf with stock (a store's goods are shipped by the store), at
 * least ¥20, in no activity, not a best seller (other specs buy those) and not cross-border (no
 * real-name needed to buy), in the order the console lists them, `skip` of them passed over.
 */
export async function plainGoods(api: APIRequestContext, count: number, skip = 0): Promise<GoodsDetail[]> {
  const taken = new Set<number>();
  const acts = await opsCall<{ list: { skus: { skuId: number }[] }[] }>(api, '/ops/promotion/activity/page?pageNum=1&pageSize=50');
  for (const a of acts.list) for (const s of a.skus) taken.add(s.skuId);
  const best = new Set(await bestSellerIds(api));
  const page = await opsCall<{ list: GoodsRow[] }>(api, '/ops/goods/page?pageNum=1&pageSize=50');
  const out: GoodsDetail[] = [];
  let passed = 0;
  for (const g of page.list) {
    if (!g.onShelf || g.storeName || g.isCrossBorder || g.skuCount !== 1 || g.stock < 20 || best.has(g.id)) continue;
    const d = await opsCall<GoodsDetail>(api, `/ops/goods/detail?goodsId=${g.id}`);
    if (taken.has(d.skus[0]!.id) || d.skus[0]!.price < 2000) continue;
    if (passed++ < skip) continue;
    out.push(d);
    if (out.length === count) return out;
  }
  throw new Error('演示数据里没有足够的单规格、有库存的商品');
}

/** A goods made a 分销 goods at `basisPoints` of what the buyer pays (10 % unless told). */
export async function classicGoods(api: APIRequestContext, skip = 2, basisPoints = 1000): Promise<GoodsDetail> {
  const [goods] = await plainGoods(api, 1, skip);
  await opsCall(api, '/ops/distribution/goods/save', {
    programme: 'CLASSIC',
    goodsId: goods!.id,
    skus: [{ skuId: goods!.skus[0]!.id, ruleType: 'RATE', basisPoints }],
  });
  return goods!;
}

/** A real-name record of the member (a valid, made-up ID number); answers its id. */
export async function addRealName(api: APIRequestContext, token: string, name: string): Promise<string> {
  const body17 = `110105199004${String(crypto.randomInt(10, 28))}${String(crypto.randomInt(100, 999))}`;
  const record = await memberCall<{ id: string }>(api, token, '/member/user/realName/add', {
    name,
    idNumber: body17 + idCheckChar(body17),
  });
  return record.id;
}

export interface Distributor {
  member: Member;
  token: string;
}

/** A new member who applied to `programme` with a real-name record `name` (审核中), and their token. */
export async function applicant(api: APIRequestContext, name: string, programme: Programme, tag: string) {
  const member = await signUpMember(api, tag);
  const token = await apiSignIn(api, member);
  const applied = await memberCall<{ latest: { id: number } }>(api, token, '/member/distribution/apply', {
    programme,
    realNameId: await addRealName(api, token, name),
    mobile: member.mobile,
    channel: '微信群',
    reason: `我在${tag}的小区团购群里有 300 位邻居，想分享好物`,
  });
  return { member, token, applicationId: applied.latest.id };
}

/** A member already approved into `programme`. */
export async function approvedDistributor(api: APIRequestContext, name: string, programme: Programme, tag: string): Promise<Distributor> {
  const a = await applicant(api, name, programme, tag);
  await opsCall(api, '/ops/distribution/application/approve', { id: a.applicationId });
  return { member: a.member, token: a.token };
}

/** The distributor's shared link to a goods: its URL and its `share` parameter. */
export async function shareLink(api: APIRequestContext, d: Distributor, goodsId: number, programme: Programme) {
  const { url } = await memberCall<{ url: string }>(api, d.token, '/member/distribution/goods/get_url_scheme', { goodsId, programme });
  return { url, share: new URL(url).searchParams.get('share')! };
}

export interface Buyer {
  member: Member;
  token: string;
  addressId: string;
}

/** A new member with an address who opened the link `share` signed in: bound to its distributor. */
export async function boundBuyer(api: APIRequestContext, share: string): Promise<Buyer> {
  const member = await signUpMember(api, 'p');
  const token = await apiSignIn(api, member);
  const visit = await memberCall<{ state: string }>(api, token, '/member/distribution/visit', { share });
  expect(visit.state).toBe('BOUND');
  return { member, token, addressId: await addAddress(api, token) };
}

/** An address in 杭州 for the member; answers its id. */
export async function addAddress(api: APIRequestContext, token: string): Promise<string> {
  const address = await memberCall<{ id: string }>(api, token, '/member/trade/address/create', {
    receiverName: '钱多多',
    mobile: '13912345678',
    provinceCode: '33',
    cityCode: '3301',
    districtCode: '330106',
    detail: '文三路 100 号',
    isDefault: true,
  });
  return address.id;
}

/**
 * An order of `quantity` × `skuId`, paid at the sandbox platform as its cashier's 确认支付 posts it
 * (the cashier's own screens are driven in trade.spec.ts); answers the order number.
 */
export async function paidOrder(api: APIRequestContext, buyer: Pick<Buyer, 'token' | 'addressId'>, skuId: number, quantity = 1) {
  const { orderNo } = await memberCall<{ orderNo: string }>(api, buyer.token, '/member/trade/checkout/submit', {
    buyNow: { skuId, quantity },
    addressId: buyer.addressId,
    idempotencyKey: crypto.randomBytes(12).toString('hex'),
  });
  await payAtSandbox(api, buyer.token, orderNo);
  return orderNo;
}

/** Pays the member's order at the sandbox platform: the pay request's signed fields posted to 确认支付. */
export async function payAtSandbox(api: APIRequestContext, token: string, orderNo: string) {
  const created = await memberCall<{ payUrl?: string }>(api, token, '/member/pay/order/create', { orderNo, method: 'sandbox' });
  expect(created.payUrl, '沙箱支付给出收银台地址').toBeTruthy();
  const fields = Object.fromEntries(new URL(created.payUrl!, 'http://x').searchParams);
  const confirmed = await api.post('/pay/sandbox/cashier/confirm', { form: fields, maxRedirects: 0 });
  expect(confirmed.status(), await confirmed.text()).toBe(303);
  const status = await memberCall<{ paid: boolean }>(api, token, `/member/pay/order/status?orderNo=${orderNo}`);
  expect(status.paid, `订单 ${orderNo} 已支付`).toBe(true);
}

/** A refund-only after-sale of the order's first line, approved and refunded by the console; answers its number. */
export async function refundedOrder(api: APIRequestContext, buyerToken: string, orderNo: string) {
  const detail = await memberCall<{ items: { id: string; quantity: number }[] }>(api, buyerToken, `/member/order/order/detail?orderNo=${orderNo}`);
  const { afterSaleNo } = await memberCall<{ afterSaleNo: string }>(api, buyerToken, '/member/order/afterSale/apply', {
    orderItemId: detail.items[0]!.id,
    type: 'REFUND_ONLY',
    reason: '不想要了',
    quantity: detail.items[0]!.quantity,
    images: [],
  });
  await opsCall(api, '/ops/afterSale/approve', { afterSaleNo });
  await opsCall(api, '/ops/afterSale/refund', { afterSaleNo });
  return afterSaleNo;
}

/** One shop setting's value, and a way to put it back. */
export async function setting<T>(api: APIRequestContext, key: string): Promise<T> {
  const all = await opsCall<{ settings: { key: string; value: unknown }[] }>(api, '/ops/settings');
  return all.settings.find((s) => s.key === key)!.value as T;
}

export async function saveSetting(api: APIRequestContext, key: string, value: unknown) {
  await opsCall(api, '/ops/settings/save', { key, value });
}

/**
 * Completes the order with its settlement moment now: 分销 settles when the after-sale window
 * (售后期限) closes, 推广 after 分销设置's settleDays; both are 0 for the moment of completion and
 * put back at once (other specs share this server). The order sweeper (every 30 s) then settles it.
 */
export async function completedToSettleNow(api: APIRequestContext, buyerToken: string, orderNo: string) {
  const afterSaleDays = await setting<number>(api, 'afterSaleDays');
  const distribution = await setting<Record<string, unknown>>(api, 'distribution');
  await opsCall(api, '/ops/order/ship', { orderNo, company: '顺丰速运', trackingNo: `SF${Date.now()}` });
  await saveSetting(api, 'afterSaleDays', 0);
  await saveSetting(api, 'distribution', { ...distribution, settleDays: 0 });
  try {
    await memberCall(api, buyerToken, '/member/order/order/confirm', { orderNo });
  } finally {
    await saveSetting(api, 'afterSaleDays', afterSaleDays);
    await saveSetting(api, 'distribution', distribution);
  }
}

/** The member's balances in a programme. */
export async function balances(api: APIRequestContext, token: string, programme: Programme) {
  const s = await memberCall<{ balances: { frozenFen: number; availableFen: number; withdrawingFen: number; withdrawnFen: number } }>(
    api,
    token,
    `/member/distribution/income/summary?programme=${programme}`,
  );
  return s.balances;
}

/** Waits over the API (reloading a page for a minute can sign it out) until the sweeper has settled `fen`. */
export async function settled(api: APIRequestContext, token: string, programme: Programme, fen: number) {
  await expect
    .poll(async () => (await balances(api, token, programme)).availableFen, { timeout: 75_000, intervals: [1_000, 2_000] })
    .toBeGreaterThanOrEqual(fen);
}

/**
 * The console signed in as the demo operator without its sign-in screen (driven in the console's own
 * specs): the token from /ops/auth/login laid where the console keeps it before its first script.
 */
export async function openConsoleSession(page: Page) {
  const res = await page.request.post('/ops/auth/login', { data: ADMIN });
  const reply = (await res.json()) as Envelope<{ token: string }>;
  expect(reply.code, reply.message).toBe(0);
  await page.addInitScript((token) => {
    if (sessionStorage.getItem('e2e-console-laid')) return;
    sessionStorage.setItem('e2e-console-laid', '1');
    localStorage.setItem('admin-token', token);
  }, reply.data.token);
}

export const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
