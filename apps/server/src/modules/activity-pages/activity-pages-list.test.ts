import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ACTIVITY_PAGE_LIST_MAX } from '@mall/shared';
import { rows, sql } from '../../lib/db.ts';
import { HOSTILE_VALUES, PNG, asOps, dbOf, makeGoods, startTestServer, uploadGoodsImage, type TestServer } from '../../test/kit/index.ts';

/**
 * The home's 活动专区 over HTTP: `GET /member/activity/page/list` lists published pages that are
 * current (one of their activities is scheduled and not over, or they name none), the latest published
 * first, each with a cover; drafts, offline pages and pages whose activities are all over or cancelled
 * are not listed. It takes no parameters: anything in the query is ignored and changes nothing.
 */
const OPS_TOKEN = 'activity-pages-list-ops-token-0123456789';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ OPS_TOKEN });
}, 120_000);
afterAll(() => server?.close());

const db = () => dbOf(server);
const MINUTE = 60_000;
const inMinutes = (n: number) => new Date(Date.now() + n * MINUTE).toISOString();
const opsPost = async (path: string, json: unknown) => {
  const r = await server.api.post(path, { json, ...asOps(OPS_TOKEN) });
  expect(r.code, r.message).toBe(0);
  return r.data;
};
const list = (query?: Record<string, string>) => server.api.get('/member/activity/page/list', query ? { query } : {});

async function flashSale(o: { startsIn: number; schedule?: boolean }) {
  const g = await makeGoods(db(), { priceFen: 5900, stock: 50 });
  const made = await opsPost('/ops/promotion/activity/create', {
    kind: 'FLASH_SALE',
    title: `专区秒杀${g.skuId}`,
    startsAt: inMinutes(o.startsIn),
    endsAt: inMinutes(o.startsIn + 60),
    perMemberLimit: 2,
    skus: [{ skuId: g.skuId, priceFen: 990, stock: 10 }],
  });
  if (o.schedule !== false) await opsPost('/ops/promotion/activity/schedule', { id: made.id });
  return made.id as number;
}

async function page(title: string, sections: unknown[], publish = true): Promise<number> {
  const made = await opsPost('/ops/promotion/activityPage/create', { title, shareSubtitle: `${title}的副标题`, sections });
  if (publish) await opsPost('/ops/promotion/activityPage/publish', { id: made.id });
  return made.id as number;
}

const text = [{ type: 'richText', blocks: [{ type: 'paragraph', text: '活动规则' }] }];

describe('the home 活动专区 list', () => {
  test('published and current pages only, the latest first, with their covers', async () => {
    const up = await uploadGoodsImage(server, OPS_TOKEN, PNG);
    expect(up.code, up.message).toBe(0);
    const running = await flashSale({ startsIn: -1 });
    const coming = await flashSale({ startsIn: 30 });
    const over = await flashSale({ startsIn: -1 });
    const cancelled = await flashSale({ startsIn: 30 });

    const withBanner = await page('横幅页', [{ type: 'banner', image: up.data.url }, { type: 'goods', activityId: running, title: '秒杀' }]);
    const goodsOnly = await page('商品页', [{ type: 'countdown', activityId: coming, label: '距开始' }, { type: 'goods', activityId: coming, title: '预告' }]);
    const textOnly = await page('规则页', text);
    await page('草稿页', text, false);
    const offline = await page('下线页', text);
    await opsPost('/ops/promotion/activityPage/offline', { id: offline });
    await page('已结束页', [{ type: 'goods', activityId: over, title: '秒杀' }]);
    await page('已取消页', [{ type: 'countdown', activityId: cancelled, label: '距开始' }]);
    // The one session ends (the sweeper would mark it 已结束 later); the other is cancelled before its start.
    await rows(db(), sql`UPDATE activities SET starts_at = now() - interval '2 hours', ends_at = now() - interval '1 hour' WHERE id = ${over}`);
    await opsPost('/ops/promotion/activity/cancel', { id: cancelled });

    const r = await list();
    expect(r.code, r.message).toBe(0);
    expect(r.data.list.map((p: { title: string }) => p.title)).toEqual(['规则页', '商品页', '横幅页']);
    const [rules, goods, banner] = r.data.list;
    expect(rules).toEqual({ id: textOnly, title: '规则页', shareSubtitle: '规则页的副标题', cover: null });
    expect(goods).toMatchObject({ id: goodsOnly, cover: '/static/goods/test.svg' });
    expect(banner).toMatchObject({ id: withBanner, cover: up.data.url });
    // The reply names nothing else of a page (no sections, states or times).
    expect(Object.keys(banner).sort()).toEqual(['cover', 'id', 'shareSubtitle', 'title']);
  });

  test(`at most ${ACTIVITY_PAGE_LIST_MAX} pages`, async () => {
    for (let i = 0; i < ACTIVITY_PAGE_LIST_MAX + 2; i++) await page(`更多页${i}`, text);
    const r = await list();
    expect(r.data.list).toHaveLength(ACTIVITY_PAGE_LIST_MAX);
    expect(r.data.list[0].title).toBe(`更多页${ACTIVITY_PAGE_LIST_MAX + 1}`);
  });

  test('parameters are none: anything in the query (hostile, unicode, oversized, negative) is ignored and changes nothing', async () => {
    const before = await list();
    const count = async () => (await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM activity_pages`))[0]!.n;
    const pages = await count();
    const values = [...HOSTILE_VALUES.filter((v): v is string => typeof v === 'string'), '-1', '秒杀🎉', '1; DROP TABLE activity_pages'];
    for (const v of values) {
      const r = await list({ pageSize: v, status: v, id: v });
      expect(r, String(v).slice(0, 20)).toMatchObject({ code: 0, data: before.data });
    }
    expect(await count()).toBe(pages);
  });
});
