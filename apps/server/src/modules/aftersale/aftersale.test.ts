import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../lib/db.ts';
import {
  registeredMember,
  startTestServer,
  type TestServer,
  countRows,
  dbOf,
  makeOrder,
  makeSku,
  memberIdOf,
  stockOf,
  GIF,
  JPEG,
  paidOrder,
  PNG,
  upload,
  WEBP,
  makeOperator,
  bearer,
} from '../../test/kit/index.ts';
import { signedLink } from '../../lib/signed-link.ts';
import { imageUrl } from './uploads.ts';

const OPS_TOKEN = 'ops-token-for-aftersale-tests-0123456789';
let server: TestServer;
let dataDir: string;
let buyer: { token: string; memberId: string };
let other: { token: string; memberId: string };
let sku: Awaited<ReturnType<typeof makeSku>>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aftersale-test-'));
  server = await startTestServer({ OPS_TOKEN, DATA_DIR: dataDir });
  for (const who of ['buyer', 'other'] as const) {
    const m = await registeredMember(server.api);
    const v = { token: m.accessToken, memberId: await memberIdOf(server.api, m.accessToken) };
    if (who === 'buyer') buyer = v;
    else other = v;
  }
  sku = await makeSku(dbOf(server), { price: 3333, stock: 100 });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const line = (quantity: number, discount = 0) => ({ ...sku, unitPrice: sku.price, quantity, discount });
const apply = (token: string, body: Record<string, unknown>) =>
  server.api.post('/member/order/afterSale/apply', { token, json: body });
const ops = (action: string, body: Record<string, unknown>, token = OPS_TOKEN) =>
  server.api.post(`/ops/afterSale/${action}`, { json: body, headers: { 'x-ops-token': token } });
const base = { type: 'REFUND_ONLY', reason: '不想要了', description: '', images: [] as string[] };

describe('after-sale: return and refund end to end', () => {
  it('applies with images, is approved, returned, received (stock back) and refunded once', async () => {
    const order = await paidOrder(server, buyer.memberId, [line(3, 1000), line(1)], {
      freight: 1000,
      status: 'PENDING_RECEIPT',
    });
    const item = order.items[0]!;
    const info = await server.api.get('/member/order/afterSale/applyInfo', {
      token: buyer.token,
      query: { orderItemId: item.id },
    });
    expect(info.data).toMatchObject({ maxQuantity: 3, maxRefund: item.paidShare, paidShare: item.paidShare });

    const png = await upload(server, buyer.token, PNG);
    const jpg = await upload(server, buyer.token, JPEG, 'b.jpg', 'image/jpeg');
    expect(png.code).toBe(0);
    expect(png.data.name).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(jpg.data.name).toMatch(/\.jpg$/);

    const res = await apply(buyer.token, {
      ...base,
      orderItemId: item.id,
      type: 'RETURN_REFUND',
      reason: '质量问题',
      description: '屏幕有划痕',
      quantity: 1,
      images: [png.data.name, jpg.data.name],
    });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      status: 'PENDING_REVIEW',
      statusText: '待审核',
      typeText: '退货退款',
      quantity: 1,
      refundAmount: Math.floor(item.paidShare / 3),
      actions: ['withdraw'],
    });
    // Signed links to the owner's own pictures (uploads.ts), each opening its picture.
    expect(res.data.images.map((u: string) => u.split('?')[0])).toEqual([png.data.url, jpg.data.url].map((u) => u.split('?')[0]));
    const image = await fetch(`${server.url}${res.data.images[0]}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    const no = res.data.afterSaleNo as string;
    expect(no).toMatch(/^AS\d{20}$/);

    expect((await ops('approve', { afterSaleNo: no })).data).toMatchObject({
      status: 'PENDING_BUYER_RETURN',
      actions: ['submitReturn', 'withdraw'],
    });
    expect((await ops('receive', { afterSaleNo: no })).code).toBe(108401); // nothing sent back yet
    const sent = await server.api.post('/member/order/afterSale/returnLogistics', {
      token: buyer.token,
      json: { id: res.data.id, company: '顺丰速运', trackingNo: 'SF1234567890' },
    });
    expect(sent.data).toMatchObject({
      status: 'PENDING_MERCHANT_RECEIPT',
      returnLogistics: { company: '顺丰速运', trackingNo: 'SF1234567890' },
    });

    const stock = await stockOf(dbOf(server), sku.skuId);
    expect((await ops('receive', { afterSaleNo: no })).data.status).toBe('REFUNDING');
    expect(await stockOf(dbOf(server), sku.skuId)).toBe(stock + 1);

    const refunded = await ops('refund', { afterSaleNo: no });
    expect(refunded.data).toMatchObject({
      status: 'COMPLETED',
      statusText: '已完成',
      refund: { amount: Math.floor(item.paidShare / 3), status: 'SUCCESS' },
    });
    expect((await ops('refund', { afterSaleNo: no })).code).toBe(108401);
    expect(await countRows(dbOf(server), 'refunds', sql`order_id = ${order.orderId}`)).toBe(1);

    const detail = await server.api.get('/member/order/afterSale/detail', {
      token: buyer.token,
      query: { id: res.data.id },
    });
    expect(detail.data.timeline.map((e: { action: string }) => e.action)).toEqual([
      'apply',
      'approve',
      'submitReturn',
      'receive',
      'refund',
    ]);
    const list = await server.api.get('/member/order/afterSale/page', {
      token: buyer.token,
      query: { status: 'COMPLETED' },
    });
    expect(list.data.list.map((r: { id: string }) => r.id)).toContain(res.data.id);
    expect(list.data).toMatchObject({ pageNum: 1, pageSize: 10 });
  });

  it('refund-only requests for every unit of every line return exactly what the order paid', async () => {
    const order = await paidOrder(server, buyer.memberId, [line(3, 777), line(2), line(1, 5)], { freight: 1000 });
    let total = 0;
    for (const item of order.items) {
      for (const q of item.quantity === 3 ? [1, 2] : [item.quantity]) {
        const res = await apply(buyer.token, { ...base, orderItemId: item.id, quantity: q });
        expect(res.code, res.message).toBe(0);
        expect((await ops('approve', { afterSaleNo: res.data.afterSaleNo })).data.status).toBe('REFUNDING');
        const done = await ops('refund', { afterSaleNo: res.data.afterSaleNo });
        expect(done.data.status).toBe('COMPLETED');
        total += done.data.refund.amount;
      }
      const more = await apply(buyer.token, { ...base, orderItemId: item.id, quantity: 1 });
      // Once the last unit is refunded before shipment, the order itself is closed.
      const last = item === order.items.at(-1);
      expect(more).toMatchObject(
        last
          ? { code: 108101, message: '订单已关闭，不能申请售后' }
          : { code: 108402, message: '该商品已全部申请售后，请勿重复申请' },
      );
    }
    expect(total).toBe(order.payable);
  });

  it('withdrawn and rejected requests hold nothing; the buyer may apply again', async () => {
    const order = await paidOrder(server, buyer.memberId, [line(2)]);
    const item = order.items[0]!;
    const first = await apply(buyer.token, { ...base, orderItemId: item.id, quantity: 2 });
    expect(
      (await server.api.post('/member/order/afterSale/withdraw', { token: buyer.token, json: { id: first.data.id } }))
        .data.status,
    ).toBe('WITHDRAWN');
    expect(
      (await server.api.post('/member/order/afterSale/withdraw', { token: buyer.token, json: { id: first.data.id } }))
        .code,
    ).toBe(108401);
    const second = await apply(buyer.token, { ...base, orderItemId: item.id, quantity: 2 });
    expect(second.data.refundAmount).toBe(item.paidShare);
    const rejected = await ops('reject', { afterSaleNo: second.data.afterSaleNo, reason: '商品已签收且无质量问题' });
    expect(rejected.data).toMatchObject({ status: 'REJECTED', rejectReason: '商品已签收且无质量问题' });
    expect((await ops('approve', { afterSaleNo: second.data.afterSaleNo })).code).toBe(108401);
    expect((await apply(buyer.token, { ...base, orderItemId: item.id, quantity: 1 })).code).toBe(0);
  });
});

describe('after-sale: refusals', () => {
  it.each([
    ['a negative quantity', -1, '申请数量不能小于 1'],
    ['zero', 0, '申请数量不能小于 1'],
    ['a fraction', 1.5, '申请数量必须是整数'],
    ['a string', 'abc', '申请数量必须是整数'],
    ['a huge number', 10 ** 12, '申请数量不能大于 9999'],
    ['more than bought', 4, '申请数量不能超过购买数量 3 件'],
  ])('refuses %s as quantity', async (_n, quantity, message) => {
    const order = await paidOrder(server, buyer.memberId, [line(3)]);
    const res = await apply(buyer.token, { ...base, orderItemId: order.items[0]!.id, quantity });
    expect(res.message).toBe(message);
    expect(await countRows(dbOf(server), 'refunds', sql`order_id = ${order.orderId}`)).toBe(0);
  });

  it("answers another member's item and request as not found", async () => {
    const order = await paidOrder(server, buyer.memberId, [line(1)]);
    expect(await apply(other.token, { ...base, orderItemId: order.items[0]!.id, quantity: 1 })).toMatchObject({
      code: 404,
      message: '订单商品不存在',
    });
    const mine = await apply(buyer.token, { ...base, orderItemId: order.items[0]!.id, quantity: 1 });
    for (const res of [
      await server.api.get('/member/order/afterSale/detail', { token: other.token, query: { id: mine.data.id } }),
      await server.api.post('/member/order/afterSale/withdraw', { token: other.token, json: { id: mine.data.id } }),
      await server.api.post('/member/order/afterSale/returnLogistics', {
        token: other.token,
        json: { id: mine.data.id, company: '顺丰', trackingNo: 'SF0001' },
      }),
    ]) {
      expect(res).toMatchObject({ code: 404, message: '售后单不存在' });
    }
    const list = await server.api.get('/member/order/afterSale/page', { token: other.token });
    expect(list.data.list.some((r: { id: string }) => r.id === mine.data.id)).toBe(false);
  });

  it('refuses unpaid and cancelled orders, a return before shipping, and requests past the window', async () => {
    const unpaid = await makeOrder(dbOf(server), buyer.memberId, [line(1)]);
    expect(await apply(buyer.token, { ...base, orderItemId: unpaid.items[0]!.id, quantity: 1 })).toMatchObject({
      code: 108101,
      message: '订单待付款，不能申请售后',
    });
    const cancelled = await makeOrder(dbOf(server), buyer.memberId, [line(1)], { status: 'CANCELLED' });
    expect((await apply(buyer.token, { ...base, orderItemId: cancelled.items[0]!.id, quantity: 1 })).code).toBe(108101);
    const unshipped = await paidOrder(server, buyer.memberId, [line(1)]);
    expect(
      await apply(buyer.token, { ...base, type: 'RETURN_REFUND', orderItemId: unshipped.items[0]!.id, quantity: 1 }),
    ).toMatchObject({ message: '商品尚未发货，请选择仅退款' });
    const old = await paidOrder(server, buyer.memberId, [line(1)], { status: 'COMPLETED', completedDaysAgo: 8 });
    expect(await apply(buyer.token, { ...base, orderItemId: old.items[0]!.id, quantity: 1 })).toMatchObject({
      code: 108401,
      message: '已超过售后期限（确认收货后 7 天内可申请）',
    });
    const recent = await paidOrder(server, buyer.memberId, [line(1)], { status: 'COMPLETED', completedDaysAgo: 6 });
    expect(
      (
        await apply(buyer.token, {
          ...base,
          type: 'RETURN_REFUND',
          reason: '七天无理由退货',
          orderItemId: recent.items[0]!.id,
          quantity: 1,
        })
      ).code,
    ).toBe(0);
  });

  it('refuses reasons outside the list, long descriptions, bad ids, too many or foreign images', async () => {
    const order = await paidOrder(server, buyer.memberId, [line(1)]);
    const orderItemId = order.items[0]!.id;
    expect(
      (await apply(buyer.token, { ...base, orderItemId, quantity: 1, reason: '<script>alert(1)</script>' })).message,
    ).toBe('售后原因取值不正确');
    expect((await apply(buyer.token, { ...base, orderItemId, quantity: 1, type: 'EXCHANGE' })).message).toBe(
      '售后类型取值不正确',
    );
    expect(
      (await apply(buyer.token, { ...base, orderItemId, quantity: 1, description: '坏'.repeat(501) })).message,
    ).toBe('问题描述不能超过 500 个字符');
    expect((await apply(buyer.token, { ...base, orderItemId: "' OR 1=1 --", quantity: 1 })).code).toBe(400);
    const names = [];
    for (let i = 0; i < 7; i++) names.push((await upload(server, buyer.token, PNG)).data.name);
    expect((await apply(buyer.token, { ...base, orderItemId, quantity: 1, images: names })).message).toBe(
      '最多上传 6 张图片',
    );
    const foreign = (await upload(server, other.token, WEBP)).data.name;
    expect(foreign).toMatch(/\.webp$/);
    expect(await apply(buyer.token, { ...base, orderItemId, quantity: 1, images: [foreign] })).toMatchObject({
      code: 109101,
    });
    expect((await apply(buyer.token, { ...base, orderItemId, quantity: 1, images: ['../../etc/passwd'] })).code).toBe(
      400,
    );
    expect(await countRows(dbOf(server), 'refunds', sql`order_id = ${order.orderId}`)).toBe(0);
    expect((await apply(buyer.token, { ...base, orderItemId, quantity: 1, images: names.slice(0, 6) })).code).toBe(0);
  });

  it('refuses uploads that are not JPEG/PNG/WebP by their bytes, or over 5 MB', async () => {
    expect(await upload(server, buyer.token, GIF, 'a.png', 'image/png')).toMatchObject({
      code: 109101,
      message: '只能上传 JPG、PNG 或 WebP 图片',
    });
    expect(
      await upload(server, buyer.token, Buffer.from('<svg onload="alert(1)"></svg>'), 'a.jpg', 'image/jpeg'),
    ).toMatchObject({ code: 109101 });
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expect(await upload(server, buyer.token, big)).toMatchObject({ code: 109101, message: '图片不能超过 5MB' });
    const json = await server.api.post('/member/order/afterSale/upload', { token: buyer.token, json: { file: 'x' } });
    expect(json.code).toBe(109101);
    expect((await server.api.post('/member/order/afterSale/upload', {})).code).toBe(106);
    for (const name of ['0123456789abcdef0123456789abcdef.png', '..%2F..%2Fsecrets.json', 'x.svg']) {
      const res = await server.api.get(`/member/order/afterSale/image/${name}`);
      expect(res).toMatchObject({ status: 403, code: 403, message: '链接已失效，请刷新页面后重试' });
    }
  });

  it('guards the ops API with the operator token', async () => {
    expect((await ops('approve', { afterSaleNo: 'AS1' }, '')).code).toBe(106); // no operator at all
    expect((await ops('approve', { afterSaleNo: 'AS1' }, 'wrong-token-wrong-token-wrong')).code).toBe(403);
    expect((await ops('approve', { afterSaleNo: 'AS1' })).code).toBe(404);
  });
});

describe('after-sale: evidence is private', () => {
  let no: string;
  let id: string;
  let link: string;
  let name: string;
  const status = async (url: string, headers: Record<string, string> = {}) => (await fetch(server.url + url, { headers })).status;

  beforeAll(async () => {
    const order = await paidOrder(server, buyer.memberId, [line(1)]);
    const up = await upload(server, buyer.token, PNG);
    name = up.data.name;
    const res = await apply(buyer.token, { ...base, orderItemId: order.items[0]!.id, quantity: 1, images: [name] });
    expect(res.code, res.message).toBe(0);
    no = res.data.afterSaleNo;
    id = res.data.id;
    link = res.data.images[0];
  });

  it('the owner gets a working 10-minute link in the detail and the list; it opens the picture', async () => {
    const d = await server.api.get('/member/order/afterSale/detail', { token: buyer.token, query: { id } });
    const url: string = d.data.images[0];
    expect(url).toMatch(new RegExp(`^/member/order/afterSale/image/${name}\\?exp=(\\d+)&sig=[0-9a-f]{64}$`));
    const exp = Number(/exp=(\d+)/.exec(url)![1]);
    expect(exp * 1000 - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(exp * 1000 - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const image = await fetch(server.url + url);
    expect(image.status).toBe(200);
    expect(image.headers.get('cache-control')).toBe('private, max-age=600');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    const list = await server.api.get('/member/order/afterSale/page', { token: buyer.token, query: { pageNum: 1, pageSize: 50 } });
    const mine = (list.data.list as { afterSaleNo: string; images: string[] }[]).find((a) => a.afterSaleNo === no)!;
    expect(await status(mine.images[0]!)).toBe(200);
  });

  it('another member gets no link (the request is not theirs), and the bare path is refused even signed in', async () => {
    const d = await server.api.get('/member/order/afterSale/detail', { token: other.token, query: { id } });
    expect(d).toMatchObject({ code: 404, message: '售后单不存在', data: null });
    const list = await server.api.get('/member/order/afterSale/page', { token: other.token, query: { pageNum: 1, pageSize: 50 } });
    expect(JSON.stringify(list.data)).not.toContain(name);
    const bare = await server.api.get(`/member/order/afterSale/image/${name}`, { token: other.token });
    expect(bare).toMatchObject({ status: 403, code: 403, message: '链接已失效，请刷新页面后重试' });
    expect(await status(`/member/order/afterSale/image/${name}`, { authorization: buyer.token })).toBe(403);
  });

  it('an operator with 查看售后 gets a working link; one without the permission gets nothing', async () => {
    const service = await makeOperator(server.api, OPS_TOKEN, 'service');
    const d = await server.api.get('/ops/afterSale/detail', { query: { afterSaleNo: no }, ...bearer(service.token) });
    expect(d.code, d.message).toBe(0);
    expect(await status(d.data.images[0])).toBe(200);
    const operations = await makeOperator(server.api, OPS_TOKEN, 'operations'); // 运营: no aftersale:view
    const refused = await server.api.get('/ops/afterSale/detail', { query: { afterSaleNo: no }, ...bearer(operations.token) });
    expect(refused.code).toBe(403);
    expect(JSON.stringify(refused)).not.toContain(name);
  });

  it('an expired, tampered or borrowed signature is refused and shows nothing', async () => {
    const secrets = server.running.app.ctx.secrets;
    const [, query] = link.split('?');
    const params = new URLSearchParams(query);
    const exp = params.get('exp')!;
    const sig = params.get('sig')!;
    const path = `/member/order/afterSale/image/${name}`;
    const other32 = `${'d'.repeat(32)}.png`;
    const refusedLinks = [
      imageUrl(secrets, name, Date.now() - 11 * 60_000), // expired a minute ago
      `${path}?exp=${exp}&sig=${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`, // one digit changed
      `${path}?exp=${Number(exp) + 1}&sig=${sig}`, // a later expiry with the old signature
      signedLink(secrets, 'aftersale-evidence', '/member/order/afterSale/image/', name, 86_400), // a day-long link: longer than any we make
      signedLink(secrets, 'supplier-licence', '/member/order/afterSale/image/', name, 600), // signed for another kind of file
      `${path}?exp=${exp}`,
      `${path}?sig=${sig}`,
      `${path}?exp=abc&sig=${sig}`,
      `${path}?exp=1e12&sig=${sig}`,
      `${path}?exp=${'9'.repeat(40)}&sig=${sig}`,
      `${path}?exp=${exp}&sig=${encodeURIComponent("' OR 1=1 --")}`,
      `${path}?exp=${exp}&sig=${encodeURIComponent('签名'.repeat(100))}`,
      `${path}?exp=${exp}&exp=${exp}&sig=${sig}&sig=${sig}`,
      `/member/order/afterSale/image/${other32}?exp=${exp}&sig=${sig}`, // this signature is for another name
    ];
    for (const url of refusedLinks) {
      const res = await fetch(server.url + url);
      expect(res.status, url).toBe(403);
      expect(await res.json()).toMatchObject({ code: 403, message: '链接已失效，请刷新页面后重试' });
    }
    // A valid signature for a name that is no upload of the shop: not found, storage never reveals more.
    expect(await status(imageUrl(secrets, other32))).toBe(404);
    expect(await status(link)).toBe(200);
  });
});

describe('after-sale: concurrency', () => {
  it('concurrent requests for one line never exceed its quantity or paid share', async () => {
    const order = await paidOrder(server, buyer.memberId, [line(3, 100), line(1)], { freight: 1000 });
    const item = order.items[0]!;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => apply(buyer.token, { ...base, orderItemId: item.id, quantity: 1 })),
    );
    const okOnes = results.filter((r) => r.code === 0);
    expect(okOnes).toHaveLength(3);
    expect(results.filter((r) => r.code !== 0).every((r) => r.code === 108402)).toBe(true);
    expect(okOnes.reduce((s, r) => s + r.data.refundAmount, 0)).toBe(item.paidShare);
  });

  it('concurrent refund calls pay once', async () => {
    const order = await paidOrder(server, buyer.memberId, [line(2)]);
    const res = await apply(buyer.token, { ...base, orderItemId: order.items[0]!.id, quantity: 2 });
    await ops('approve', { afterSaleNo: res.data.afterSaleNo });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => ops('refund', { afterSaleNo: res.data.afterSaleNo })),
    );
    expect(answers.some((a) => a.code === 0)).toBe(true);
    expect(await countRows(dbOf(server), 'refunds', sql`order_id = ${order.orderId}`)).toBe(1);
    expect(
      await countRows(
        dbOf(server),
        'refunds',
        sql`order_id = ${order.orderId} AND status = 'SUCCESS' AND amount = ${order.payable}`,
      ),
    ).toBe(1);
    const detail = await server.api.get('/member/order/afterSale/detail', {
      token: buyer.token,
      query: { id: res.data.id },
    });
    expect(detail.data.timeline.filter((e: { action: string }) => e.action === 'refund')).toHaveLength(1);
  });
});
