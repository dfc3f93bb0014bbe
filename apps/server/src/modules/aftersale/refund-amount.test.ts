import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prorate } from '../pricing/pricing.ts';
import { refundAmountFor, remainingQuantity, type RefundBasis } from './refund-amount.ts';

/** Runs a sequence of requests against one line as the service does; returns the amounts granted. */
function run(paidShare: number, quantity: number, requests: number[]): number[] {
  const basis: RefundBasis = { paidShare, quantity, heldQuantity: 0, heldAmount: 0 };
  const granted: number[] = [];
  for (const q of requests) {
    if (q < 1 || q > remainingQuantity(basis)) continue; // refused by the service
    const amount = refundAmountFor(basis, q);
    granted.push(amount);
    basis.heldQuantity += q;
    basis.heldAmount += amount;
  }
  return granted;
}

describe('refund amounts', () => {
  it.each([
    // paidShare, quantity, requests, expected
    [1000, 1, [1], [1000]],
    [1000, 3, [1, 1, 1], [333, 333, 334]],
    [1000, 3, [2, 1], [666, 334]],
    [1000, 3, [3], [1000]],
    [1, 3, [1, 1, 1], [0, 0, 1]],
    [0, 2, [1, 1], [0, 0]],
    [999, 4, [1, 3], [249, 750]],
  ])('share %i over %i units, requests %j → %j', (share, qty, requests, expected) => {
    expect(run(share, qty, requests)).toEqual(expected);
  });

  it('refunding every unit of every line returns exactly what the order paid', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ price: fc.integer({ min: 1, max: 100_000 }), qty: fc.integer({ min: 1, max: 20 }) }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.integer({ min: 0, max: 5_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 0, max: 2 ** 31 }),
        (lines, freight, discountWish, seed) => {
          const goods = lines.reduce((s, l) => s + l.price * l.qty, 0);
          const discount = Math.min(discountWish, goods);
          const paid = goods - discount + freight;
          const shares = prorate(
            paid,
            lines.map((l) => l.price * l.qty),
          );
          let refunded = 0;
          let r = seed;
          for (const [i, line] of lines.entries()) {
            // Split each line's quantity into random partial requests.
            const requests: number[] = [];
            let left = line.qty;
            while (left > 0) {
              r = (r * 1103515245 + 12345) % 2 ** 31;
              const q = 1 + (r % left);
              requests.push(q);
              left -= q;
            }
            const granted = run(shares[i]!, line.qty, requests);
            expect(granted.every((g) => g >= 0)).toBe(true);
            refunded += granted.reduce((a, b) => a + b, 0);
          }
          expect(refunded).toBe(paid);
        },
      ),
    );
  });

  it('partial refunds never exceed a share, whatever is asked and withdrawn', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 50 }),
        fc.array(fc.record({ q: fc.integer({ min: -5, max: 60 }), withdraw: fc.boolean() }), { maxLength: 30 }),
        (share, qty, requests) => {
          const basis: RefundBasis = { paidShare: share, quantity: qty, heldQuantity: 0, heldAmount: 0 };
          for (const { q, withdraw } of requests) {
            if (q < 1 || q > remainingQuantity(basis)) continue;
            const amount = refundAmountFor(basis, q);
            // At least its proportion, at most what is left of the share.
            expect(amount).toBeGreaterThanOrEqual(Math.floor((share * q) / qty));
            expect(amount).toBeLessThanOrEqual(share - basis.heldAmount);
            if (withdraw) continue; // a withdrawn or rejected request holds nothing
            basis.heldQuantity += q;
            basis.heldAmount += amount;
            expect(basis.heldAmount).toBeLessThanOrEqual(share);
          }
          if (basis.heldQuantity === qty) expect(basis.heldAmount).toBe(share);
        },
      ),
    );
  });
});
