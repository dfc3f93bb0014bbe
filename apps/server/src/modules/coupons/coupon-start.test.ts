import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buyer, dbOf, startTestServer, type TestServer } from '../../test/kit/index.ts';
import { makeTemplate, rangeOf } from './coupons-test-kit.ts';
import { startText } from './coupons.presenter.ts';

/** 未开始: a date-range coupon claimed before its start says so, with the day it can be used from. */

const DAY = 86_400_000;
/** Midnight in Asia/Shanghai, `days` from today. */
function shanghaiMidnight(days: number): Date {
  const local = new Date(Date.now() + 8 * 3_600_000 + days * DAY).toISOString().slice(0, 10);
  return new Date(`${local}T00:00:00+08:00`);
}

describe('startText', () => {
  const now = new Date('2026-11-26T02:00:00Z');
  test.each([
    ['2026-11-30T16:00:00Z', '12月1日起可用'],
    ['2026-11-26T16:00:00Z', '11月27日起可用'],
    ['2026-12-05T02:30:00Z', '12月5日起可用'],
    ['2026-12-31T16:00:00Z', '2027年1月1日起可用'],
    ['2026-12-31T15:59:00Z', '12月31日起可用'],
    ['2026-11-26T15:59:59Z', '11月26日起可用'],
  ])('%s reads %s', (from, text) => {
    expect(startText(new Date(from), now)).toBe(text);
  });
});

describe('a coupon claimed before its start', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 120_000);
  afterAll(() => server?.close());

  test('reads 未开始 with the day it starts in 未使用 and on /couponGoodsList; a started one does not', async () => {
    const from = shanghaiMidnight(3);
    const later = await makeTemplate(dbOf(server), {
      name: '预告满减',
      validityType: 'RANGE',
      validFrom: from,
      validTo: new Date(from.getTime() + 7 * DAY),
      validDays: null,
    });
    const now = await makeTemplate(dbOf(server), { name: '现可用', ...rangeOf(-1, 5) });
    const b = await buyer(server.api);
    for (const t of [later, now]) {
      const res = await server.api.post('/member/promotion/coupon/claim', { token: b.token, json: { templateId: t.id } });
      expect(res.code, res.message).toBe(0);
    }
    const my = await server.api.get('/member/promotion/coupon/my', { token: b.token, query: { tab: 'UNUSED' } });
    expect(my.data.counts.UNUSED).toBe(2);
    const byName = (name: string) => my.data.list.find((c: { name: string }) => c.name === name);
    expect(byName('预告满减')).toMatchObject({
      status: 'UNUSED',
      notStarted: true,
      startText: expect.stringMatching(/^(\d{4}年)?\d{1,2}月\d{1,2}日起可用$/),
      expiringSoon: false,
    });
    expect(byName('预告满减').startText).toBe(startText(from, new Date()));
    expect(byName('现可用')).toMatchObject({ status: 'UNUSED', notStarted: false, startText: null });

    const info = await server.api.get('/member/promotion/coupon/goodsInfo', { token: b.token, query: { couponId: byName('预告满减').id } });
    expect(info.data.coupon).toMatchObject({ notStarted: true, startText: byName('预告满减').startText });
  });
});
