/**
 * 注销账号 over HTTP: what the card shows, each refusal while something is unfinished, the SMS code
 * (wrong, burned), the cooling-off (sessions end, signing in offers 撤销注销, which restores normal use),
 * a double request, bad input on every new endpoint, and the console's view.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CANCELLATION_ERASED, CANCELLATION_KEPT, Code } from '@mall/shared';
import {
  ageCodes,
  applyAfterSale,
  buyNow,
  dbOf,
  expectRefusal,
  firstItemId,
  HOSTILE_VALUES,
  lastSmsCode,
  makeGoods,
  memberIdOf,
  otherCode,
  placeOrder,
  query,
  registeredMember,
  startTestServer,
  type TestServer,
} from '../test/kit/index.ts';
import { approvedDistributor } from '../modules/distribution/distribution-test-kit.ts';
import { fullApplication } from '../modules/supplier/supplier-test-kit.ts';

const OPS_TOKEN = 'cancellation-ops-token-0123456789abcdef';
let server: TestServer;
let skuId: number;

beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
  skuId = (await makeGoods(dbOf(server), { priceFen: 5000, stock: 500, name: '注销测试保温杯' })).skuId;
}, 120_000);
afterAll(() => server?.close());

const ops = { headers: { 'x-ops-token': OPS_TOKEN } };
type Member = Awaited<ReturnType<typeof registeredMember>>;

const preview = (token: string) => server.api.get('/member/user/cancellation/preview', { token });
const apply = (token: string, json: unknown) => server.api.post('/member/user/cancellation/apply', { token, json });
const sendCancelCode = (token: string) => server.api.post('/member/user/security/sendCode', { token, json: { purpose: 'cancelAccount' } });
const passwordLogin = (m: Member) =>
  server.api.post('/member/user/auth/login/pw', { form: { username: m.username, password: m.password, remember: false, clientType: 'PC_BROWSER' } });
const revoke = (json: unknown) => server.api.post('/member/user/auth/cancellation/revoke', { json });

async function statusOf(memberId: string) {
  const [row] = await query<{ status: string }>(server, sql`SELECT status FROM members WHERE id = ${memberId}`);
  return row!.status;
}

/** A code for 注销账号 sent to the member's mobile, read from the outbox (past the resend interval first). */
async function cancelCode(m: Member, token = m.accessToken) {
  await ageCodes(server, m.mobile);
  const sent = await sendCancelCode(token);
  expect(sent.code, sent.message).toBe(0);
  return lastSmsCode(server.api, m.mobile);
}

/** A member with a default address, ready to buy. */
async function shopper() {
  const m = await registeredMember(server.api);
  const address = await server.api.post('/member/trade/address/create', {
    token: m.accessToken,
    json: { receiverName: '测试收货人', mobile: '13800138000', provinceCode: '11', cityCode: '1101', districtCode: '110105', detail: '测试路 1 号' },
  });
  expect(address.code, address.message).toBe(0);
  return { ...m, token: m.accessToken, addressId: address.data.id as string, id: await memberIdOf(server.api, m.accessToken) };
}

describe('注销账号: before confirming', () => {
  it('shows what is erased and kept, the cooling-off and the masked mobile; nothing blocks a fresh member', async () => {
    const m = await registeredMember(server.api);
    const res = await preview(m.accessToken);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      status: 'active',
      eraseAt: null,
      coolingDays: 7,
      mobile: `${m.mobile.slice(0, 3)}****${m.mobile.slice(-4)}`,
      erased: [...CANCELLATION_ERASED],
      kept: [...CANCELLATION_KEPT],
      blockers: [],
    });
    expect(res.data.kept[0]).toContain('3 年');
    expect((await server.api.get('/member/user/cancellation/preview')).code).toBe(Code.NOT_SIGNED_IN);
  });
});

describe('注销账号: refused while something is unfinished', () => {
  async function expectBlocked(token: string, key: string, words: RegExp) {
    const p = await preview(token);
    expect(p.data.blockers.map((b: { key: string }) => b.key)).toContain(key);
    const res = await apply(token, { smsCode: '123456' });
    expectRefusal(res, Code.CANCELLATION_BLOCKED);
    expect(res.message).toMatch(/^账号暂不能注销，请先处理：/);
    expect(res.message).toMatch(words);
    expect(res.data.blockers.map((b: { key: string }) => b.key)).toContain(key);
  }

  it('an unpaid, an unshipped and an unreceived order, each named with what to do', async () => {
    const b = await shopper();
    const unpaid = await buyNow(server.api, b, skuId);
    expect(unpaid.code, unpaid.message).toBe(0);
    await expectBlocked(b.token, 'unpaidOrders', /1 笔待付款订单（请付款或取消订单）/);
    expect(await statusOf(b.id)).toBe('active');

    const c = await shopper();
    await placeOrder(server, c, skuId);
    await expectBlocked(c.token, 'unshippedOrders', /1 笔待发货订单/);

    const d = await shopper();
    const { orderNo } = await placeOrder(server, d, skuId);
    const shipped = await server.api.post('/ops/order/ship', { json: { orderNo, company: '顺丰速运', trackingNo: 'SF1234567890' }, ...ops });
    expect(shipped.code, shipped.message).toBe(0);
    await expectBlocked(d.token, 'unreceivedOrders', /1 笔待收货订单（请确认收货）/);
  });

  it('an open after-sale', async () => {
    const b = await shopper();
    const { orderNo } = await placeOrder(server, b, skuId);
    await applyAfterSale(server, b.token, await firstItemId(server, b.token, orderNo));
    await expectBlocked(b.token, 'openAfterSales', /1 笔售后处理中/);
  });

  it('a distribution balance, and a withdrawal in review', async () => {
    const d = await approvedDistributor(server, OPS_TOKEN);
    await query(server, sql`INSERT INTO distribution_accounts (member_id, programme, available_fen) VALUES (${d.memberId}, 'CLASSIC', 1234)`);
    await expectBlocked(d.token, 'distributionBalance', /分销\/推广收入 ¥12\.34 尚未提现/);
    await query(server, sql`UPDATE distribution_accounts SET available_fen = 0, withdrawing_fen = 1234 WHERE member_id = ${d.memberId}`);
    await query(
      server,
      sql`INSERT INTO withdrawals (member_id, programme, amount_fen, method, account_name, account_cipher, account_masked)
          VALUES (${d.memberId}, 'CLASSIC', 1234, 'ALIPAY', '王小明', 'sealed', '138****0000')`,
    );
    await expectBlocked(d.token, 'withdrawals', /1 笔提现审核中/);
  });

  it('a store that is open', async () => {
    const m = await registeredMember(server.api);
    await fullApplication(server, m.accessToken, { storeName: `注销测试店${process.pid % 1000}` });
    const [app] = await query<{ id: string }>(server, sql`SELECT id FROM supplier_applications WHERE member_id = ${await memberIdOf(server.api, m.accessToken)}`);
    const approved = await server.api.post('/ops/supplier/application/approve', { json: { id: app!.id }, ...ops });
    expect(approved.code, approved.message).toBe(0);
    await expectBlocked(m.accessToken, 'openStore', /店铺「注销测试店\d+」仍在营业/);
  });
});

describe('注销账号: the SMS code', () => {
  it('a wrong code is refused and counted; the fifth burns it; nothing changes', async () => {
    const m = await registeredMember(server.api);
    const id = await memberIdOf(server.api, m.accessToken);
    const code = await cancelCode(m);
    for (let i = 0; i < 4; i++) expectRefusal(await apply(m.accessToken, { smsCode: otherCode(code) }), Code.WRONG_SMS_CODE);
    expectRefusal(await apply(m.accessToken, { smsCode: otherCode(code) }), Code.WRONG_SMS_CODE);
    // Burned: even the right code is refused now.
    expectRefusal(await apply(m.accessToken, { smsCode: code }), Code.SMS_CODE_EXPIRED);
    expect(await statusOf(id)).toBe('active');
    expect((await server.api.get('/member/user/user/current', { token: m.accessToken })).code).toBe(0);
  });

  it('a sign-in code or a code of another purpose does not confirm a cancellation', async () => {
    const m = await registeredMember(server.api);
    await ageCodes(server, m.mobile);
    expect((await server.api.post('/member/user/security/sendCode', { token: m.accessToken, json: { purpose: 'changePassword' } })).code).toBe(0);
    const other = await lastSmsCode(server.api, m.mobile);
    expectRefusal(await apply(m.accessToken, { smsCode: other }), Code.SMS_CODE_EXPIRED);
    const text = (await server.api.get('/dev/sms-outbox', { query: { mobileNumber: m.mobile } })).data[0].content as string;
    expect(text).toContain('修改登录密码');
    await cancelCode(m);
    const sent = (await server.api.get('/dev/sms-outbox', { query: { mobileNumber: m.mobile } })).data[0].content as string;
    expect(sent).toContain('申请注销');
  });
});

describe('注销账号: cooling-off and 撤销注销', () => {
  it('ends every session; password and SMS sign-in offer 撤销注销 with the date; taking it back restores normal use', async () => {
    const m = await registeredMember(server.api);
    const id = await memberIdOf(server.api, m.accessToken);
    const other = (await passwordLogin(m)).data.accessToken as string;
    const code = await cancelCode(m);
    const done = await apply(m.accessToken, { smsCode: code });
    expect(done.code, done.message).toBe(0);
    expect(done.message).toBe('注销申请已提交，冷静期内登录可撤销注销');
    const eraseAt = new Date(done.data.eraseAt).getTime();
    expect(eraseAt - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(await statusOf(id)).toBe('cancelling');
    for (const token of [m.accessToken, other]) {
      expect((await server.api.get('/member/user/user/current', { token })).code).toBe(Code.SESSION_OVER);
    }
    expect((await server.api.post('/member/user/auth/refresh', { form: { refreshToken: m.refreshToken } })).code).toBe(Code.SESSION_OVER);

    const byPassword = await passwordLogin(m);
    expectRefusal(byPassword, Code.ACCOUNT_CANCELLING);
    expect(byPassword.message).toMatch(/^您的账号正在注销中，将于 \d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2} 注销；撤销注销后可继续使用$/);
    expect(byPassword.data).toEqual({ eraseAt: done.data.eraseAt, revokeTicket: expect.any(String) });

    await ageCodes(server, m.mobile);
    expect((await server.api.post('/member/user/auth/verificationCode', { form: { mobileNumber: m.mobile } })).code).toBe(0);
    const bySms = await server.api.post('/member/user/auth/registerAndLogin', {
      form: { mobileNumber: m.mobile, code: await lastSmsCode(server.api, m.mobile), remember: false, clientType: 'PC_BROWSER' },
    });
    expectRefusal(bySms, Code.ACCOUNT_CANCELLING);
    // No member was made for the number, and no session opened.
    expect(await query(server, sql`SELECT id FROM members WHERE mobile = ${m.mobile}`)).toHaveLength(1);
    expect(await query(server, sql`SELECT id FROM member_sessions WHERE member_id = ${id} AND revoked_at IS NULL`)).toHaveLength(0);

    const back = await revoke({ revokeTicket: bySms.data.revokeTicket, remember: true, clientType: 'PC_BROWSER' });
    expect(back.code, back.message).toBe(0);
    expect(back.message).toBe('已撤销注销，欢迎回来');
    expect(await statusOf(id)).toBe('active');
    const me = await server.api.get('/member/user/user/current', { token: back.data.accessToken });
    expect(me.code).toBe(0);
    expect(me.data.mobile).toBe(`${m.mobile.slice(0, 3)}****${m.mobile.slice(-4)}`);
    expect((await buyNow(server.api, { token: back.data.accessToken, addressId: 'x' }, skuId)).code).not.toBe(Code.SESSION_OVER);
    const [row] = await query<{ status: string }>(server, sql`SELECT status FROM member_cancellations WHERE member_id = ${id}`);
    expect(row!.status).toBe('REVOKED');

    // The other ticket (from the password sign-in) is spent with the request: told to sign in again.
    const again = await revoke({ revokeTicket: byPassword.data.revokeTicket, remember: false, clientType: 'PC_BROWSER' });
    expectRefusal(again, Code.CANCELLATION_STATE);
    expect((await passwordLogin(m)).code).toBe(0);
  });

  it('a double request (twice at once) starts one cooling-off', async () => {
    const m = await registeredMember(server.api);
    const id = await memberIdOf(server.api, m.accessToken);
    const code = await cancelCode(m);
    const replies = await Promise.all([apply(m.accessToken, { smsCode: code }), apply(m.accessToken, { smsCode: code })]);
    expect(replies.filter((r) => r.code === 0)).toHaveLength(1);
    for (const r of replies.filter((x) => x.code !== 0)) expect([Code.SMS_CODE_EXPIRED, Code.SESSION_OVER, Code.CANCELLATION_STATE]).toContain(r.code);
    expect(await query(server, sql`SELECT id FROM member_cancellations WHERE member_id = ${id}`)).toHaveLength(1);
  });

  it('a disabled member cannot be restored by 撤销注销, and an operator cannot disable or enable a cancelling member', async () => {
    const m = await registeredMember(server.api);
    const id = await memberIdOf(server.api, m.accessToken);
    expect((await apply(m.accessToken, { smsCode: await cancelCode(m) })).code).toBe(0);
    for (const path of ['/ops/member/disable', '/ops/member/enable']) {
      const res = await server.api.post(path, { json: { memberId: id, reason: '测试' }, ...ops });
      expectRefusal(res, Code.BAD_REQUEST);
      expect(res.message).toBe('该会员正在注销中，不能启用或禁用');
    }
    const detail = await server.api.get('/ops/member/detail', { query: { memberId: id }, ...ops });
    expect(detail.data).toMatchObject({ status: 'cancelling', cancellation: { status: 'COOLING_OFF', erasedAt: null } });
    const page = await server.api.get('/ops/member/page', { query: { status: 'cancelling', keyword: id }, ...ops });
    expect(page.data.list.map((r: { id: string }) => r.id)).toEqual([id]);
  });
});

describe('注销账号: bad input changes nothing', () => {
  it('apply: missing, wrong-typed, oversized, negative, unicode and injection-shaped codes get a Chinese 400', async () => {
    const m = await registeredMember(server.api);
    const id = await memberIdOf(server.api, m.accessToken);
    const cases: unknown[] = [{}, { smsCode: 123456 }, { smsCode: -123456 }, { smsCode: '12345' }, { smsCode: '１２３４５６' }, { smsCode: '😀😀😀' }, ...HOSTILE_VALUES.map((v) => ({ smsCode: v })), []];
    for (const json of cases) {
      const res = await apply(m.accessToken, json);
      expectRefusal(res, Code.BAD_REQUEST);
      expect(res.message, JSON.stringify(json).slice(0, 40)).toMatch(/验证码|请求参数/);
    }
    expect(await statusOf(id)).toBe('active');
    expect(await query(server, sql`SELECT id FROM member_cancellations WHERE member_id = ${id}`)).toHaveLength(0);
  });

  it('revoke: a missing, malformed, forged or foreign ticket is refused in Chinese and signs nobody in', async () => {
    const m = await registeredMember(server.api);
    const id = await memberIdOf(server.api, m.accessToken);
    const sessions = async () => (await query(server, sql`SELECT id FROM member_sessions WHERE member_id = ${id}`)).length;
    const before = await sessions();
    const forged = `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from(`{"sub":"${id}","aud":"revoke-cancellation"}`).toString('base64url')}.c2ln`;
    const cases: unknown[] = [
      {},
      { revokeTicket: '' },
      { revokeTicket: 42 },
      { revokeTicket: -1 },
      { revokeTicket: 'x'.repeat(5000) },
      { revokeTicket: '票据.票据.票据' },
      { revokeTicket: m.accessToken }, // an access token is not a ticket
      { revokeTicket: forged },
      ...HOSTILE_VALUES.map((v) => ({ revokeTicket: v })),
      { revokeTicket: forged, clientType: 'SPACESHIP' },
      { revokeTicket: forged, remember: 'maybe' },
    ];
    for (const json of cases) {
      const res = await revoke(json);
      expect([Code.BAD_REQUEST, Code.CANCELLATION_STATE], JSON.stringify(json).slice(0, 60)).toContain(res.code);
      expect(res.message).toMatch(/[\u4e00-\u9fa5]/);
      expect(res.data === null || res.data === undefined).toBe(true);
    }
    expect(await sessions()).toBe(before);
    expect(await statusOf(id)).toBe('active');
  });

  it('the code purpose is checked by name', async () => {
    const m = await registeredMember(server.api);
    for (const purpose of ['cancelaccount', 'cancelAccount ', 1, null, "' OR 1=1 --"]) {
      expectRefusal(await server.api.post('/member/user/security/sendCode', { token: m.accessToken, json: { purpose } }), Code.BAD_REQUEST);
    }
  });
});
