import { expect } from 'vitest';
import {
  applyAfterSale,
  asOps,
  buyer,
  consoleCalls,
  dbOf,
  firstItemId,
  idNumber,
  makeGoods,
  memberIdOf,
  placeOrder,
  registeredMember,
  type TestServer,
} from '../../test/kit/index.ts';
import { settleDue } from './commissions.ts';

/** Members for the distribution tests: with a real-name record, and approved into a programme. */
let seq = 300;

export async function withRealName(server: TestServer) {
  const m = await registeredMember(server.api);
  const token = m.accessToken;
  const added = await server.api.post('/member/user/realName/add', {
    token,
    json: { name: '王小明', idNumber: idNumber('110105', '19880808', String(seq++)) },
  });
  expect(added.code, added.message).toBe(0);
  return { token, memberId: await memberIdOf(server.api, token), realNameId: added.data.id as string };
}

/** An approved member of `programme` (推广: invited by `inviteCode` when given), with their share code. */
export async function approvedDistributor(
  server: TestServer,
  opsToken: string,
  programme: 'CLASSIC' | 'PROMOTER' = 'CLASSIC',
  inviteCode?: string,
) {
  const m = await withRealName(server);
  const applied = await server.api.post('/member/distribution/apply', {
    token: m.token,
    json: {
      programme,
      realNameId: m.realNameId,
      mobile: '13700001111',
      channel: '微信群',
      reason: '分享给朋友',
      inviteCode,
    },
  });
  expect(applied.code, applied.message).toBe(0);
  const approved = await server.api.post('/ops/distribution/application/approve', {
    json: { id: applied.data.latest.id },
    ...asOps(opsToken),
  });
  expect(approved.code, approved.message).toBe(0);
  const status = await server.api.get(`/member/distribution/apply/status?programme=${programme}`, { token: m.token });
  return { ...m, shareCode: status.data.shareCode as string };
}

/** A buyer (with an address) bound to a sharer through the sharer's link to `goodsId`. */
export async function boundBuyer(server: TestServer, sharerToken: string, goodsId: number) {
  const b = await buyer(server.api);
  const url = (
    await server.api.post('/member/distribution/goods/get_url_scheme', { token: sharerToken, json: { goodsId } })
  ).data.url;
  const visit = await server.api.post('/member/distribution/visit', {
    token: b.token,
    json: { share: new URL(url).searchParams.get('share') },
  });
  expect(visit.data.state).toBe('BOUND');
  return { ...b, memberId: await memberIdOf(server.api, b.token) };
}

/** A goods with one SKU in 分销 at `basisPoints` of the paid amount. */
export async function classicGoods(server: TestServer, opsToken: string, basisPoints = 500, priceFen = 20000) {
  const g = await makeGoods(dbOf(server), { priceFen, stock: 100 });
  const saved = await consoleCalls(server, opsToken).post('/ops/distribution/goods/save', {
    programme: 'CLASSIC',
    goodsId: g.goodsId,
    skus: [{ skuId: g.skuId, ruleType: 'RATE', basisPoints }],
  });
  expect(saved.code, saved.message).toBe(0);
  return g;
}

/** Shipped by the console and confirmed by the buyer: the order completes. */
export async function completeOrder(server: TestServer, opsToken: string, orderNo: string, buyerToken: string) {
  const ops = consoleCalls(server, opsToken);
  expect(
    (await ops.post('/ops/order/ship', { orderNo, company: '顺丰速运', trackingNo: `SF${Date.now()}` })).code,
  ).toBe(0);
  expect((await server.api.post('/member/order/order/confirm', { token: buyerToken, json: { orderNo } })).code).toBe(0);
}

/** A refund-only after-sale of `quantity` units of the order's first line, approved and refunded by the console. */
export async function refundFirstLine(
  server: TestServer,
  opsToken: string,
  buyerToken: string,
  orderNo: string,
  quantity = 1,
) {
  const no = await applyAfterSale(server, buyerToken, await firstItemId(server, buyerToken, orderNo), { quantity });
  await refundAfterSale(server, opsToken, no);
}

/** An after-sale request approved and refunded by the console. */
export async function refundAfterSale(server: TestServer, opsToken: string, afterSaleNo: string) {
  const ops = consoleCalls(server, opsToken);
  expect((await ops.post('/ops/afterSale/approve', { afterSaleNo })).code).toBe(0);
  const done = await ops.post('/ops/afterSale/refund', { afterSaleNo });
  expect(done.code, done.message).toBe(0);
}

/** Bought by `b` (`units` of `skuId`), completed and past its after-sale window: its commission settled. */
export async function settledOrder(
  server: TestServer,
  opsToken: string,
  b: Parameters<typeof placeOrder>[1],
  skuId: number,
  units = 1,
) {
  const { orderNo } = await placeOrder(server, b, skuId, units);
  await completeOrder(server, opsToken, orderNo, b.token);
  await settleDue(server.running.app.ctx, new Date(Date.now() + 8 * 86_400_000));
  return orderNo;
}
