import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { PromoterLevel } from './commission-rules.ts';
import { reversalFor } from './commission-rules.ts';
import { effectText, reversalsOfLine } from './member-after-sales.ts';
import { commissionText, unitCommission, type SkuEarning } from './member-goods.ts';

/** The pure pieces of the member's goods cards and after-sales: what a card says, what each refund took back. */
const level = (directBasisPoints: number): PromoterLevel => ({
  code: 'NORMAL',
  name: '普通',
  minSettledSalesFen: 0,
  minTeamSize: 0,
  directBasisPoints,
  indirectBasisPoints: 100,
});
const fixed = (amountFen: number): SkuEarning => ({ type: 'RULE', rule: { type: 'FIXED', amountFen } });
const rate = (basisPoints: number): SkuEarning => ({ type: 'RULE', rule: { type: 'RATE', basisPoints } });
const byLevel = (bp: number): SkuEarning => ({ type: 'LEVEL', level: level(bp) });

describe('a goods card’s commission', () => {
  it.each([
    [fixed(500), 10000, 500],
    [fixed(500), 300, 300], // never above the price
    [rate(1250), 19900, 2487],
    [rate(1), 99, 0],
    [byLevel(500), 29900, 1495],
    [byLevel(800), 19900, 1592],
    [byLevel(0), 19900, 0],
  ])('%j at %i fen earns %i', (earning, price, fen) => {
    expect(unitCommission(earning, price)).toBe(fen);
  });

  it.each([
    [[rate(500)], [1500], '赚 5%'],
    [[rate(1250), rate(1250)], [1250, 2500], '赚 12.5%'],
    [[byLevel(800), byLevel(800)], [800, 1600], '赚 8%'],
    [[fixed(800)], [800], '佣金 ¥8.00'],
    [[fixed(500), fixed(500)], [500, 500], '佣金 ¥5.00'],
    [[fixed(500), rate(1250)], [500, 2500], '最高佣金 ¥25.00'],
    [[rate(500), rate(800)], [500, 1600], '最高佣金 ¥16.00'],
  ] as [SkuEarning[], number[], string][])('%j reads %j → %s', (earnings, fen, text) => {
    expect(commissionText(earnings, fen)).toBe(text);
  });
});

describe('what each refund of a line took back', () => {
  const at = (s: number) => new Date(Date.UTC(2026, 10, 1, 0, 0, s));
  it.each([
    // ¥20.00 on a ¥400.00 line: two halves take ¥10.00 each.
    [2000, 40000, [20000, 20000], [1000, 1000]],
    // Thirds of an odd commission: rounding goes to the last, the sum is exact.
    [1001, 30000, [10000, 10000, 10000], [333, 334, 334]],
    // A refund too small to take back a fen.
    [10, 40000, [100], [0]],
  ])('commission %i of paid %i, refunds %j → %j', (commissionFen, paidFen, refunds, parts) => {
    const got = reversalsOfLine(
      { commissionFen, paidFen },
      refunds.map((refundFen, i) => ({ afterSaleNo: `AS${i}`, refundFen, at: at(i) })),
    );
    expect(refunds.map((_, i) => got.get(`AS${i}`))).toEqual(parts);
  });

  it('follows the order refunds completed in, not the order they are listed in', () => {
    const got = reversalsOfLine({ commissionFen: 1001, paidFen: 30000 }, [
      { afterSaleNo: 'LATE', refundFen: 10000, at: at(9) },
      { afterSaleNo: 'EARLY', refundFen: 10000, at: at(1) },
    ]);
    expect(Object.fromEntries(got)).toEqual({ EARLY: 333, LATE: 334 });
  });

  it('the parts always add up to what the whole refunded amount takes back', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(fc.integer({ min: 1, max: 100_000 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 5000 }),
        (paidFen, pieces, bp) => {
          const commissionFen = Math.max(1, Math.floor((paidFen * bp) / 10_000));
          let left = paidFen;
          const refunds = pieces
            .map((p) => {
              const r = Math.min(p, left);
              left -= r;
              return r;
            })
            .filter((r) => r > 0);
          const got = reversalsOfLine(
            { commissionFen, paidFen },
            refunds.map((refundFen, i) => ({ afterSaleNo: `AS${i}`, refundFen, at: at(i) })),
          );
          const sum = [...got.values()].reduce((s, n) => s + n, 0);
          const refunded = refunds.reduce((s, n) => s + n, 0);
          expect([...got.values()].every((n) => n >= 0)).toBe(true);
          expect(sum).toBe(reversalFor(commissionFen, paidFen, refunded, 0));
        },
      ),
    );
  });

  it.each([
    [{ status: 'PENDING_REVIEW', open: true }, 0, '退款完成后将扣回相应佣金'],
    [{ status: 'REFUNDING', open: true }, 0, '退款完成后将扣回相应佣金'],
    [{ status: 'COMPLETED', open: false }, 250, '佣金已扣回 ¥2.50'],
    [{ status: 'COMPLETED', open: false }, 0, '退款金额较小，佣金未扣回'],
    [{ status: 'REJECTED', open: false }, 0, '未退款，不影响佣金'],
    [{ status: 'WITHDRAWN', open: false }, 0, '未退款，不影响佣金'],
  ])('%j with %i taken back reads %s', (a, fen, text) => {
    expect(effectText(a, fen)).toBe(text);
  });
});
