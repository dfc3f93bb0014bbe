/**
 * The review windows as operators set them (站点设置 › 评价设置, POST /ops/settings/save): bad values
 * of reviewDays and followUpDays refused with a Chinese message and nothing changed; a saved value
 * decides at once what a buyer may still review, in 待评价, the line states and the create/追评 calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@mall/shared';
import {
  asOps,
  dbOf,
  makeOrder,
  makeSku,
  memberIdOf,
  registeredMember,
  startTestServer,
  type TestServer,
} from '../../test/kit/index.ts';
import { reviewCount } from './reviews-test-kit.ts';

const OPS_TOKEN = 'review-settings-ops-token-0123456789';
let server: TestServer;
let buyer: { token: string; memberId: string };

beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN, LOG_LEVEL: 'error' });
  const m = await registeredMember(server.api);
  buyer = { token: m.accessToken, memberId: await memberIdOf(server.api, m.accessToken) };
});
afterAll(() => server?.close());

const DAY_MS = 86_400_000;

const save = (key: unknown, value: unknown) =>
  server.api.post('/ops/settings/save', { json: value === undefined ? { key } : { key, value }, ...asOps(OPS_TOKEN) });

async function stored(key: 'reviewDays' | 'followUpDays') {
  const res = await server.api.get('/ops/settings', asOps(OPS_TOKEN));
  expect(res.code).toBe(0);
  return (res.data.settings as { key: string }[]).find((s) => s.key === key);
}

/** A completed order of one line of a new goods, completed `daysAgo` days ago. */
async function receivedLine(daysAgo: number) {
  const sku = await makeSku(dbOf(server), { price: 2999 });
  const order = await makeOrder(dbOf(server), buyer.memberId, [{ ...sku, unitPrice: sku.price, quantity: 1 }], {
    status: 'COMPLETED',
    completedDaysAgo: daysAgo,
  });
  return order.items[0]!.id;
}

const lineState = async (id: string) =>
  (await server.api.get('/member/order/comment/lineStates', { token: buyer.token, query: { orderItemIds: id } })).data[
    id
  ];
const pendingIds = async (state: 'REVIEW' | 'FOLLOW_UP') =>
  (
    (await server.api.get('/member/order/comment/pending', { token: buyer.token, query: { state, pageSize: 50 } })).data
      .list as { orderItemId: string }[]
  ).map((t) => t.orderItemId);

describe('POST /ops/settings/save refuses bad review windows', () => {
  const cases: [string, unknown, string][] = [
    ['reviewDays', undefined, '请填写设置值'],
    ['reviewDays', null, '评价期限格式不正确'],
    ['reviewDays', '15', '评价期限格式不正确'],
    ['reviewDays', '十五', '评价期限格式不正确'],
    ['reviewDays', '１５', '评价期限格式不正确'],
    ['reviewDays', '15; DROP TABLE site_config;--', '评价期限格式不正确'],
    ['reviewDays', { days: 15 }, '评价期限格式不正确'],
    ['reviewDays', [15], '评价期限格式不正确'],
    ['reviewDays', true, '评价期限格式不正确'],
    ['reviewDays', 0, '评价期限至少 1 天'],
    ['reviewDays', -1, '评价期限至少 1 天'],
    ['reviewDays', -1e12, '评价期限至少 1 天'],
    ['reviewDays', 366, '评价期限不能超过 365 天'],
    ['reviewDays', Number.MAX_SAFE_INTEGER, '评价期限不能超过 365 天'],
    ['reviewDays', 1e308, '评价期限不能超过 365 天'],
    ['reviewDays', 7.5, '评价期限必须是整数（天）'],
    ['followUpDays', undefined, '请填写设置值'],
    ['followUpDays', null, '追评期限格式不正确'],
    ['followUpDays', '180', '追评期限格式不正确'],
    ['followUpDays', '半年', '追评期限格式不正确'],
    ['followUpDays', "1' OR '1'='1", '追评期限格式不正确'],
    ['followUpDays', '<script>alert(1)</script>', '追评期限格式不正确'],
    ['followUpDays', 0, '追评期限至少 1 天'],
    ['followUpDays', -30, '追评期限至少 1 天'],
    ['followUpDays', 366, '追评期限不能超过 365 天'],
    ['followUpDays', 9_999_999_999, '追评期限不能超过 365 天'],
    ['followUpDays', 0.5, '追评期限至少 1 天'],
    ['followUpDays', 30.25, '追评期限必须是整数（天）'],
  ];

  it.each(cases)('%s = %j → %s', async (key, value, message) => {
    const before = await stored(key as 'reviewDays');
    const res = await save(key, value);
    expect(res).toMatchObject({ status: 200, code: Code.BAD_REQUEST, success: false, message });
    expect(await stored(key as 'reviewDays')).toEqual(before);
  });

  it('lists both with their defaults, and takes the bounds themselves', async () => {
    expect(await stored('reviewDays')).toMatchObject({ value: 15, default: 15, stored: false, public: false });
    expect(await stored('followUpDays')).toMatchObject({ value: 180, default: 180, stored: false, public: false });
    for (const [key, value] of [
      ['reviewDays', 1],
      ['reviewDays', 365],
      ['followUpDays', 1],
      ['followUpDays', 365],
    ] as const) {
      expect(await save(key, value)).toMatchObject({ code: 0, data: { key, value } });
    }
    expect((await save('reviewDays', 15)).code).toBe(0);
    expect((await save('followUpDays', 180)).code).toBe(0);
  });
});

describe('a saved review window applies at once', () => {
  it('reviewDays: a line completed 10 days ago closes at 5 days (108501, not in 待评价) and opens again at 15', async () => {
    const line = await receivedLine(10);
    expect(await lineState(line)).toBe('REVIEW');
    expect(await pendingIds('REVIEW')).toContain(line);

    expect((await save('reviewDays', 5)).code).toBe(0);
    expect(await lineState(line)).toBe('CLOSED');
    expect(await pendingIds('REVIEW')).not.toContain(line);
    const n = await reviewCount(server);
    const refused = await server.api.post('/member/order/comment/create', {
      token: buyer.token,
      json: { orderItemId: line, rating: 5, content: '晚了五天才来评价', images: [] },
    });
    expect(refused).toMatchObject({ code: Code.REVIEW_STATE, message: '已超过评价期限（确认收货后 5 天内可评价）' });
    expect(await reviewCount(server)).toBe(n);

    expect((await save('reviewDays', 15)).code).toBe(0);
    expect(await lineState(line)).toBe('REVIEW');
  });

  it('the 待评价 deadline is receipt + reviewDays, moved at once by a new value', async () => {
    const line = await receivedLine(0);
    const deadline = async () => {
      const res = await server.api.get('/member/order/comment/pending', { token: buyer.token, query: { state: 'REVIEW', pageSize: 50 } });
      const todo = (res.data.list as { orderItemId: string; completedAt: string; deadline: string }[]).find((t) => t.orderItemId === line)!;
      return Date.parse(todo.deadline) - Date.parse(todo.completedAt);
    };
    expect(await deadline()).toBe(15 * DAY_MS);
    expect((await save('reviewDays', 1)).code).toBe(0);
    try {
      expect(await deadline()).toBe(DAY_MS);
    } finally {
      expect((await save('reviewDays', 15)).code).toBe(0);
    }
  });

  it('followUpDays: a reviewed line completed 10 days ago takes no 追评 at 5 days, and does again at 180', async () => {
    const line = await receivedLine(10);
    const made = await server.api.post('/member/order/comment/create', {
      token: buyer.token,
      json: { orderItemId: line, rating: 4, content: '不错', images: [] },
    });
    expect(made.code, made.message).toBe(0);
    expect(await lineState(line)).toBe('FOLLOW_UP');

    expect((await save('followUpDays', 5)).code).toBe(0);
    expect(await lineState(line)).toBe('DONE');
    expect(await pendingIds('FOLLOW_UP')).not.toContain(line);
    const refused = await server.api.post('/member/order/comment/followUp', {
      token: buyer.token,
      json: { orderItemId: line, content: '再来说两句', images: [] },
    });
    expect(refused).toMatchObject({ code: Code.REVIEW_STATE, message: '已超过追评期限（确认收货后 5 天内可追评）' });

    expect((await save('followUpDays', 180)).code).toBe(0);
    expect(await lineState(line)).toBe('FOLLOW_UP');
  });
});
