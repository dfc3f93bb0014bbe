/**
 * 注销账号's erasure when the cooling-off is over: every table read afterwards (its text, JSON and
 * array columns from information_schema, and every uuid column pointing at the member) holds nothing
 * of the member's personal data, and their stored pictures are gone; orders and after-sales stay de-identified; the username and mobile
 * are free again; two sweeps at once erase once; the console shows 已注销 and cannot enable it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CANCELLED_MARKER, Code } from '@mall/shared';
import {
  ageCodes,
  applyAfterSale,
  dbOf,
  expectRefusal,
  firstItemId,
  idNumber,
  lastSmsCode,
  makeGoods,
  memberIdOf,
  placeOrder,
  png,
  query,
  smsSignIn,
  startTestServer,
  type TestServer,
  upload,
  uploadAvatar,
} from '../test/kit/index.ts';
import { approvedDistributor } from '../modules/distribution/distribution-test-kit.ts';
import { eraseDueMembers } from './account-cancellation.ts';

const OPS_TOKEN = 'erasure-ops-token-0123456789abcdef';
const DAY = 86_400_000;
let server: TestServer;
/** Where the server stores uploads: the member's avatar and evidence picture must be gone after erasure. */
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'member-erasure-'));
  server = await startTestServer({ OPS_TOKEN, DATA_DIR: dataDir });
}, 120_000);
afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const stored = (area: string, name: string) => fs.existsSync(path.join(dataDir, 'uploads', area, name));

const ops = { headers: { 'x-ops-token': OPS_TOKEN } };
const ctx = () => server.running.app.ctx;

/** Where the member's id may stay after erasure: records kept for the shop's accounts, naming nobody. */
const KEPT_REFERENCES = new Set([
  'members.id', // the tombstone
  'member_cancellations.member_id',
  'orders.member_id',
  'payments.member_id',
  'after_sales.member_id',
  'goods_reviews.member_id',
  'commissions.earner_id',
  'commissions.buyer_id',
  'withdrawals.member_id',
  'activity_holds.member_id',
]);

interface Column {
  table_name: string;
  column_name: string;
  data_type: string;
}

async function columns(types: string[]): Promise<Column[]> {
  return query<Column>(
    server,
    sql`SELECT c.table_name, c.column_name, c.data_type FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_name = c.table_name AND t.table_schema = c.table_schema
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
          AND c.data_type IN (${sql.join(
            types.map((x) => sql`${x}`),
            sql`, `,
          )})
        ORDER BY c.table_name, c.column_name`,
  );
}

/** Every text, JSON and array cell of every table that contains one of `needles`: "table.column ∋ needle". */
async function findText(needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const c of await columns(['text', 'character varying', 'jsonb', 'json', 'ARRAY'])) {
    for (const needle of needles) {
      const [row] = await query<{ n: number }>(
        server,
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(c.table_name)} WHERE ${sql.identifier(c.column_name)}::text LIKE ${`%${needle}%`}`,
      );
      if (Number(row!.n) > 0) found.push(`${c.table_name}.${c.column_name} ∋ ${needle}`);
    }
  }
  return found;
}

/** Every uuid cell of every table equal to the member's id, outside the kept records. */
async function findReferences(memberId: string): Promise<string[]> {
  const found: string[] = [];
  for (const c of await columns(['uuid'])) {
    const [row] = await query<{ n: number }>(
      server,
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(c.table_name)} WHERE ${sql.identifier(c.column_name)} = ${memberId}::uuid`,
    );
    if (Number(row!.n) > 0 && !KEPT_REFERENCES.has(`${c.table_name}.${c.column_name}`))
      found.push(`${c.table_name}.${c.column_name}`);
  }
  return found;
}

describe('注销账号: the erasure', () => {
  const P = {
    nickname: '烟雨江南客',
    receiver: '柳如烟',
    receiverMobile: '13611112222',
    detail: '梧桐巷十七号甲单元',
    realName: '慕容秋水',
    idNumber: idNumber('330106', '19900521', '417'),
  };
  let m: Awaited<ReturnType<typeof approvedDistributor>> & { mobile: string; username: string; password: string };
  let orderNo: string;
  let afterSaleNo: string;
  let avatarFile: string;
  let evidenceFile: string;

  beforeAll(async () => {
    const d = await approvedDistributor(server, OPS_TOKEN); // a distributor, with a real-name record and an application
    const me = await server.api.get('/member/user/user/current', { token: d.token });
    const [row] = await query<{ mobile: string; username: string }>(
      server,
      sql`SELECT mobile, username FROM members WHERE id = ${d.memberId}`,
    );
    m = { ...d, mobile: row!.mobile, username: row!.username, password: '' };
    expect(me.code).toBe(0);
    const { token } = m;
    const call = async (path: string, json: unknown) => {
      const res = await server.api.post(path, { token, json });
      expect(res.code, `${path}: ${res.message}`).toBe(0);
      return res.data;
    };
    await call('/member/user/profile/update', { nickname: P.nickname });
    const avatar = await uploadAvatar(server, token, png(64, 64));
    expect(avatar.code, avatar.message).toBe(0);
    avatarFile = path.basename(avatar.data.avatar as string);
    const evidence = await upload(server, token, png(64, 64));
    expect(evidence.code, evidence.message).toBe(0);
    evidenceFile = evidence.data.name;
    await call('/member/user/realName/add', { name: P.realName, idNumber: P.idNumber });
    const address = await call('/member/trade/address/create', {
      receiverName: P.receiver,
      mobile: P.receiverMobile,
      provinceCode: '11',
      cityCode: '1101',
      districtCode: '110105',
      detail: P.detail,
      isDefault: true,
    });
    const g = await makeGoods(dbOf(server), { priceFen: 8800, stock: 50, name: '注销擦除测试茶具' });
    orderNo = (await placeOrder(server, { token, addressId: address.id, mobile: m.mobile }, g.skuId)).orderNo;
    afterSaleNo = await applyAfterSale(server, token, await firstItemId(server, token, orderNo), {
      reason: '拍错/多拍',
    });
    const [as] = await query<{ id: string }>(
      server,
      sql`SELECT id FROM after_sales WHERE after_sale_no = ${afterSaleNo}`,
    );
    await call('/member/order/afterSale/withdraw', { id: as!.id });
    await query(server, sql`UPDATE orders SET status = 'COMPLETED', completed_at = now() WHERE order_no = ${orderNo}`);
    await call('/member/goods/favorite/add', { goodsId: g.goodsId });
    await call('/member/trade/cart/add', { skuId: g.skuId, quantity: 1 });
    await server.api.post('/member/search/goods/search', {
      token,
      json: { keyword: '茶具', pageNum: 1, pageSize: 10 },
    });
    await call('/member/user/privacy/consent/update', { granted: false });
    await call('/member/user/dataCopy/create', {});
    await ageCodes(server, m.mobile);
    await call('/member/user/security/sendCode', { purpose: 'cancelAccount' });
    const done = await call('/member/user/cancellation/apply', { smsCode: await lastSmsCode(server.api, m.mobile) });
    expect(done.eraseAt).toBeTruthy();
  }, 120_000);

  it('waits for the cooling-off: nothing is erased before it ends', async () => {
    expect(await eraseDueMembers(ctx(), new Date(Date.now() + 6 * DAY))).toBe(0);
    const [row] = await query<{ status: string; mobile: string }>(
      server,
      sql`SELECT status, mobile FROM members WHERE id = ${m.memberId}`,
    );
    expect(row).toEqual({ status: 'cancelling', mobile: m.mobile });
    // The scan below would see the data that is still there.
    expect(await findText([m.mobile, P.detail, P.realName])).toEqual(
      expect.arrayContaining([
        `members.mobile ∋ ${m.mobile}`,
        `addresses.detail ∋ ${P.detail}`,
        `member_real_names.name ∋ ${P.realName}`,
      ]),
    );
    expect(await findReferences(m.memberId)).toEqual(
      expect.arrayContaining(['addresses.member_id', 'member_sessions.member_id']),
    );
    expect([stored('avatars', avatarFile), stored('aftersale', evidenceFile)]).toEqual([true, true]);
  }, 60_000);

  it('erases once when two sweeps run at the same moment', async () => {
    const later = new Date(Date.now() + 8 * DAY);
    const counts = await Promise.all([eraseDueMembers(ctx(), later), eraseDueMembers(ctx(), later)]);
    expect(counts[0] + counts[1]).toBe(1);
    expect(await eraseDueMembers(ctx(), later)).toBe(0);
    const [c] = await query<{ status: string }>(
      server,
      sql`SELECT status FROM member_cancellations WHERE member_id = ${m.memberId}`,
    );
    expect(c!.status).toBe('ERASED');
  });

  it("removes the member's stored pictures: the avatar and the after-sale evidence", () => {
    expect([stored('avatars', avatarFile), stored('aftersale', evidenceFile)]).toEqual([false, false]);
  });

  it('leaves a tombstone with no personal data, and nothing of the member in any table', async () => {
    const [row] = await query(
      server,
      sql`SELECT status, username, mobile, password_hash, nickname, avatar, birthday, roles FROM members WHERE id = ${m.memberId}`,
    );
    expect(row).toEqual({
      status: 'cancelled',
      username: null,
      mobile: null,
      password_hash: null,
      nickname: null,
      avatar: null,
      birthday: null,
      roles: [],
    });
    const needles = [
      m.mobile,
      m.username,
      P.nickname,
      P.receiver,
      P.receiverMobile,
      P.detail,
      P.realName,
      P.idNumber,
      '王小明',
      '13700001111',
    ];
    expect(await findText(needles)).toEqual([]);
    expect(await findReferences(m.memberId)).toEqual([]);
  }, 120_000);

  it('keeps the order and its after-sale, de-identified', async () => {
    const [order] = await query<{ address: Record<string, unknown>; real_name: unknown; status: string }>(
      server,
      sql`SELECT address, real_name, status FROM orders WHERE order_no = ${orderNo}`,
    );
    expect(order!.status).toBe('COMPLETED');
    expect(order!.address).toMatchObject({
      receiverName: CANCELLED_MARKER,
      mobile: '',
      detail: CANCELLED_MARKER,
      districtName: null,
      provinceName: '北京市',
    });
    expect(order!.real_name).toBeNull();
    const [afterSale] = await query<{ status: string; description: string }>(
      server,
      sql`SELECT status, description FROM after_sales WHERE after_sale_no = ${afterSaleNo}`,
    );
    expect(afterSale).toEqual({ status: 'WITHDRAWN', description: '' });
    const detail = await server.api.get('/ops/order/detail', { query: { orderNo }, ...ops });
    expect(detail.code).toBe(0);
    expect(JSON.stringify(detail.data)).not.toContain(P.receiver);
  });

  it('frees the mobile and the username: the same number signs up as a new member', async () => {
    const again = await smsSignIn(server.api, m.mobile);
    const newId = await memberIdOf(server.api, again.accessToken);
    expect(newId).not.toBe(m.memberId);
    const done = await server.api.post('/member/user/auth/registerAndLogin', {
      token: again.accessToken,
      form: { username: m.username, password: 'Lotus#Garden2026', clientType: 'PC_BROWSER' },
    });
    expect(done.code, done.message).toBe(0);
    const me = await server.api.get('/member/user/user/current', { token: done.data.accessToken });
    expect(me.data).toMatchObject({ id: newId, username: m.username, roles: ['member'] });
  });

  it('the console shows 已注销 with nothing to restore, and refuses to enable it', async () => {
    const page = await server.api.get('/ops/member/page', {
      query: { status: 'cancelled', keyword: m.memberId },
      ...ops,
    });
    expect(page.data.list).toEqual([
      expect.objectContaining({ id: m.memberId, status: 'cancelled', username: null, nickname: null, mobile: '' }),
    ]);
    const detail = await server.api.get('/ops/member/detail', { query: { memberId: m.memberId }, ...ops });
    expect(detail.data).toMatchObject({ status: 'cancelled', cancellation: { status: 'ERASED' }, sessions: [] });
    const enable = await server.api.post('/ops/member/enable', {
      json: { memberId: m.memberId, reason: '恢复' },
      ...ops,
    });
    expectRefusal(enable, Code.BAD_REQUEST);
    expect(enable.message).toBe('该会员已注销，不能启用或禁用');
  });
});
