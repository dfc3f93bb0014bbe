/**
 * The console's 评价管理 over HTTP: the list with counts and filters, hiding with a reason (the goods
 * page drops it at once, twice refused), showing again, the shop's reply (the buyer's page shows
 * it), each write audited; bad input refused in Chinese with nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { rows, sql } from '../../lib/db.ts';
import {
  CHINESE,
  consoleCalls,
  dbOf,
  HOSTILE_VALUES,
  makeOrder,
  makeSku,
  memberIdOf,
  registeredMember,
  startTestServer,
  type TestServer,
} from '../../test/kit/index.ts';

const OPS_TOKEN = 'console-reviews-ops-token-0123456789';
let server: TestServer;
let ops: ReturnType<typeof consoleCalls>;
let goodsId: number;
const ids: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
  ops = consoleCalls(server, OPS_TOKEN);
  const m = await registeredMember(server.api);
  const memberId = await memberIdOf(server.api, m.accessToken);
  const sku = await makeSku(dbOf(server));
  goodsId = sku.goodsId;
  for (const [rating, content] of [
    [5, '非常满意'],
    [1, '广告：加微信买更便宜'],
  ] as const) {
    const order = await makeOrder(dbOf(server), memberId, [{ ...sku, unitPrice: sku.price, quantity: 1 }], {
      status: 'COMPLETED',
      completedDaysAgo: 0,
    });
    const res = await server.api.post('/member/order/comment/create', {
      token: m.accessToken,
      json: { orderItemId: order.items[0]!.id, rating, content, images: [] },
    });
    expect(res.code, res.message).toBe(0);
    ids.push(res.data.id);
  }
});
afterAll(() => server?.close());

const page = (q: Record<string, string | number> = {}) => ops.get('/ops/review/page', { goodsId, ...q });
const shown = async () =>
  (await server.api.get('/member/goods/comment/page', { query: { goodsId } })).data as {
    list: { id: string; reply: { content: string } | null }[];
    summary: { total: number };
  };
const auditOf = (id: string) =>
  rows<{ action: string; reason: string | null }>(
    dbOf(server),
    sql`SELECT action, reason FROM ops_audit_log WHERE object_type = 'review' AND object_id = ${id} ORDER BY id`,
  );

describe('评价管理', () => {
  it('lists reviews with counts, by level and keyword', async () => {
    const all = await page();
    expect(all.code).toBe(0);
    expect(all.data.total).toBe(2);
    expect(all.data.counts).toEqual({ ALL: 2, SHOWN: 2, HIDDEN: 0, UNREPLIED: 2 });
    expect(all.data.list[0]).toMatchObject({ nickname: expect.any(String), hidden: null, reply: null });
    expect((await page({ level: 'BAD' })).data.list.map((r: { content: string }) => r.content)).toEqual([
      '广告：加微信买更便宜',
    ]);
    expect((await page({ keyword: '微信' })).data.total).toBe(1);
    expect((await page({ keyword: '%' })).data.total).toBe(0);
  });

  it('hides a review with a reason: gone from the goods page at once, audited, a second hide refused', async () => {
    const id = ids[1]!;
    const res = await ops.post('/ops/review/hide', { id, reason: '含广告信息' });
    expect(res.code, res.message).toBe(0);
    expect(res.data.hidden).toMatchObject({ reason: '含广告信息' });
    const page1 = await shown();
    expect(page1.list.map((r) => r.id)).toEqual([ids[0]]);
    expect(page1.summary.total).toBe(1);
    expect(await ops.post('/ops/review/hide', { id, reason: '含广告信息' })).toMatchObject({
      code: Code.REVIEW_STATE,
      message: '该评价已隐藏',
    });
    expect((await page({ status: 'HIDDEN' })).data.list.map((r: { id: string }) => r.id)).toEqual([id]);
    expect(await auditOf(id)).toEqual([{ action: 'review.hide', reason: '含广告信息' }]);
  });

  it('shows a hidden review again, once', async () => {
    const id = ids[1]!;
    expect((await ops.post('/ops/review/show', { id })).code).toBe(0);
    expect((await shown()).summary.total).toBe(2);
    expect(await ops.post('/ops/review/show', { id })).toMatchObject({ code: Code.REVIEW_STATE, message: '该评价未隐藏' });
    await ops.post('/ops/review/hide', { id, reason: '含广告信息' });
  });

  it('replies: the buyer’s page shows the reply; a new reply replaces it, both audited', async () => {
    const id = ids[0]!;
    const res = await ops.post('/ops/review/reply', { id, content: '感谢您的支持，期待再次光临！' });
    expect(res.code, res.message).toBe(0);
    expect((await shown()).list[0]!.reply).toMatchObject({ content: '感谢您的支持，期待再次光临！' });
    await ops.post('/ops/review/reply', { id, content: '谢谢亲的好评～' });
    expect((await shown()).list[0]!.reply!.content).toBe('谢谢亲的好评～');
    expect((await page({ status: 'UNREPLIED' })).data.total).toBe(1);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['review.reply', 'review.reply']);
    expect((await ops.get('/ops/review/detail', { id })).data.reply.content).toBe('谢谢亲的好评～');
  });

  it.each([
    ['/ops/review/hide', { reason: '含广告' }, '请填写评价'],
    ['/ops/review/hide', { id: 'abc', reason: '含广告' }, '评价不存在'],
    ['/ops/review/hide', { id: '00000000-0000-0000-0000-000000000000', reason: '含广告' }, '评价不存在'],
    ['/ops/review/hide', { id: 'ID', reason: '广' }, '隐藏原因至少 2 个字符'],
    ['/ops/review/hide', { id: 'ID', reason: '广'.repeat(101) }, '隐藏原因不能超过 100 个字符'],
    ['/ops/review/hide', { id: 'ID' }, '请填写隐藏原因'],
    ['/ops/review/reply', { id: 'ID', content: '' }, '请填写回复内容'],
    ['/ops/review/reply', { id: 'ID', content: '谢'.repeat(501) }, '回复内容不能超过 500 个字符'],
    ['/ops/review/reply', { id: 'ID', content: 12 }, '回复内容格式不正确'],
    ['/ops/review/reply', { id: "' OR 1=1 --", content: '谢谢' }, '评价不存在'],
  ])('%s refuses %j in Chinese and changes nothing', async (url, body, message) => {
    const before = await page();
    const json = { ...body, ...((body as { id?: string }).id === 'ID' ? { id: ids[0] } : {}) };
    const res = await ops.post(url, json);
    expect([Code.BAD_REQUEST, Code.NOT_FOUND]).toContain(res.code);
    expect(res.message).toBe(message);
    expect(await page()).toEqual(before);
  });

  it('refuses hostile list queries in Chinese', async () => {
    for (const value of HOSTILE_VALUES.filter((v): v is string => typeof v === 'string')) {
      const res = await ops.get('/ops/review/page', { status: value });
      expect(res.code).toBe(Code.BAD_REQUEST);
      expect(res.message).toMatch(CHINESE);
    }
    expect(await ops.get('/ops/review/page', { pageSize: 500 })).toMatchObject({ code: 400, message: '每页条数不能大于 50' });
    expect(await ops.get('/ops/review/page', { keyword: 'x'.repeat(51) })).toMatchObject({
      code: 400,
      message: '搜索关键词不能超过 50 个字符',
    });
  });
});
