import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeGoods, startTestServer, type TestServer } from '../../test/kit/index.ts';
import { assistantMember } from '../assistant/assistant-test-kit.ts';
import { makeTemplate } from './coupons-test-kit.ts';
import { claim, optionsForLines } from './coupons.service.ts';

describe('a member’s coupons weighed against some lines (optionsForLines)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => s?.close());

  it('says which unused coupons fit, with the discount, and why the others do not; reads only', async () => {
    const ctx = s.running.app.ctx;
    const m = await assistantMember(s);
    const goods = await makeGoods(ctx.db, { priceFen: 12_000 });
    const fits = await makeTemplate(ctx.db, { name: '满100减10', thresholdFen: 10_000, amountFen: 1000 });
    const tooHigh = await makeTemplate(ctx.db, { name: '满500减50', thresholdFen: 50_000, amountFen: 5000 });
    await makeTemplate(ctx.db, { name: '未领取的券', thresholdFen: 0, amountFen: 500 });
    await claim(ctx, m.memberId, fits.id);
    await claim(ctx, m.memberId, tooHigh.id);

    const options = await optionsForLines(ctx, m.memberId, [{ goodsId: goods.goodsId, payableFen: 12_000 }]);
    expect(options.map((o) => [o.name, o.usable, o.discountFen])).toEqual(
      expect.arrayContaining([
        ['满100减10', true, 1000],
        ['满500减50', false, 0],
      ]),
    );
    expect(options).toHaveLength(2);
    expect(options.find((o) => !o.usable)!.reason).toMatch(/还差/);
    // asking again gives the same: nothing was held or used
    expect(await optionsForLines(ctx, m.memberId, [{ goodsId: goods.goodsId, payableFen: 12_000 }])).toEqual(options);
  });
});
