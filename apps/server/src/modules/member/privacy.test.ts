/**
 * A member's rights over their data over HTTP: consent to marketing messages (recorded changes) and the
 * 个人信息副本 (its contents, its signed single-use links, owner-only, 3 a day); bad input changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Code } from '@mall/shared';
import {
  buyer,
  dbOf,
  HOSTILE_VALUES,
  makeGoods,
  memberIdOf,
  placeOrder,
  query,
  startTestServer,
  type TestServer,
} from '../../test/kit/index.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(() => server?.close());

type Buyer = Awaited<ReturnType<typeof buyer>>;
const create = (token: string) => server.api.post('/member/user/dataCopy/create', { token, json: {} });
const list = (token: string) => server.api.get('/member/user/dataCopy/list', { token });
const consentOf = (token: string) => server.api.get('/member/user/privacy/consent', { token });
const setConsent = (token: string, json: unknown) => server.api.post('/member/user/privacy/consent/update', { token, json });

/** A download as the browser makes it: the link plus the member's Authorization. */
async function download(url: string, token?: string) {
  const res = await fetch(`${server.url}${url}`, { headers: token ? { Authorization: token } : {} });
  const bytes = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get('content-type') ?? '';
  const disposition = res.headers.get('content-disposition');
  // A refusal is the reply envelope; a file comes as an attachment.
  return { status: res.status, type, disposition, bytes, json: disposition ? null : JSON.parse(bytes.toString('utf8')) };
}
const linkOf = (copy: { files: { kind: string; url: string }[] }, kind: 'json' | 'csv') => copy.files.find((f) => f.kind === kind)!.url;
const copyRows = (memberId: string) => query<{ n: number }>(server, sql`SELECT count(*)::int AS n FROM member_data_copies WHERE member_id = ${memberId}`);

describe('个人信息副本', () => {
  let alice: Buyer;
  let bob: Buyer;
  let aliceId: string;
  let aliceOrder: string;
  let bobOrder: string;

  beforeAll(async () => {
    [alice, bob] = [await buyer(server.api), await buyer(server.api)];
    aliceId = await memberIdOf(server.api, alice.token);
    const g = await makeGoods(dbOf(server), { priceFen: 12345, stock: 50, name: '爱丽丝的保温杯' });
    aliceOrder = (await placeOrder(server, alice, g.skuId, 2)).orderNo;
    bobOrder = (await placeOrder(server, bob, g.skuId, 1)).orderNo;
    expect((await server.api.post('/member/goods/favorite/add', { token: alice.token, json: { goodsId: g.goodsId } })).code).toBe(0);
    expect((await setConsent(alice.token, { granted: false })).code).toBe(0);
  });

  it('holds the member’s data (amounts in fen and yuan) and nothing of another member’s; the CSV reads in Chinese', async () => {
    const made = await create(alice.token);
    expect(made).toMatchObject({ code: 0, success: true, message: '个人信息副本已生成，请在 10 分钟内下载', data: { stateText: '可下载' } });
    const json = await download(linkOf(made.data, 'json'), alice.token);
    expect(json.status).toBe(200);
    expect(json.disposition).toContain("filename*=UTF-8''");
    const copy = JSON.parse(json.bytes.toString('utf8'));
    expect(copy.profile).toMatchObject({ id: aliceId, mobile: alice.mobile });
    expect(copy.addresses).toHaveLength(1);
    expect(copy.orders.map((o: { orderNo: string }) => o.orderNo)).toEqual([aliceOrder]);
    const [order] = copy.orders;
    expect(order.lines).toEqual([expect.objectContaining({ quantity: 2, unitPriceFen: 12345, unitPriceYuan: '123.45' })]);
    expect(typeof order.paidAmountFen).toBe('number');
    expect(order.paidAmountYuan).toMatch(/^\d+\.\d{2}$/);
    expect(copy.favorites).toHaveLength(1);
    expect(copy.consentRecords).toEqual([expect.objectContaining({ granted: false, action: '撤回' })]);
    expect(Array.isArray(copy.footprints) && Array.isArray(copy.coupons) && Array.isArray(copy.pointsLedger) && Array.isArray(copy.afterSales)).toBe(true);
    const text = json.bytes.toString('utf8');
    expect(text).not.toContain(bob.mobile);
    expect(text).not.toContain(bobOrder);
    expect(text).not.toMatch(/password|passwordHash|refresh|scrypt/i);

    const csv = await download(linkOf(made.data, 'csv'), alice.token);
    expect(csv.status).toBe(200);
    expect(csv.type).toContain('text/csv');
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.bytes.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toContain('"订单编号","下单时间","订单状态","商品名称"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(aliceOrder);
    expect(lines[1]).toContain('"123.45"');
    expect(lines.join()).not.toContain(bobOrder);
  });

  it('a link works once, only for its member, and not once changed; the list shows what was made', async () => {
    const made = (await create(alice.token)).data;
    const url = linkOf(made, 'json');
    // Another member's sign-in, none, or a changed link: nothing, and the file is still there for its owner.
    for (const attempt of [
      await download(url, bob.token),
      await download(url.replace(/sig=[0-9a-f]/, (s) => (s.endsWith('0') ? 'sig=1' : 'sig=0')), alice.token),
      await download(url.replace(/exp=(\d+)/, (_, e) => `exp=${Number(e) + 1}`), alice.token),
      await download(url.replace('file=json', 'file=csv'), alice.token),
    ]) {
      expect(attempt.json).toMatchObject({ code: Code.DATA_COPY_LINK_INVALID, success: false, message: '下载链接无效，请重新申请个人信息副本' });
    }
    expect((await download(url)).json).toMatchObject({ code: Code.NOT_SIGNED_IN });
    expect((await download(url, alice.token)).json).toBeNull();
    const again = await download(url, alice.token);
    expect(again.json).toMatchObject({ code: Code.DATA_COPY_LINK_INVALID, message: '下载链接已失效（已使用或已过期），请重新申请个人信息副本' });

    const shown = (await list(alice.token)).data;
    expect(shown).toMatchObject({ dailyLimit: 3, usedToday: 2 });
    expect(shown.list[0]).toMatchObject({ id: made.id, jsonDownloadedAt: expect.any(String), csvDownloadedAt: null });
    expect(JSON.stringify((await list(bob.token)).data.list)).not.toContain(made.id);
  });

  it('an expired link is refused as expired', async () => {
    const made = (await create(bob.token)).data;
    await query(server, sql`UPDATE member_data_copies SET expires_at = now() - interval '1 second' WHERE id = ${made.id}`);
    // The link still carries its own expiry (10 minutes): the copy's end is what refuses it.
    expect((await download(linkOf(made, 'csv'), bob.token)).json).toMatchObject({ code: Code.DATA_COPY_LINK_INVALID, message: expect.stringContaining('已失效') });
    expect((await list(bob.token)).data.list[0]).toMatchObject({ stateText: '已过期' });
  });

  it('three a day: the fourth is refused in Chinese and nothing is recorded', async () => {
    expect((await create(alice.token)).code).toBe(0); // alice's third today
    const refused = await create(alice.token);
    expect(refused).toMatchObject({ code: Code.DATA_COPY_LIMIT, success: false, message: '个人信息副本每天最多申请 3 次，今天的次数已用完，请明天再试' });
    expect((await copyRows(aliceId))[0]!.n).toBe(3);
  });

  it('bad download links are refused in Chinese without a fault', async () => {
    const bad: Record<string, string>[] = [
      {},
      { id: "' OR 1=1 --", file: 'json', exp: '1', sig: 'a'.repeat(64) },
      { id: '00000000-0000-4000-8000-000000000000', file: '../etc', exp: '1', sig: 'a'.repeat(64) },
      { id: '00000000-0000-4000-8000-000000000000', file: 'json', exp: '-5', sig: 'a'.repeat(64) },
      { id: '00000000-0000-4000-8000-000000000000', file: 'json', exp: '9'.repeat(40), sig: 'a'.repeat(64) },
      { id: '00000000-0000-4000-8000-000000000000', file: 'json', exp: '1', sig: '测试'.repeat(40) },
      { id: 'x'.repeat(5000), file: 'json', exp: '1', sig: 'a'.repeat(64) },
    ];
    for (const q of bad) {
      const res = await server.api.get('/member/user/dataCopy/download', { token: alice.token, query: q });
      expect(res.status).toBe(200);
      expect(res.code).toBe(Code.BAD_REQUEST);
      expect(res.message).toMatch(/[\u4e00-\u9fa5]/);
    }
  });
});

describe('营销消息 consent', () => {
  it('is given until withdrawn; each change is recorded once with its date, and given again', async () => {
    const m = await buyer(server.api);
    const id = await memberIdOf(server.api, m.token);
    const first = (await consentOf(m.token)).data;
    expect(first).toMatchObject({ granted: true, byDefault: true, records: [] });

    const off = await setConsent(m.token, { granted: false });
    expect(off).toMatchObject({ code: 0, message: expect.stringContaining('已关闭营销消息'), data: { granted: false, byDefault: false } });
    expect((await setConsent(m.token, { granted: false })).data.records).toHaveLength(1);
    await Promise.all([1, 2, 3].map(() => setConsent(m.token, { granted: true })));
    const on = (await consentOf(m.token)).data;
    expect(on).toMatchObject({ granted: true, records: [{ granted: true, sourceText: '会员本人' }, { granted: false }] });
    expect(Date.parse(on.changedAt)).toBeGreaterThan(Date.now() - 60_000);
    const stored = await query<{ granted: boolean; source: string }>(server, sql`SELECT granted, source FROM member_consents WHERE member_id = ${id} ORDER BY id`);
    expect(stored).toEqual([{ granted: false, source: 'member' }, { granted: true, source: 'member' }]);
  });

  it('refuses anything but a yes or no in Chinese and records nothing', async () => {
    const m = await buyer(server.api);
    const id = await memberIdOf(server.api, m.token);
    for (const body of [{}, { granted: 'false' }, { granted: 0 }, { granted: -1 }, { granted: null }, ...HOSTILE_VALUES.filter((v) => v !== true).map((v) => ({ granted: v })), '测试']) {
      const res = await setConsent(m.token, body);
      expect(res.code, JSON.stringify(body)).toBe(Code.BAD_REQUEST);
      expect(res.message).toMatch(/^(请选择是否接收营销消息|营销消息开关格式不正确|请求参数格式不正确)$/);
    }
    expect(await query(server, sql`SELECT 1 FROM member_consents WHERE member_id = ${id}`)).toHaveLength(0);
    expect((await server.api.post('/member/user/privacy/consent/update', { json: { granted: false } })).code).toBe(Code.NOT_SIGNED_IN);
    expect((await server.api.post('/member/user/dataCopy/create', { json: {} })).code).toBe(Code.NOT_SIGNED_IN);
  });
});
