/**
 * Every numeric input of the buyer and operator API is bounded by the int4 column it reaches: a huge,
 * negative, fractional, full-width, script- or SQL-shaped value is a business refusal (HTTP 200,
 * code 400) whose Chinese message names the field, and nothing in the database changes. Before these
 * bounds, `{"minPrice":3000000000}` overflowed the integer column and answered HTTP 500.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import { rows, sql } from '../lib/db.ts';
import { startTestServer, type TestServer, buyer, dbOf, makeGoods } from './kit/index.ts';

const OPS_TOKEN = 'numeric-input-ops-token-0123456789';
let server: TestServer;
let token: string;
let skuId: number;
let goodsId: number;

beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
  const goods = await makeGoods(dbOf(server), { name: '边界测试保温杯', priceFen: 5900, stock: 5 });
  ({ skuId, goodsId } = goods);
  token = (await buyer(server.api)).token;
  // something to change, so that "nothing changed" means something
  expect((await server.api.post('/member/trade/cart/add', { token, json: { skuId, quantity: 1 } })).code).toBe(0);
  expect((await server.api.post('/member/goods/favorite/add', { token, json: { goodsId } })).code).toBe(0);
});
afterAll(() => server?.close());

/** Values that no integer field may take, as JSON values and as form/query text. */
const HOSTILE: unknown[] = [
  3_000_000_000,
  99_999_999_999,
  1e20,
  '99999999999999999999',
  2_147_483_648,
  -1,
  -3_000_000_000,
  1.5,
  '1.5',
  '１２', // full-width digits
  '٣', // an Arabic-Indic digit
  '1e9',
  '0x10',
  'NaN',
  'Infinity',
  '1 OR 1=1',
  '1; DROP TABLE goods; --',
  '<script>alert(1)</script>',
  '😀',
  true,
  { $gt: 0 },
];

type Reply = { status: number; code: number; message: string };
type Field = { name: string; label: RegExp; call: (value: unknown) => Promise<Reply> };

const asText = (v: unknown) => (typeof v === 'object' ? JSON.stringify(v) : String(v));
/** A JSON body with the value in it, as the signed-in buyer (the token is read when the call is made). */
const postJson = (path: string, body: (v: unknown) => unknown) => (v: unknown) =>
  server.api.post(path, { token, json: body(v) });
/** The value as query text, as the signed-in buyer. */
const getQuery = (path: string, key: string) => (v: unknown) =>
  server.api.get(path, { token, query: { [key]: asText(v) } });
const SEARCH = '/member/search/goods/search';

const FIELDS: Field[] = [
  { name: 'search minPrice', label: /最低价/, call: postJson(SEARCH, (v) => ({ minPrice: v })) },
  { name: 'search maxPrice', label: /最高价/, call: postJson(SEARCH, (v) => ({ maxPrice: v })) },
  { name: 'search categoryId', label: /分类/, call: postJson(SEARCH, (v) => ({ categoryId: v })) },
  { name: 'search brandIds', label: /品牌/, call: postJson(SEARCH, (v) => ({ brandIds: [v] })) },
  { name: 'search pageNum', label: /页码/, call: postJson(SEARCH, (v) => ({ pageNum: v })) },
  { name: 'search pageSize', label: /每页条数/, call: postJson(SEARCH, (v) => ({ pageSize: v })) },
  { name: 'recommend pageNum', label: /页码/, call: getQuery('/member/goods/goods/recommend', 'pageNum') },
  {
    name: 'sales list count',
    label: /数量/,
    call: (v) => server.api.get(`/member/goods/getGoodsSalesList/${encodeURIComponent(asText(v))}`),
  },
  { name: 'cart add skuId', label: /商品规格/, call: postJson('/member/trade/cart/add', (v) => ({ skuId: v })) },
  {
    name: 'cart add quantity',
    label: /购买数量/,
    call: postJson('/member/trade/cart/add', (v) => ({ skuId, quantity: v })),
  },
  {
    name: 'cart add quantity (form)',
    label: /购买数量/,
    call: (v) => server.api.post('/member/trade/cart/add', { token, form: { skuId, quantity: asText(v) } }),
  },
  {
    name: 'cart updateQuantity',
    label: /购买数量/,
    call: postJson('/member/trade/cart/updateQuantity', (v) => ({ id: crypto.randomUUID(), quantity: v })),
  },
  {
    name: 'favorite add goodsId',
    label: /商品编号/,
    call: postJson('/member/goods/favorite/add', (v) => ({ goodsId: v })),
  },
  { name: 'favorite check goodsId', label: /商品编号/, call: getQuery('/member/goods/favorite/check', 'goodsId') },
  {
    name: 'favorite remove goodsIds',
    label: /商品/,
    call: postJson('/member/goods/favorite/remove', (v) => ({ goodsIds: [goodsId, v] })),
  },
  { name: 'favorite page pageSize', label: /每页条数/, call: getQuery('/member/goods/favorite/page', 'pageSize') },
  {
    name: 'history remove ids',
    label: /浏览记录/,
    call: postJson('/member/goods/history/remove', (v) => ({ ids: [v] })),
  },
  {
    name: 'checkout buyNow skuId',
    label: /商品规格/,
    call: postJson('/member/trade/checkout/quote', (v) => ({ buyNow: { skuId: v, quantity: 1 } })),
  },
  {
    name: 'checkout buyNow quantity',
    label: /购买数量/,
    call: postJson('/member/trade/checkout/quote', (v) => ({ buyNow: { skuId, quantity: v } })),
  },
  {
    name: 'after-sale quantity',
    label: /申请数量/,
    call: postJson('/member/order/afterSale/apply', (v) => ({
      orderItemId: crypto.randomUUID(),
      type: 'REFUND_ONLY',
      reason: '其他',
      quantity: v,
    })),
  },
  { name: 'order page pageNum', label: /页码/, call: getQuery('/member/order/order/page', 'pageNum') },
  {
    name: 'ops goods shelf goodsId',
    label: /商品编号/,
    call: (v) =>
      server.api.post('/ops/goods/shelf', {
        headers: { 'x-ops-token': OPS_TOKEN },
        json: { goodsId: v, onShelf: false },
      }),
  },
  {
    name: 'assistant session context goodsId',
    label: /商品编号/,
    call: postJson('/member/assistant/agent/session/create', (v) => ({ context: { goodsId: v } })),
  },
  { name: 'assistant session list pageSize', label: /每页条数/, call: getQuery('/member/assistant/agent/session/list', 'pageSize') },
  {
    name: 'ops assistant usage days',
    label: /统计天数/,
    call: (v) => server.api.get('/ops/assistant/usage', { headers: { 'x-ops-token': OPS_TOKEN }, query: { days: asText(v) } }),
  },
];

/** What a refusal must leave as it was. */
async function snapshot() {
  const [row] = await rows<Record<string, number>>(
    dbOf(server),
    sql`SELECT
      (SELECT count(*)::int FROM cart_items) AS cart_lines,
      (SELECT coalesce(sum(quantity), 0)::int FROM cart_items) AS cart_quantity,
      (SELECT count(*)::int FROM goods_favorites) AS favorites,
      (SELECT count(*)::int FROM goods_history) AS history,
      (SELECT count(*)::int FROM orders) AS orders,
      (SELECT count(*)::int FROM after_sales) AS after_sales,
      (SELECT count(*)::int FROM goods WHERE on_shelf) AS on_shelf,
      (SELECT coalesce(sum(stock), 0)::int FROM skus) AS stock`,
  );
  return row;
}

describe('numeric input bounds', () => {
  it('answers the reported overflows with a Chinese 400 instead of HTTP 500', async () => {
    const min = await server.api.post('/member/search/goods/search', { json: { minPrice: 3_000_000_000 } });
    expect(min).toMatchObject({ status: 200, code: Code.BAD_REQUEST, success: false, data: null });
    expect(min.message).toBe('最低价不能超过 ¥21474836.47');
    const max = await server.api.post('/member/search/goods/search', { json: { maxPrice: 99_999_999_999 } });
    expect(max).toMatchObject({ status: 200, code: Code.BAD_REQUEST });
    expect(max.message).toBe('最高价不能超过 ¥21474836.47');
    const negative = await server.api.post('/member/search/goods/search', { json: { minPrice: -1 } });
    expect(negative.message).toBe('最低价不能为负数');
  });

  it('takes the largest value a column holds', async () => {
    const top = await server.api.post('/member/search/goods/search', {
      json: { minPrice: 2_147_483_647, maxPrice: 2_147_483_647 },
    });
    expect(top).toMatchObject({ status: 200, code: 0 });
    expect(top.data.list).toEqual([]);
    const cheap = await server.api.post('/member/search/goods/search', { json: { minPrice: 0, maxPrice: '5900' } });
    expect(cheap.data.list.map((g: { id: number }) => g.id)).toContain(goodsId);
    const unknown = await server.api.post('/member/trade/cart/add', { token, json: { skuId: 2_147_483_647 } });
    expect(unknown.code).toBe(Code.SKU_NOT_FOUND);
    expect(
      (await server.api.get('/member/goods/favorite/check', { token, query: { goodsId: 2_147_483_647 } })).data
        .favorite,
    ).toBe(false);
  });

  it.each(FIELDS.map((f) => [f.name, f] as const))(
    '%s: every hostile value is a Chinese 400 naming the field, and changes nothing',
    async (_, field) => {
      const before = await snapshot();
      for (const value of HOSTILE) {
        const res = await field.call(value);
        const seen = `${field.name} = ${JSON.stringify(value)} → ${res.status} ${res.code} ${res.message}`;
        expect(res.status, seen).toBe(200);
        expect(res.code, seen).toBe(Code.BAD_REQUEST);
        expect(res.message, seen).toMatch(field.label);
        expect(res.message, seen).toMatch(/[\u4e00-\u9fa5]/);
        expect(res.message, seen).not.toMatch(/[A-Za-z<>;]/); // no echo of the input, no internal name
      }
      expect(await snapshot()).toEqual(before);
    },
  );
});
