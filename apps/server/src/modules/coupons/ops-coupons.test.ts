import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Code } from '@mall/shared';
import { rows, sql } from '../../lib/db.ts';
import {
  asOps,
  bearer,
  buyer,
  buyNow,
  CHINESE,
  dbOf,
  expectRefusal,
  HOSTILE,
  makeGoods,
  makeOperator,
  memberIdOf,
  notifyPaid,
  registeredMember,
  startTestServer,
  type TestServer,
} from '../../test/kit/index.ts';
import { couponRows, couponTables, makeTemplate } from './coupons-test-kit.ts';

/** The console's 优惠券 over HTTP: create, edit, start/stop, grant, figures; bad input refused in Chinese. */
const OPS_TOKEN = 'ops-coupons-token-0123456789abcdef';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
}, 120_000);
afterAll(() => server?.close());

const ops = (path: string, json: unknown) => server.api.post(`/ops/promotion/coupon/${path}`, { json, ...asOps(OPS_TOKEN) });
const opsGet = (path: string, query: Record<string, string | number>) =>
  server.api.get(`/ops/promotion/coupon/${path}`, { query, ...asOps(OPS_TOKEN) });
const DAY = 86_400_000;
const full = (extra: Record<string, unknown> = {}) => ({
  name: '满199减20',
  kind: 'FULL_REDUCTION',
  thresholdFen: 19900,
  amountFen: 2000,
  validityType: 'DAYS',
  validDays: 7,
  totalQuantity: 100,
  perMemberLimit: 1,
  channel: 'CENTER',
  ...extra,
});

describe('operators’ coupon templates', () => {
  test('create 满减 and 折扣: 未发放 until 开始发放, then in the buyer’s centre; list and detail with figures', async () => {
    const a = await ops('create', full());
    expect(a).toMatchObject({ code: 0, message: '优惠券已创建' });
    expect(a.data).toMatchObject({ ruleText: '满199减20', status: 'DRAFT', statusText: '未发放', channelText: '领券中心' });
    const from = new Date(Date.now() - DAY).toISOString();
    const to = new Date(Date.now() + 30 * DAY).toISOString();
    const b = await ops('create', {
      name: '全场8折',
      kind: 'DISCOUNT',
      discountPercent: 80,
      capFen: 5000,
      validityType: 'RANGE',
      validFrom: from,
      validTo: to,
      totalQuantity: 10,
      perMemberLimit: 2,
      channel: 'CENTER',
      // a 满减 amount sent with a 折扣 is cleared, not stored
      amountFen: 999,
    });
    expect(b.data).toMatchObject({ ruleText: '8折最高减50', amountFen: 0, discountPercent: 80, capFen: 5000, validFrom: from, validTo: to });

    // A draft is nowhere a buyer looks, cannot be claimed, granted or stopped.
    const early = await buyer(server.api);
    const centreOf = async () =>
      ((await server.api.get('/member/promotion/coupon/center')).data.list as { templateId: number }[]).map((c) => c.templateId);
    expect(await centreOf()).not.toContain(a.data.id);
    const tooSoon = await server.api.post('/member/promotion/coupon/claim', { token: early.token, json: { templateId: a.data.id } });
    expectRefusal(tooSoon, Code.COUPON_STOPPED);
    expect(tooSoon.message).toBe('该优惠券尚未开始发放');
    const grantEarly = await ops('grant', { id: a.data.id, memberIds: [await memberIdOf(server.api, early.token)] });
    expectRefusal(grantEarly, Code.COUPON_STOPPED);
    expect(grantEarly.message).toBe('该优惠券尚未开始发放，请先开始发放');
    const stopEarly = await ops('stop', { id: a.data.id });
    expectRefusal(stopEarly, Code.COUPON_TEMPLATE_INVALID);
    expect(stopEarly.message).toBe('该优惠券尚未开始发放');
    expect(await couponRows(server, sql`template_id = ${a.data.id}`)).toHaveLength(0);
    const started = await ops('start', { id: a.data.id });
    expect(started.data).toMatchObject({ status: 'ACTIVE', statusText: '发放中' });
    expect((await ops('start', { id: b.data.id })).data.status).toBe('ACTIVE');
    expect((await opsGet('page', { status: 'DRAFT', keyword: '满199减20' })).data.list).toHaveLength(0);

    const page = await opsGet('page', { kind: 'DISCOUNT' });
    expect(page.data.list.map((t: { id: number }) => t.id)).toContain(b.data.id);
    expect(page.data.list.every((t: { kind: string }) => t.kind === 'DISCOUNT')).toBe(true);
    const center = await server.api.get('/member/promotion/coupon/center');
    expect(center.data.list.map((c: { templateId: number }) => c.templateId)).toEqual(expect.arrayContaining([a.data.id, b.data.id]));

    // Figures follow the coupons: claimed, used with the discount, remaining.
    const m = await buyer(server.api);
    const claimed = await server.api.post('/member/promotion/coupon/claim', { token: m.token, json: { templateId: b.data.id } });
    const g = await makeGoods(dbOf(server), { priceFen: 20000 });
    const order = await buyNow(server.api, m, g.skuId, 1, { couponId: claimed.data.coupon.id });
    expect(order.data.payableAmount).toBe(16000);
    expect(await notifyPaid(server, order.data.orderNo, 16000)).toBe('success');
    const detail = await opsGet('detail', { id: b.data.id });
    expect(detail.data.figures).toEqual({
      claimed: 1,
      unused: 0,
      held: 0,
      used: 1,
      expired: 0,
      discountFen: 4000,
      orderAmountFen: 16000,
      remaining: 9,
    });
    const holders = await opsGet('coupons', { id: b.data.id, status: 'USED' });
    expect(holders.data.list[0]).toMatchObject({ status: 'USED', orderNo: order.data.orderNo, memberId: await memberIdOf(server.api, m.token) });
  });

  test('bad input is refused with a Chinese message naming the field, and nothing is made', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: undefined }, /优惠券名称/],
      [{ name: '' }, /优惠券名称/],
      [{ name: 'x'.repeat(31) }, /优惠券名称/],
      [{ name: HOSTILE.object }, /优惠券名称/],
      [{ kind: 'FREE' }, /优惠券类型/],
      [{ amountFen: -1 }, /减免金额/],
      [{ amountFen: 1.5 }, /减免金额/],
      [{ amountFen: 'abc' }, /减免金额/],
      [{ amountFen: HOSTILE.huge }, /减免金额/],
      [{ amountFen: 0 }, /减免金额/],
      [{ amountFen: 20000 }, /减免金额不能大于使用门槛/],
      [{ thresholdFen: -100 }, /使用门槛/],
      [{ kind: 'DISCOUNT', discountPercent: 100, capFen: 100 }, /折扣/],
      [{ kind: 'DISCOUNT', discountPercent: 0, capFen: 100 }, /折扣/],
      [{ kind: 'DISCOUNT', discountPercent: '8折', capFen: 100 }, /折扣/],
      [{ kind: 'DISCOUNT', discountPercent: 80 }, /最高优惠金额/],
      [{ scope: 'GOODS' }, /请选择适用商品/],
      [{ scope: 'CATEGORIES', scopeIds: [2_000_000_000] }, /分类不存在/],
      [{ scope: 'GOODS', scopeIds: [2_000_000_000] }, /商品不存在/],
      [{ scope: 'GOODS', scopeIds: ["1' OR 1=1"] }, /适用范围/],
      [{ scope: 'GOODS', scopeIds: [1, 1] }, /重复/],
      [{ validityType: 'RANGE', validDays: undefined }, /生效时间/],
      [{ validityType: 'RANGE', validFrom: '2026-13-01', validTo: '2026-12-01T00:00:00Z' }, /生效时间/],
      [{ validityType: 'RANGE', validFrom: '2030-12-01T00:00:00Z', validTo: '2030-11-01T00:00:00Z' }, /失效时间须晚于生效时间/],
      [{ validityType: 'RANGE', validFrom: '2020-01-01T00:00:00Z', validTo: '2020-02-01T00:00:00Z' }, /晚于当前时间/],
      [{ validDays: 0 }, /有效天数/],
      [{ validDays: 366 }, /有效天数/],
      [{ totalQuantity: 0 }, /发放总量/],
      [{ totalQuantity: -5 }, /发放总量/],
      [{ totalQuantity: 10, perMemberLimit: 11 }, /每人限领不能大于发放总量/],
      [{ perMemberLimit: 101 }, /每人限领/],
      [{ channel: 'AIRDROP' }, /领取方式/],
      [{ channel: "'; DROP TABLE coupon_templates; --" }, /领取方式/],
    ];
    const before = await couponTables(server);
    for (const [patch, message] of cases) {
      const res = await ops('create', full(patch));
      expect([Code.BAD_REQUEST, Code.COUPON_TEMPLATE_INVALID], JSON.stringify(patch)).toContain(res.code);
      expect(res.message, JSON.stringify(patch)).toMatch(message);
      expect(res.message).toMatch(CHINESE);
    }
    expect(await couponTables(server)).toEqual(before);
    // Injection-shaped and unicode names are stored as text, nothing more.
    const odd = await ops('create', full({ name: "满减' OR 1=1 --😀" }));
    expect(odd.data.name).toBe("满减' OR 1=1 --😀");
  });

  test('edit: free before anyone claims; after, only name, description, total (not below claimed) and limit', async () => {
    const made = await ops('create', full({ totalQuantity: 5 }));
    const id = made.data.id as number;
    const changed = await ops('update', full({ id, thresholdFen: 9900, amountFen: 1000, name: '满99减10', totalQuantity: 5 }));
    expect(changed.data).toMatchObject({ ruleText: '满99减10', name: '满99减10' });
    await ops('start', { id });

    const m = await buyer(server.api);
    await server.api.post('/member/promotion/coupon/claim', { token: m.token, json: { templateId: id } });
    const locked = await ops('update', full({ id, thresholdFen: 9900, amountFen: 2000, name: '满99减10', totalQuantity: 5 }));
    expectRefusal(locked, Code.COUPON_TEMPLATE_INVALID);
    expect(locked.message).toBe('已有会员领取，不能修改优惠规则、适用范围、有效期和领取方式');
    const renamed = await ops('update', full({ id, thresholdFen: 9900, amountFen: 1000, name: '新人专享满99减10', totalQuantity: 8, perMemberLimit: 2 }));
    expect(renamed.data).toMatchObject({ name: '新人专享满99减10', totalQuantity: 8, perMemberLimit: 2 });
    // The holder's coupon reads the new name and the same rule.
    const mine = await server.api.get('/member/promotion/coupon/my', { token: m.token });
    expect(mine.data.list[0]).toMatchObject({ name: '新人专享满99减10', ruleText: '满99减10' });

    expectRefusal(await ops('update', full({ id: 2_000_000_000 })), Code.COUPON_NOT_FOUND);
    for (const badId of [undefined, 'x', -1, 0, 1.5]) {
      expectRefusal(await ops('update', full({ id: badId })), Code.BAD_REQUEST);
    }
  });

  test('stop and start: a stopped coupon leaves the centre and cannot be claimed; claimed ones stay usable', async () => {
    const t = await makeTemplate(dbOf(server), { name: '停发测试' });
    const m = await buyer(server.api);
    await server.api.post('/member/promotion/coupon/claim', { token: m.token, json: { templateId: t.id } });
    expect((await ops('stop', { id: t.id })).data.status).toBe('STOPPED');
    expectRefusal(await ops('stop', { id: t.id }), Code.COUPON_TEMPLATE_INVALID);
    const other = await buyer(server.api);
    expectRefusal(await server.api.post('/member/promotion/coupon/claim', { token: other.token, json: { templateId: t.id } }), Code.COUPON_STOPPED);
    const center = await server.api.get('/member/promotion/coupon/center');
    expect(center.data.list.map((c: { templateId: number }) => c.templateId)).not.toContain(t.id);
    expect((await server.api.get('/member/promotion/coupon/my', { token: m.token })).data.counts.UNUSED).toBe(1);
    expect((await ops('start', { id: t.id })).data.status).toBe('ACTIVE');
    for (const json of [{}, { id: 'x' }, { id: -1 }, { id: HOSTILE.sql }]) expectRefusal(await ops('start', json), Code.BAD_REQUEST);
    expectRefusal(await ops('start', { id: 2_000_000_000 }), Code.COUPON_NOT_FOUND);
  });

  test('grant to chosen members: the limit and the quantity hold, unknown members are named', async () => {
    const t = await makeTemplate(dbOf(server), { name: '补偿券', channel: 'GRANT', totalQuantity: 3 });
    const [a, b] = [await buyer(server.api), await buyer(server.api)];
    const ids = [await memberIdOf(server.api, a.token), await memberIdOf(server.api, b.token)];
    const unknown = '00000000-0000-4000-8000-000000000001';
    const res = await ops('grant', { id: t.id, memberIds: [...ids, unknown] });
    expect(res.data).toMatchObject({ granted: 2, skipped: [{ memberId: unknown, reason: '会员不存在' }], remaining: 1 });
    const again = await ops('grant', { id: t.id, memberIds: [ids[0]] });
    expect(again.data).toMatchObject({ granted: 0, skipped: [{ memberId: ids[0], reason: '已达每人限领数量' }] });
    const mine = await server.api.get('/member/promotion/coupon/my', { token: a.token });
    expect(mine.data.list[0]).toMatchObject({ name: '补偿券', source: 'GRANT' });
    const [row] = await rows<{ granted_by: string }>(dbOf(server), sql`SELECT granted_by FROM member_coupons WHERE template_id = ${t.id} LIMIT 1`);
    expect(row!.granted_by).toBeTruthy();

    for (const json of [
      { id: t.id },
      { id: t.id, memberIds: [] },
      { id: t.id, memberIds: ['not-a-uuid'] },
      { id: t.id, memberIds: [ids[0], ids[0]] },
      { id: t.id, memberIds: Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`) },
      { id: t.id, memberIds: "' OR 1=1" },
    ]) {
      const bad = await ops('grant', json);
      expectRefusal(bad, Code.BAD_REQUEST);
      expect(bad.message).toMatch(/会员/);
    }
    expect(await couponRows(server, sql`template_id = ${t.id}`)).toHaveLength(2);
  });

  test('only operators with promotion:edit reach the calls; writes are in the audit log', async () => {
    const service = await makeOperator(server.api, OPS_TOKEN, 'service');
    const operations = await makeOperator(server.api, OPS_TOKEN, 'operations');
    expectRefusal(await server.api.get('/ops/promotion/coupon/page', bearer(service.token)), Code.FORBIDDEN);
    expectRefusal(await server.api.post('/ops/promotion/coupon/create', { json: full(), ...bearer(service.token) }), Code.FORBIDDEN);
    const made = await server.api.post('/ops/promotion/coupon/create', { json: full({ name: '运营建的券' }), ...bearer(operations.token) });
    expect(made.code).toBe(0);
    const [entry] = await rows<{ action: string; operator_name: string }>(
      dbOf(server),
      sql`SELECT action, operator_name FROM ops_audit_log WHERE object_type = 'coupon' AND object_id = ${String(made.data.id)}`,
    );
    expect(entry).toMatchObject({ action: 'coupon.create', operator_name: operations.username });
    // Two operators' password hashes (scrypt) take a while on a busy machine.
  }, 120_000);
});

describe('新人礼包', () => {
  test('a member completing registration gets each new-member coupon on offer, once; a sold-out gift never blocks it', async () => {
    const gift = await makeTemplate(dbOf(server), { name: '新人无门槛10元', channel: 'NEW_MEMBER', thresholdFen: 0, amountFen: 1000 });
    const gone = await makeTemplate(dbOf(server), { name: '已发完的新人券', channel: 'NEW_MEMBER', totalQuantity: 0 });
    const m = await registeredMember(server.api);
    const mine = await server.api.get('/member/promotion/coupon/my', { token: m.accessToken });
    const names = mine.data.list.map((c: { name: string }) => c.name);
    expect(names).toContain('新人无门槛10元');
    expect(names).not.toContain('已发完的新人券');
    expect(mine.data.list.find((c: { name: string }) => c.name === '新人无门槛10元')).toMatchObject({ source: 'NEW_MEMBER', ruleText: '无门槛减10' });
    expect(await couponRows(server, sql`template_id = ${gone.id}`)).toHaveLength(0);
    // A member who only signed in by SMS (not registered yet) has no gift.
    const [count] = await rows<{ n: number }>(dbOf(server), sql`SELECT count(*)::int AS n FROM member_coupons WHERE template_id = ${gift.id}`);
    expect(count!.n).toBe(1);
  });
});
