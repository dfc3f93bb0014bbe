import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { rows, sql } from '../../lib/db.ts';
import {
  CHINESE,
  dbOf,
  makeOrder,
  makeSku,
  memberIdOf,
  PNG,
  registeredMember,
  startTestServer,
  type TestServer,
} from '../../test/kit/index.ts';
import { reviewCount, uploadReviewImage } from './reviews-test-kit.ts';

let server: TestServer;
let dataDir: string;
let buyer: { token: string; memberId: string };
let other: { token: string; memberId: string };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reviews-test-'));
  server = await startTestServer({ DATA_DIR: dataDir });
  for (const who of ['buyer', 'other'] as const) {
    const m = await registeredMember(server.api);
    const v = { token: m.accessToken, memberId: await memberIdOf(server.api, m.accessToken) };
    if (who === 'buyer') buyer = v;
    else other = v;
  }
  await server.api.post('/member/user/profile/update', { token: buyer.token, json: { nickname: '张三丰' } });
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A completed order of one line of a new goods, completed `daysAgo` days ago. */
async function receivedLine(memberId = buyer.memberId, daysAgo = 1, status = 'COMPLETED') {
  const sku = await makeSku(dbOf(server), { price: 1999 });
  const order = await makeOrder(dbOf(server), memberId, [{ ...sku, unitPrice: sku.price, quantity: 1 }], {
    status,
    completedDaysAgo: status === 'COMPLETED' ? daysAgo : undefined,
  });
  return { ...sku, orderNo: order.orderNo, itemId: order.items[0]!.id };
}

const create = (token: string, body: Record<string, unknown>) =>
  server.api.post('/member/order/comment/create', { token, json: body });
const followUp = (token: string, body: Record<string, unknown>) =>
  server.api.post('/member/order/comment/followUp', { token, json: body });
const goodsPage = (goodsId: number | string, extra: Record<string, string | number> = {}) =>
  server.api.get('/member/goods/comment/page', { query: { goodsId, ...extra } });
const review = (orderItemId: string, extra: Record<string, unknown> = {}) => ({
  orderItemId,
  rating: 5,
  content: '质量很好，物流很快',
  images: [],
  ...extra,
});

describe('a buyer reviews a received line, then adds a 追评', () => {
  it('lists it under 待评价, takes stars, text, a photo and 匿名, shows it on the goods page, then one 追评', async () => {
    const line = await receivedLine();
    const todo = await server.api.get('/member/order/comment/pending', { token: buyer.token });
    expect(todo.code).toBe(0);
    expect(todo.data.list.map((t: { orderItemId: string }) => t.orderItemId)).toContain(line.itemId);
    const before = todo.data.counts.REVIEW;

    const photo = await uploadReviewImage(server, buyer.token, PNG);
    expect(photo.code).toBe(0);
    expect(photo.data.url).toMatch(/^\/static\/uploads\/reviews\/[0-9a-f]{32}\.png$/);
    const res = await create(buyer.token, review(line.itemId, { images: [photo.data.name], anonymous: true, rating: 4 }));
    expect(res.code, res.message).toBe(0);
    expect(res.message).toBe('评价成功');
    expect(res.data).toMatchObject({ authorName: '张***', authorAvatar: null, rating: 4, anonymous: true });

    const page = await goodsPage(line.goodsId);
    expect(page.data.summary).toMatchObject({ total: 1, goodRate: 100, counts: { ALL: 1, IMAGE: 1, GOOD: 1, BAD: 0 } });
    expect(page.data.list[0]).toMatchObject({ authorName: '张***', content: '质量很好，物流很快', followUp: null, reply: null });
    expect(JSON.stringify(page.data)).not.toContain(buyer.memberId);
    expect(JSON.stringify(page.data)).not.toContain('张三丰');
    const img = await fetch(`${server.url}${page.data.list[0].images[0]}`);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    await img.arrayBuffer();
    expect((await goodsPage(line.goodsId, { filter: 'IMAGE' })).data.total).toBe(1);
    expect((await goodsPage(line.goodsId, { filter: 'BAD' })).data.list).toEqual([]);

    const after = await server.api.get('/member/order/comment/pending', { token: buyer.token });
    expect(after.data.counts.REVIEW).toBe(before - 1);
    expect(after.data.counts.FOLLOW_UP).toBeGreaterThanOrEqual(1);
    const states = await server.api.get('/member/order/comment/lineStates', {
      token: buyer.token,
      query: { orderItemIds: line.itemId },
    });
    expect(states.data).toEqual({ [line.itemId]: 'FOLLOW_UP' });

    const more = await followUp(buyer.token, { orderItemId: line.itemId, content: '用了一周，依然很好' });
    expect(more.code, more.message).toBe(0);
    expect(more.data.followUp).toMatchObject({ content: '用了一周，依然很好', daysAfter: 0 });
    const again = await followUp(buyer.token, { orderItemId: line.itemId, content: '再追一次' });
    expect(again).toMatchObject({ code: Code.REVIEW_EXISTS, message: '已追评过了，每条评价只能追评一次' });
    expect((await goodsPage(line.goodsId)).data.list[0].followUp.content).toBe('用了一周，依然很好');
  });

  it('shows the nickname when not anonymous, with the SKU spec, and counts 好评率 over the shown reviews', async () => {
    const sku = await makeSku(dbOf(server));
    const ratings = [5, 4, 3, 1];
    for (const rating of ratings) {
      const order = await makeOrder(dbOf(server), buyer.memberId, [{ ...sku, unitPrice: sku.price, quantity: 1 }], {
        status: 'COMPLETED',
        completedDaysAgo: 0,
      });
      expect((await create(buyer.token, review(order.items[0]!.id, { rating }))).code).toBe(0);
    }
    const page = await goodsPage(sku.goodsId, { pageSize: 2 });
    expect(page.data.summary).toEqual({
      total: 4,
      goodRate: 50,
      counts: { ALL: 4, IMAGE: 0, GOOD: 2, MEDIUM: 1, BAD: 1 },
    });
    expect(page.data.list).toHaveLength(2);
    expect(page.data.list[0].authorName).toBe('张三丰');
    expect((await goodsPage(sku.goodsId, { pageNum: 2, pageSize: 2 })).data.list).toHaveLength(2);
    expect((await goodsPage(sku.goodsId, { filter: 'MEDIUM' })).data.list.map((r: { rating: number }) => r.rating)).toEqual([3]);
    expect((await goodsPage(999_999)).data).toMatchObject({ total: 0, summary: { total: 0, goodRate: null } });
  });
});

describe('no review without a received line of one’s own', () => {
  it.each([
    ['a line not yet received', 'PENDING_RECEIPT', 1, Code.REVIEW_STATE, '确认收货后才能评价'],
    ['a line past the 15-day window', 'COMPLETED', 16, Code.REVIEW_STATE, '已超过评价期限（确认收货后 15 天内可评价）'],
  ])('refuses %s', async (_, status, days, code, message) => {
    const line = await receivedLine(buyer.memberId, days, status);
    const n = await reviewCount(server);
    expect(await create(buyer.token, review(line.itemId))).toMatchObject({ code, message });
    expect(await reviewCount(server)).toBe(n);
  });

  it('refuses another member’s line as unknown, and a second review of a line', async () => {
    const theirs = await receivedLine(other.memberId);
    expect(await create(buyer.token, review(theirs.itemId))).toMatchObject({ code: Code.NOT_FOUND, message: '订单商品不存在' });
    expect(await followUp(buyer.token, { orderItemId: theirs.itemId, content: '追评' })).toMatchObject({ code: Code.NOT_FOUND });
    const mine = await receivedLine();
    expect((await create(buyer.token, review(mine.itemId))).code).toBe(0);
    expect(await create(buyer.token, review(mine.itemId))).toMatchObject({ code: Code.REVIEW_EXISTS, message: '该商品已评价过了' });
  });

  it('refuses a 追评 before the review, and photos that are not the buyer’s own unused uploads', async () => {
    const line = await receivedLine();
    expect(await followUp(buyer.token, { orderItemId: line.itemId, content: '追评' })).toMatchObject({
      code: Code.REVIEW_STATE,
      message: '请先评价该商品',
    });
    const theirs = await uploadReviewImage(server, other.token, PNG);
    const n = await reviewCount(server);
    const res = await create(buyer.token, review(line.itemId, { images: [theirs.data.name] }));
    expect(res).toMatchObject({ code: Code.BAD_REQUEST, message: '图片不存在或已使用，请重新上传' });
    expect(await reviewCount(server)).toBe(n);
    // The refused review left the line open: it can still be written.
    expect((await create(buyer.token, review(line.itemId))).code).toBe(0);
  });

  it('asks for sign-in', async () => {
    expect((await create('', review('00000000-0000-0000-0000-000000000000'))).code).toBe(Code.NOT_SIGNED_IN);
    expect((await server.api.get('/member/order/comment/pending')).code).toBe(Code.NOT_SIGNED_IN);
  });
});

describe('a double submit', () => {
  it('makes one review', async () => {
    const line = await receivedLine();
    const replies = await Promise.all(Array.from({ length: 6 }, () => create(buyer.token, review(line.itemId))));
    expect(replies.filter((r) => r.code === 0)).toHaveLength(1);
    for (const r of replies.filter((x) => x.code !== 0)) expect(r).toMatchObject({ code: Code.REVIEW_EXISTS });
    const [row] = await rows<{ n: number }>(
      dbOf(server),
      sql`SELECT count(*)::int AS n FROM goods_reviews WHERE order_item_id = ${line.itemId}`,
    );
    expect(row!.n).toBe(1);
  });

  it('adds one 追评', async () => {
    const line = await receivedLine();
    expect((await create(buyer.token, review(line.itemId))).code).toBe(0);
    const replies = await Promise.all(
      Array.from({ length: 5 }, (_, i) => followUp(buyer.token, { orderItemId: line.itemId, content: `追评 ${i}` })),
    );
    expect(replies.filter((r) => r.code === 0)).toHaveLength(1);
  });
});

describe('bad input', () => {
  let itemId: string;
  beforeAll(async () => {
    itemId = (await receivedLine()).itemId;
  });

  it.each([
    ['no line', { orderItemId: undefined }, '请填写订单商品'],
    ['a line id of the wrong type', { orderItemId: 42 }, '订单商品格式不正确'],
    ['an injection-shaped line id', { orderItemId: "' OR 1=1 --" }, '订单商品不存在'],
    ['no stars', { rating: undefined }, '请填写评分'],
    ['0 stars', { rating: 0 }, '评分为 1–5 星'],
    ['negative stars', { rating: -1 }, '评分为 1–5 星'],
    ['6 stars', { rating: 6 }, '评分为 1–5 星'],
    ['half a star', { rating: 4.5 }, '评分必须是整数'],
    ['stars as text', { rating: '五星' }, '评分必须是整数'],
    ['huge stars', { rating: 1e308 }, '评分为 1–5 星'],
    ['no text', { content: undefined }, '请填写评价内容'],
    ['blank text', { content: '   ' }, '请填写评价内容'],
    ['text of 501 characters', { content: '好'.repeat(501) }, '评价内容不能超过 500 个字符'],
    ['text as an object', { content: { a: 1 } }, '评价内容格式不正确'],
    ['a NUL in the text', { content: '好\u0000评' }, '评价内容含有不允许的字符'],
    ['a control character', { content: '好\u0007评' }, '评价内容含有不允许的字符'],
    ['10 photos', { images: Array.from({ length: 10 }, (_, i) => `${String(i).padStart(32, 'a')}.png`) }, '最多上传 9 张图片'],
    ['a photo path', { images: ['../../etc/passwd'] }, '图片不正确，请重新上传'],
    ['photos as text', { images: 'abc' }, '图片格式不正确'],
    ['a photo twice', { images: [`${'a'.repeat(32)}.png`, `${'a'.repeat(32)}.png`] }, '图片重复'],
    ['anonymous as a word', { anonymous: 'maybe' }, '匿名评价格式不正确'],
  ])('refuses %s with a Chinese message and writes nothing', async (_, change, message) => {
    const n = await reviewCount(server);
    const res = await create(buyer.token, { ...review(itemId), ...change });
    expect(res.code, res.message).toBe(Code.BAD_REQUEST);
    expect(res.message).toBe(message);
    expect(res.message).toMatch(CHINESE);
    expect(await reviewCount(server)).toBe(n);
  });

  it('keeps injection- and markup-shaped text as text, and unicode whole', async () => {
    const line = await receivedLine();
    const content = "<script>alert(1)</script>'; DROP TABLE goods_reviews; -- 😀𠮷";
    expect((await create(buyer.token, review(line.itemId, { content }))).code).toBe(0);
    expect((await goodsPage(line.goodsId)).data.list[0].content).toBe(content);
  });

  it('refuses a 追评 without text or with too much', async () => {
    expect(await followUp(buyer.token, { orderItemId: itemId })).toMatchObject({ code: 400, message: '请填写追评内容' });
    expect(await followUp(buyer.token, { orderItemId: itemId, content: 'x'.repeat(501) })).toMatchObject({
      code: 400,
      message: '追评内容不能超过 500 个字符',
    });
  });

  it.each([
    [{}, '请填写商品'],
    [{ goodsId: 0 }, '商品不能小于 1'],
    [{ goodsId: -3 }, '商品不能小于 1'],
    [{ goodsId: 'abc' }, '商品必须是整数'],
    [{ goodsId: '99999999999' }, '商品不能大于 2147483647'],
    [{ goodsId: 1, filter: 'SUPER' }, '评价筛选取值不正确'],
    [{ goodsId: 1, pageSize: 51 }, '每页条数不能大于 50'],
    [{ goodsId: 1, pageNum: 0 }, '页码不能小于 1'],
  ])('refuses the goods page query %j', async (q, message) => {
    const res = await server.api.get('/member/goods/comment/page', { query: q as Record<string, string | number> });
    expect(res).toMatchObject({ code: Code.BAD_REQUEST, message });
  });

  it('refuses bad 待评价 and line-state queries', async () => {
    const token = buyer.token;
    expect(await server.api.get('/member/order/comment/pending', { token, query: { state: 'X' } })).toMatchObject({
      code: 400,
      message: '待评价类型取值不正确',
    });
    expect(await server.api.get('/member/order/comment/lineStates', { token })).toMatchObject({
      code: 400,
      message: '请选择订单商品',
    });
    expect(
      await server.api.get('/member/order/comment/lineStates', { token, query: { orderItemIds: 'abc' } }),
    ).toMatchObject({ code: 400, message: '订单商品不存在' });
  });

  it('refuses uploads that are not a JPEG, PNG or WebP of at most 5 MB', async () => {
    const gif = await uploadReviewImage(server, buyer.token, Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64)]));
    expect(gif).toMatchObject({ code: Code.UPLOAD_INVALID, message: '只能上传 JPG、PNG 或 WebP 图片' });
    const big = await uploadReviewImage(server, buyer.token, Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big).toMatchObject({ code: Code.UPLOAD_INVALID, message: '图片不能超过 5MB' });
    const none = await server.api.post('/member/order/comment/upload', { token: buyer.token, json: {} });
    expect(none).toMatchObject({ code: Code.UPLOAD_INVALID, message: '请选择要上传的图片' });
    expect((await fetch(`${server.url}/static/uploads/reviews/..%2F..%2Fsecret.png`)).status).toBe(404);
  });
});
