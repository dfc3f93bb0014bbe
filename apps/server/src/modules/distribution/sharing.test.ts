import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { rows, sql } from '../../lib/db.ts';
import { asOps, dbOf, makeGoods, registeredMember, startTestServer, type TestServer } from '../../test/kit/index.ts';
import { approvedDistributor, withRealName } from './distribution-test-kit.ts';
import { signShare } from './share-token.ts';
import { visit } from './sharing.ts';

/**
 * Sharing over HTTP: operators choose the goods and their commission; a distributor gets a link with
 * its QR code; a visitor who opens it is remembered and bound on signing in, first touch winning;
 * nobody binds to themselves; a forged or expired link binds nobody.
 */
const OPS_TOKEN = 'distribution-sharing-ops-token-0123456789';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
}, 120_000);
afterAll(() => server?.close());

const ops = (path: string, json: unknown) =>
  server.api.post(`/ops/distribution/${path}`, { json, ...asOps(OPS_TOKEN) });
const link = (token: string, json: unknown) =>
  server.api.post('/member/distribution/goods/get_url_scheme', { token, json });
const shareOf = (url: string) => decodeURIComponent(new URL(url).searchParams.get('share')!);
const visitAs = (share: string, o: { token?: string; visitor?: string }) =>
  server.api.post('/member/distribution/visit', {
    token: o.token,
    json: { share },
    headers: o.visitor ? { VistorId: o.visitor } : {},
  });
const bindingOf = (buyerId: string, programme = 'CLASSIC') =>
  rows<{ sharer_id: string; permanent: boolean }>(
    dbOf(server),
    sql`SELECT sharer_id, permanent FROM distribution_bindings WHERE buyer_id = ${buyerId} AND programme = ${programme}`,
  );

async function classicGoods(priceFen = 19900) {
  const g = await makeGoods(dbOf(server), { priceFen, stock: 50 });
  const saved = await ops('goods/save', {
    programme: 'CLASSIC',
    goodsId: g.goodsId,
    skus: [{ skuId: g.skuId, ruleType: 'RATE', basisPoints: 500 }],
  });
  expect(saved.code, saved.message).toBe(0);
  return g;
}

describe('distribution goods (console)', () => {
  it('saves a rule per SKU, lists it with what one unit earns, replaces and removes', async () => {
    const g = await makeGoods(dbOf(server), {
      skus: [
        { specs: { 颜色: '红' }, priceFen: 10000, stock: 5 },
        { specs: { 颜色: '蓝' }, priceFen: 20000, stock: 5 },
      ],
    });
    const [red, blue] = g.skuIds as [number, number];
    const saved = await ops('goods/save', {
      programme: 'CLASSIC',
      goodsId: g.goodsId,
      skus: [
        { skuId: red, ruleType: 'FIXED', amountFen: 500 },
        { skuId: blue, ruleType: 'RATE', basisPoints: 1250 },
      ],
    });
    expect(saved).toMatchObject({ code: 0, message: '分销商品已保存' });
    expect(saved.data.skus).toEqual([
      expect.objectContaining({ skuId: red, ruleText: '¥5.00/件', commissionFen: 500 }),
      expect.objectContaining({ skuId: blue, ruleText: '12.5%', commissionFen: 2500 }),
    ]);
    const page = await server.api.get('/ops/distribution/goods/page?programme=CLASSIC', asOps(OPS_TOKEN));
    expect(page.data.list[0]).toMatchObject({ goodsId: g.goodsId, skus: [{ skuId: red }, { skuId: blue }] });

    await ops('goods/save', {
      programme: 'CLASSIC',
      goodsId: g.goodsId,
      skus: [{ skuId: blue, ruleType: 'RATE', basisPoints: 300 }],
    });
    const again = await server.api.get('/ops/distribution/goods/page?programme=CLASSIC', asOps(OPS_TOKEN));
    expect(again.data.list.find((x: { goodsId: number }) => x.goodsId === g.goodsId).skus).toEqual([
      expect.objectContaining({ skuId: blue, ruleText: '3%' }),
    ]);

    expect(await ops('goods/remove', { programme: 'CLASSIC', goodsId: g.goodsId })).toMatchObject({
      code: 0,
      message: '已移出分销商品',
    });
    const gone = await server.api.get('/ops/distribution/goods/page?programme=CLASSIC&pageSize=50', asOps(OPS_TOKEN));
    expect(gone.data.list.some((x: { goodsId: number }) => x.goodsId === g.goodsId)).toBe(false);

    const promoted = await ops('goods/save', { programme: 'PROMOTER', goodsId: g.goodsId, skus: [{ skuId: red }] });
    expect(promoted.data.skus).toEqual([
      expect.objectContaining({ skuId: red, ruleText: '按推广等级比例', commissionFen: null }),
    ]);
    const levels = await server.api.get('/ops/distribution/levels', asOps(OPS_TOKEN));
    expect(levels.data.map((l: { name: string }) => l.name)).toEqual(['普通', '银牌', '金牌']);
  });

  it('bad input is refused in Chinese and changes nothing', async () => {
    const g = await makeGoods(dbOf(server), { priceFen: 3000 });
    const other = await makeGoods(dbOf(server));
    const save = (skus: unknown, programme = 'CLASSIC', goodsId: unknown = g.goodsId) =>
      ops('goods/save', { programme, goodsId, skus });
    const cases: [Promise<{ message: string; code: number }>, string][] = [
      [save([]), '请至少选择一个规格'],
      [save([{ skuId: g.skuId }]), '第 1 个规格：请选择佣金方式'],
      [save([{ skuId: g.skuId, ruleType: 'FIXED' }]), '第 1 个规格：请填写固定佣金'],
      [save([{ skuId: g.skuId, ruleType: 'RATE', basisPoints: 5001 }]), '佣金比例须在 0.01%–50% 之间'],
      [save([{ skuId: g.skuId, ruleType: 'RATE', basisPoints: -1 }]), '佣金比例须在 0.01%–50% 之间'],
      [save([{ skuId: g.skuId, ruleType: 'RATE', basisPoints: 1.5 }]), '佣金比例必须是整数'],
      [save([{ skuId: g.skuId, ruleType: 'FIXED', amountFen: 3001 }]), '“颜色：黑色”的佣金不能高于售价 ¥30.00'],
      [save([{ skuId: g.skuId, ruleType: 'FIXED', amountFen: 100, basisPoints: 5 }]), '第 1 个规格：固定佣金不用比例'],
      [save([{ skuId: other.skuId, ruleType: 'FIXED', amountFen: 100 }]), '第 1 个规格不属于该商品'],
      [
        save([
          { skuId: g.skuId, ruleType: 'FIXED', amountFen: 100 },
          { skuId: g.skuId, ruleType: 'FIXED', amountFen: 100 },
        ]),
        '规格有重复',
      ],
      [
        save([{ skuId: g.skuId, ruleType: 'RATE', basisPoints: 100 }], 'PROMOTER'),
        '推广商品按推广等级比例计佣，不单独设置佣金',
      ],
      [save([{ skuId: g.skuId }], 'VIP'), '计划取值不正确'],
      [save([{ skuId: g.skuId }], 'CLASSIC', '1; DROP TABLE goods'), '商品必须是整数'],
      [save('全部'), '分销规格格式不正确'],
    ];
    for (const [reply, message] of cases) expect((await reply).message).toBe(message);
    const page = await server.api.get('/ops/distribution/goods/page?programme=CLASSIC&pageSize=50', asOps(OPS_TOKEN));
    expect(page.data.list.some((x: { goodsId: number }) => x.goodsId === g.goodsId)).toBe(false);
    expect((await server.api.get('/ops/distribution/goods/page?programme=CLASSIC')).code).toBe(Code.NOT_SIGNED_IN);
  });
});

describe('a distributor’s link', () => {
  it('the goods page with the share, a QR code, the poster’s title and price, the expiry; no mini-program, and why', async () => {
    const d = await approvedDistributor(server, OPS_TOKEN);
    const g = await classicGoods();
    const res = await link(d.token, { goodsId: g.goodsId, skuId: g.skuId });
    expect(res.code, res.message).toBe(0);
    expect(res.data).toMatchObject({
      programme: 'CLASSIC',
      shareCode: d.shareCode,
      path: expect.stringMatching(
        new RegExp(`^/goodsDetail\\?id=${g.goodsId}&skuId=${g.skuId}&share=${d.shareCode}\\.`),
      ),
      qrCode: expect.stringMatching(/^data:image\/png;base64,[A-Za-z0-9+/=]{200,}$/),
      priceFen: 19900,
      miniProgram: { available: false, urlScheme: null, reason: '商城未配置微信小程序，请分享网页链接或二维码' },
    });
    expect(res.data.url).toMatch(/^http:\/\/[^/]+\/goodsDetail\?/);
    const days = (Date.parse(res.data.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('refused: not a member, not a distribution goods, bad input', async () => {
    const d = await approvedDistributor(server, OPS_TOKEN);
    const plain = await makeGoods(dbOf(server));
    const stranger = await registeredMember(server.api);
    expect(await link(stranger.accessToken, { goodsId: plain.goodsId })).toMatchObject({
      code: Code.DISTRIBUTION_NOT_MEMBER,
    });
    expect(await link(d.token, { goodsId: plain.goodsId })).toMatchObject({ message: '该商品不是分销商品' });
    expect(await link(d.token, { goodsId: plain.goodsId, programme: 'PROMOTER' })).toMatchObject({
      message: '您还不是推广计划的成员，请先申请加入',
    });
    expect(await link(d.token, { goodsId: 0 })).toMatchObject({ message: '商品不能小于 1' });
    expect(await link(d.token, {})).toMatchObject({ message: '请填写商品' });
    expect(await link(d.token, { goodsId: 99_999_999_999 })).toMatchObject({ message: '商品不能大于 2147483647' });
    expect((await server.api.post('/member/distribution/goods/get_url_scheme', { json: { goodsId: 1 } })).code).toBe(
      Code.NOT_SIGNED_IN,
    );
  });
});

describe('binding', () => {
  it('a visitor is remembered, then bound on signing in; the first sharer keeps them', async () => {
    const first = await approvedDistributor(server, OPS_TOKEN);
    const second = await approvedDistributor(server, OPS_TOKEN);
    const g = await classicGoods();
    const shareA = shareOf((await link(first.token, { goodsId: g.goodsId })).data.url);
    const shareB = shareOf((await link(second.token, { goodsId: g.goodsId })).data.url);
    const visitor = `PC-visitor-${Date.now()}`;

    expect((await visitAs(shareA, { visitor })).data).toMatchObject({
      programme: 'CLASSIC',
      state: 'REMEMBERED',
      sharerName: expect.stringMatching(/\*\*\*$/),
    });
    expect((await visitAs(shareB, { visitor })).data).toMatchObject({ state: 'KEPT' });

    const buyer = await withRealName(server);
    const bound = await server.api.post('/member/distribution/bind', {
      token: buyer.token,
      headers: { VistorId: visitor },
    });
    expect(bound.data).toEqual({ bound: ['CLASSIC'] });
    expect(await bindingOf(buyer.memberId)).toEqual([{ sharer_id: first.memberId, permanent: false }]);
    // The visit is used once.
    expect(
      (await server.api.post('/member/distribution/bind', { token: buyer.token, headers: { VistorId: visitor } })).data,
    ).toEqual({ bound: [] });

    const later = await visitAs(shareB, { token: buyer.token });
    expect(later.data).toMatchObject({ state: 'KEPT', message: '已绑定其他分享人' });
    expect((await visitAs(shareA, { token: buyer.token })).data).toMatchObject({ state: 'BOUND' });
    expect(await bindingOf(buyer.memberId)).toEqual([{ sharer_id: first.memberId, permanent: false }]);
  });

  it('two links opened at the same moment bind to one sharer', async () => {
    const sharers = await Promise.all([0, 1, 2].map(() => approvedDistributor(server, OPS_TOKEN)));
    const g = await classicGoods();
    const shares = await Promise.all(
      sharers.map(async (s) => shareOf((await link(s.token, { goodsId: g.goodsId })).data.url)),
    );
    const buyer = await withRealName(server);
    const replies = await Promise.all(shares.map((share) => visitAs(share, { token: buyer.token })));
    expect(replies.filter((r) => r.data.state === 'BOUND')).toHaveLength(1);
    expect(await bindingOf(buyer.memberId)).toHaveLength(1);
  });

  it('not to oneself; a forged, expired or unknown link binds nobody but the page still opens', async () => {
    const d = await approvedDistributor(server, OPS_TOKEN);
    const g = await classicGoods();
    const share = shareOf((await link(d.token, { goodsId: g.goodsId })).data.url);
    expect((await visitAs(share, { token: d.token })).data).toMatchObject({
      state: 'REFUSED',
      message: '不能绑定自己',
    });
    const forged = share.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect(await visitAs(forged, { visitor: 'PC-x' })).toMatchObject({
      code: 0,
      data: { state: 'REFUSED', message: '分享链接无效' },
    });
    const key = server.running.app.ctx.secrets.dataKey;
    const expired = signShare(key, d.shareCode, new Date(Date.now() - 1000));
    expect((await visitAs(expired, { visitor: 'PC-x' })).data).toMatchObject({
      state: 'REFUSED',
      message: '分享链接已过期',
    });
    const unknown = signShare(key, 'ZZZZ2222', new Date(Date.now() + 86_400_000));
    expect((await visitAs(unknown, { visitor: 'PC-x' })).data).toMatchObject({
      state: 'REFUSED',
      message: '分享人不是有效的分销员',
    });
    expect(await server.api.post('/member/distribution/visit', { json: { share: 'x'.repeat(65) } })).toMatchObject({
      message: '分享链接不能超过 64 个字符',
    });
    expect(await server.api.post('/member/distribution/visit', { json: {} })).toMatchObject({
      message: '请填写分享链接',
    });
  });

  it('after the binding days a new sharer may bind the buyer (分销); 推广 binds for ever', async () => {
    const ctx = server.running.app.ctx;
    const first = await approvedDistributor(server, OPS_TOKEN);
    const second = await approvedDistributor(server, OPS_TOKEN);
    const buyer = await withRealName(server);
    const in31Days = new Date(Date.now() + 31 * 86_400_000);
    const shareFor = (code: string) => signShare(ctx.secrets.dataKey, code, new Date(in31Days.getTime() + 86_400_000));
    expect(await visit(ctx, shareFor(first.shareCode), { memberId: buyer.memberId, visitorId: null })).toMatchObject({
      state: 'BOUND',
    });
    expect(
      await visit(
        ctx,
        shareFor(second.shareCode),
        { memberId: buyer.memberId, visitorId: null },
        new Date(Date.now() + 29 * 86_400_000),
      ),
    ).toMatchObject({ state: 'KEPT' });
    expect(
      await visit(ctx, shareFor(second.shareCode), { memberId: buyer.memberId, visitorId: null }, in31Days),
    ).toMatchObject({ state: 'BOUND' });
    expect(await bindingOf(buyer.memberId)).toEqual([{ sharer_id: second.memberId, permanent: false }]);

    const promoter = await approvedDistributor(server, OPS_TOKEN, 'PROMOTER');
    const other = await approvedDistributor(server, OPS_TOKEN, 'PROMOTER');
    expect(await visit(ctx, shareFor(promoter.shareCode), { memberId: buyer.memberId, visitorId: null })).toMatchObject(
      { state: 'BOUND', programme: 'PROMOTER' },
    );
    const years = new Date(Date.now() + 400 * 86_400_000);
    expect(
      await visit(
        ctx,
        signShare(ctx.secrets.dataKey, other.shareCode, new Date(years.getTime() + 1000)),
        { memberId: buyer.memberId, visitorId: null },
        years,
      ),
    ).toMatchObject({ state: 'KEPT' });
    expect(await bindingOf(buyer.memberId, 'PROMOTER')).toEqual([{ sharer_id: promoter.memberId, permanent: true }]);
  });
});
