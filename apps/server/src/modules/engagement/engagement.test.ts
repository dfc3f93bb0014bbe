import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { registeredMember, type TestServer, startCatalogServer } from '../../test/kit/index.ts';
import { rows } from '../../lib/db.ts';

describe('favourites and browsing history', () => {
  let s: TestServer;
  let onShelf: number[];
  let offShelf: number;
  beforeAll(async () => {
    s = await startCatalogServer(120);
    const db = s.running.app.ctx.db;
    onShelf = (await rows<{ id: number }>(db, sql`SELECT id FROM goods WHERE on_shelf ORDER BY id LIMIT 5`)).map(
      (r) => r.id,
    );
    offShelf = (await rows<{ id: number }>(db, sql`SELECT id FROM goods WHERE NOT on_shelf LIMIT 1`))[0]!.id;
  });
  afterAll(async () => s?.close());

  it('needs a signed-in member', async () => {
    for (const [method, path] of [
      ['POST', '/member/goods/favorite/add'],
      ['POST', '/member/goods/favorite/remove'],
      ['GET', '/member/goods/favorite/page'],
      ['GET', '/member/goods/favorite/check'],
      ['GET', '/member/goods/history/page'],
      ['POST', '/member/goods/history/remove'],
      ['POST', '/member/goods/history/clear'],
    ] as const) {
      expect((await s.api.call(method, path, { json: method === 'POST' ? {} : undefined })).code, path).toBe(106);
    }
  });

  it('adds, checks, lists with current price and state, and removes favourites', async () => {
    const m = await registeredMember(s.api);
    const t = m.accessToken;
    for (const goodsId of onShelf.slice(0, 3))
      expect((await s.api.post('/member/goods/favorite/add', { token: t, json: { goodsId } })).code).toBe(0);
    expect((await s.api.post('/member/goods/favorite/add', { token: t, json: { goodsId: onShelf[0] } })).code).toBe(0); // twice is once
    expect((await s.api.post('/member/goods/favorite/add', { token: t, json: { goodsId: offShelf } })).code).toBe(
      107301,
    );
    expect((await s.api.post('/member/goods/favorite/add', { token: t, json: { goodsId: 99999999 } })).code).toBe(
      107302,
    );
    expect(
      (await s.api.get('/member/goods/favorite/check', { token: t, query: { goodsId: onShelf[0]! } })).data.favorite,
    ).toBe(true);
    expect(
      (await s.api.get('/member/goods/favorite/check', { token: t, query: { goodsId: onShelf[4]! } })).data.favorite,
    ).toBe(false);

    // a goods that sells out and goes off shelf later is listed as such
    const db = s.running.app.ctx.db;
    await db.execute(sql`UPDATE skus SET stock = 0 WHERE goods_id = ${onShelf[1]!}`);
    await db.execute(sql`UPDATE goods SET on_shelf = false WHERE id = ${onShelf[2]!}`);
    const page = await s.api.get('/member/goods/favorite/page', { token: t, query: { pageNum: 1, pageSize: 10 } });
    expect(page.data.total).toBe(3);
    const byId = new Map(page.data.list.map((f: any) => [f.goodsId, f.goods]));
    expect(byId.get(onShelf[1])).toMatchObject({ soldOut: true, onShelf: true, price: expect.any(Number) });
    expect(byId.get(onShelf[2])).toMatchObject({ onShelf: false });
    expect(byId.get(onShelf[0])).toMatchObject({ onShelf: true, soldOut: false });

    const removed = await s.api.post('/member/goods/favorite/remove', {
      token: t,
      json: { goodsIds: [onShelf[0], onShelf[1]] },
    });
    expect(removed.data.removed).toBe(2);
    expect((await s.api.get('/member/goods/favorite/page', { token: t })).data.total).toBe(1);
    // form bodies with repeated keys work too
    const form = await s.api.post('/member/goods/favorite/remove', { token: t, form: { goodsIds: [onShelf[2]] } });
    expect(form.data.removed).toBe(1);
    await db.execute(sql`UPDATE goods SET on_shelf = true WHERE id = ${onShelf[2]!}`);
  });

  it('records one history entry per goods per day, newest first, and never touches another member', async () => {
    const a = await registeredMember(s.api);
    const b = await registeredMember(s.api);
    for (const id of [onShelf[0], onShelf[1], onShelf[0]])
      await s.api.get(`/member/goods/goods/detail/${id}`, { token: a.accessToken });
    await s.api.get(`/member/goods/goods/detail/${onShelf[3]}`); // a visitor leaves no trace
    await s.api.get(`/member/goods/goods/detail/${offShelf}`, { token: a.accessToken }); // off shelf: not viewed
    const page = await s.api.get('/member/goods/history/page', { token: a.accessToken });
    expect(page.data.total).toBe(2);
    expect(page.data.list.map((h: any) => h.goodsId)).toEqual([onShelf[0], onShelf[1]]);
    expect(page.data.list[0]).toMatchObject({
      viewDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      goods: { id: onShelf[0] },
    });

    await s.api.get(`/member/goods/goods/detail/${onShelf[2]}`, { token: b.accessToken });
    const aIds = page.data.list.map((h: any) => h.id);
    const theirs = await s.api.post('/member/goods/history/remove', { token: b.accessToken, json: { ids: aIds } });
    expect(theirs.data.removed).toBe(0);
    expect((await s.api.post('/member/goods/history/clear', { token: b.accessToken })).data.removed).toBe(1);
    expect((await s.api.get('/member/goods/history/page', { token: a.accessToken })).data.total).toBe(2);
    // another member's favourites are not touched either
    await s.api.post('/member/goods/favorite/add', { token: a.accessToken, json: { goodsId: onShelf[0] } });
    expect(
      (await s.api.post('/member/goods/favorite/remove', { token: b.accessToken, json: { goodsIds: [onShelf[0]] } }))
        .data.removed,
    ).toBe(0);
    expect(
      (await s.api.get('/member/goods/favorite/check', { token: a.accessToken, query: { goodsId: onShelf[0]! } })).data
        .favorite,
    ).toBe(true);

    expect(
      (await s.api.post('/member/goods/history/remove', { token: a.accessToken, json: { ids: [aIds[0]] } })).data
        .removed,
    ).toBe(1);
    expect((await s.api.post('/member/goods/history/clear', { token: a.accessToken })).data.removed).toBe(1);
    expect((await s.api.get('/member/goods/history/page', { token: a.accessToken })).data.total).toBe(0);
  });

  it('refuses bad ids and pages with a Chinese message', async () => {
    const t = (await registeredMember(s.api)).accessToken;
    const cases: [string, string, object, RegExp][] = [
      ['POST', '/member/goods/favorite/add', { goodsId: 'abc' }, /商品编号/],
      ['POST', '/member/goods/favorite/add', { goodsId: -1 }, /商品编号/],
      ['POST', '/member/goods/favorite/add', { goodsId: 1e20 }, /商品编号/],
      ['POST', '/member/goods/favorite/add', {}, /请填写商品编号/],
      ['POST', '/member/goods/favorite/remove', { goodsIds: [] }, /请选择商品/],
      ['POST', '/member/goods/favorite/remove', { goodsIds: ["1'; DROP TABLE goods"] }, /商品/],
      ['POST', '/member/goods/favorite/remove', { goodsIds: Array.from({ length: 101 }, (_, i) => i + 1) }, /最多/],
      ['POST', '/member/goods/history/remove', { ids: ['😀'] }, /浏览记录/],
      ['POST', '/member/goods/history/remove', { ids: 'x'.repeat(10_240) }, /浏览记录/],
    ];
    for (const [method, path, json, message] of cases) {
      const res = await s.api.call(method, path, { token: t, json });
      expect(res.code, `${path} ${JSON.stringify(json).slice(0, 60)}`).toBe(400);
      expect(res.message).toMatch(message);
    }
    for (const query of [{ pageNum: -1 }, { pageSize: 100000 }, { pageNum: 'x' }]) {
      expect((await s.api.get('/member/goods/history/page', { token: t, query: query as any })).code).toBe(400);
      expect((await s.api.get('/member/goods/favorite/page', { token: t, query: query as any })).code).toBe(400);
    }
    expect((await s.api.get('/member/goods/favorite/check', { token: t, query: { goodsId: '1 OR 1=1' } })).code).toBe(
      400,
    );
  });
});
