import crypto from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { addAddress, asMember, asOps, payOrder } from './order-kit.ts';
import { apiSignIn, bestSellerIds, idCheckChar, signUpMember, type Member } from './member.ts';

/**
 * Set-up for the 分销 specs over HTTP, so that the browser drives only the screens under test: a
 * distributor already approved, a buyer already bound through their link, orders already paid at the
 * sandbox platform, shipped and received. The rules behind each step are the server's API tests'
 * (apps/server/src/modules/distribution).
 */

export type Programme = 'CLASSIC' | 'PROMOTER';

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
  const acts = await asOps<{ list: { skus: { skuId: number }[] }[] }>(api, '/ops/promotion/activity/page?pageNum=1&pageSize=50');
  for (const a of acts.list) for (const s of a.skus) taken.add(s.skuId);
  const best = new Set(await bestSellerIds(api));
  const page = await asOps<{ list: GoodsRow[] }>(api, '/ops/goods/page?pageNum=1&pageSize=50');
  const out: GoodsDetail[] = [];
  let passed = 0;
  for (const g of page.list) {
    if (!g.onShelf || g.storeName || g.isCrossBorder || g.skuCount !== 1 || g.stock < 20 || best.has(g.id)) continue;
    const d = await asOps<GoodsDetail>(api, `/ops/goods/detail?goodsId=${g.id}`);
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
  await asOps(api, '/ops/distribution/goods/save', {
    programme: 'CLASSIC',
    goodsId: goods!.id,
    skus: [{ skuId: goods!.skus[0]!.id, ruleType: 'RATE', basisPoints }],
  });
  return goods!;
}

/** A real-name record of the member (a valid, made-up ID number); answers its id. */
export async function addRealName(api: APIRequestContext, token: string, name: string): Promise<string> {
  const body17 = `110105199004${String(crypto.randomInt(10, 28))}${String(crypto.randomInt(100, 999))}`;
  const record = await asMember<{ id: string }>(api, token, '/member/user/realName/add', {
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
  const applied = await asMember<{ latest: { id: number } }>(api, token, '/member/distribution/apply', {
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
  await asOps(api, '/ops/distribution/application/approve', { id: a.applicationId });
  return { member: a.member, token: a.token };
}

/** The distributor's shared link to a goods: its URL and its `share` parameter. */
export async function shareLink(api: APIRequestContext, d: Distributor, goodsId: number, programme: Programme) {
  const { url } = await asMember<{ url: string }>(api, d.token, '/member/distribution/goods/get_url_scheme', { goodsId, programme });
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
  const visit = await asMember<{ state: string }>(api, token, '/member/distribution/visit', { share });
  expect(visit.state).toBe('BOUND');
  return { member, token, addressId: await addAddress(api, token) };
}

/**
 * An order of `quantity` × `skuId`, paid at the sandbox platform as its cashier's 确认支付 posts it
 * (the cashier's own screens are driven in trade.spec.ts); answers the order number.
 */
export async function paidOrder(api: APIRequestContext, buyer: Pick<Buyer, 'token' | 'addressId'>, skuId: number, quantity = 1) {
  const { orderNo } = await asMember<{ orderNo: string }>(api, buyer.token, '/member/trade/checkout/submit', {
    buyNow: { skuId, quantity },
    addressId: buyer.addressId,
    idempotencyKey: crypto.randomBytes(12).toString('hex'),
  });
  await payOrder(api, buyer.token, orderNo);
  return orderNo;
}

/** A refund-only after-sale of the order's first line, approved and refunded by the console; answers its number. */
export async function refundedOrder(api: APIRequestContext, buyerToken: string, orderNo: string) {
  const detail = await asMember<{ items: { id: string; quantity: number }[] }>(api, buyerToken, `/member/order/order/detail?orderNo=${orderNo}`);
  const { afterSaleNo } = await asMember<{ afterSaleNo: string }>(api, buyerToken, '/member/order/afterSale/apply', {
    orderItemId: detail.items[0]!.id,
    type: 'REFUND_ONLY',
    reason: '不想要了',
    quantity: detail.items[0]!.quantity,
    images: [],
  });
  await asOps(api, '/ops/afterSale/approve', { afterSaleNo });
  await asOps(api, '/ops/afterSale/refund', { afterSaleNo });
  return afterSaleNo;
}

/** One shop setting's value, and a way to put it back. */
export async function setting<T>(api: APIRequestContext, key: string): Promise<T> {
  const all = await asOps<{ settings: { key: string; value: unknown }[] }>(api, '/ops/settings');
  return all.settings.find((s) => s.key === key)!.value as T;
}

export async function saveSetting(api: APIRequestContext, key: string, value: unknown) {
  await asOps(api, '/ops/settings/save', { key, value });
}

/**
 * Completes the order with its settlement moment now: 分销 settles when the after-sale window
 * (售后期限) closes, 推广 after 分销设置's settleDays; both are 0 for the moment of completion and
 * put back at once (other specs share this server). The order sweeper (every 30 s) then settles it.
 */
export async function completedToSettleNow(api: APIRequestContext, buyerToken: string, orderNo: string) {
  const afterSaleDays = await setting<number>(api, 'afterSaleDays');
  const distribution = await setting<Record<string, unknown>>(api, 'distribution');
  await asOps(api, '/ops/order/ship', { orderNo, company: '顺丰速运', trackingNo: `SF${Date.now()}` });
  await saveSetting(api, 'afterSaleDays', 0);
  await saveSetting(api, 'distribution', { ...distribution, settleDays: 0 });
  try {
    await asMember(api, buyerToken, '/member/order/order/confirm', { orderNo });
  } finally {
    await saveSetting(api, 'afterSaleDays', afterSaleDays);
    await saveSetting(api, 'distribution', distribution);
  }
}

/** The member's balances in a programme. */
export async function balances(api: APIRequestContext, token: string, programme: Programme) {
  const s = await asMember<{ balances: { frozenFen: number; availableFen: number; withdrawingFen: number; withdrawnFen: number } }>(
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

export const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
