import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  EMPTY_BALANCES,
  applyMove,
  bindingDecision,
  earnsCommission,
  levelFor,
  lineCommission,
  maySettle,
  netOf,
  nextCommissionStatus,
  reversalFor,
  tierCommissions,
  withdrawalRefusal,
  type Balances,
  type BalanceMove,
  type PromoterLevel,
} from './commission-rules.ts';

const b = (over: Partial<Balances>): Balances => ({ ...EMPTY_BALANCES, ...over });
const DAY = 86_400_000;

describe('lineCommission', () => {
  test.each([
    ['5 % of ¥199.00', { type: 'RATE', basisPoints: 500 }, 19900, 1, 995],
    ['5 % rounds down', { type: 'RATE', basisPoints: 500 }, 19999, 1, 999],
    ['12.34 % of ¥1.00', { type: 'RATE', basisPoints: 1234 }, 100, 1, 12],
    ['0 %', { type: 'RATE', basisPoints: 0 }, 19900, 3, 0],
    ['¥5 per unit × 3', { type: 'FIXED', amountFen: 500 }, 30000, 3, 1500],
    ['fixed never above what was paid', { type: 'FIXED', amountFen: 5000 }, 3000, 1, 3000],
    ['a free line earns nothing', { type: 'FIXED', amountFen: 500 }, 0, 1, 0],
  ] as const)('%s', (_, rule, paid, quantity, expected) => {
    expect(lineCommission(rule, paid, quantity)).toBe(expected);
  });

  test('never more than the line paid, never negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 1, max: 999 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 1e7 }),
        (paid, q, bp, fixed) => {
          for (const rule of [
            { type: 'RATE', basisPoints: bp } as const,
            { type: 'FIXED', amountFen: fixed } as const,
          ]) {
            const c = lineCommission(rule, paid, q);
            expect(c).toBeGreaterThanOrEqual(0);
            expect(c).toBeLessThanOrEqual(paid);
          }
        },
      ),
    );
  });
});

describe('reversalFor', () => {
  test.each([
    ['half refunded', 995, 19900, 9950, 0, 497],
    ['the rest of it', 995, 19900, 19900, 497, 498],
    ['all at once', 995, 19900, 19900, 0, 995],
    ['a refund past the paid amount takes all, not more', 995, 19900, 25000, 0, 995],
    ['nothing refunded', 995, 19900, 0, 0, 0],
    ['already all taken back', 995, 19900, 19900, 995, 0],
    ['no commission', 0, 19900, 19900, 0, 0],
  ])('%s', (_, commission, paid, refunded, reversed, expected) => {
    expect(reversalFor(commission, paid, refunded, reversed)).toBe(expected);
  });

  test('refunds in any pieces take back exactly the commission once the line is refunded, never more', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e8 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 8 }),
        (paid, bp, weights) => {
          const commission = lineCommission({ type: 'RATE', basisPoints: bp }, paid, 1);
          const sum = weights.reduce((a, w) => a + w, 0);
          let refunded = 0;
          let reversed = 0;
          weights.forEach((w, i) => {
            refunded = i === weights.length - 1 ? paid : Math.min(paid, refunded + Math.floor((paid * w) / sum));
            const now = reversalFor(commission, paid, refunded, reversed);
            expect(now).toBeGreaterThanOrEqual(0);
            reversed += now;
            expect(reversed).toBeLessThanOrEqual(commission);
          });
          expect(reversed).toBe(commission);
        },
      ),
    );
  });
});

describe('applyMove', () => {
  test.each<[string, Partial<Balances>, BalanceMove, Partial<Balances> | string]>([
    ['earned on payment: 冻结中', {}, { kind: 'EARN', amountFen: 995 }, { frozenFen: 995 }],
    ['settled: 可提现', { frozenFen: 995 }, { kind: 'SETTLE', amountFen: 995 }, { availableFen: 995 }],
    [
      'settling pays off 待扣回 first',
      { frozenFen: 1000, owedFen: 300 },
      { kind: 'SETTLE', amountFen: 1000 },
      { availableFen: 700, owedFen: 0 },
    ],
    [
      'settling less than is owed',
      { frozenFen: 200, owedFen: 300 },
      { kind: 'SETTLE', amountFen: 200 },
      { availableFen: 0, owedFen: 100 },
    ],
    [
      'cannot settle more than is frozen',
      { frozenFen: 100 },
      { kind: 'SETTLE', amountFen: 101 },
      '冻结中的佣金只有 ¥1.00',
    ],
    [
      'a refund before settling reduces 冻结中',
      { frozenFen: 995 },
      { kind: 'REVERSE_FROZEN', amountFen: 497 },
      { frozenFen: 498 },
    ],
    [
      'a refund after settling takes 可提现',
      { availableFen: 995 },
      { kind: 'REVERSE_SETTLED', amountFen: 500 },
      { availableFen: 495 },
    ],
    [
      '…and carries the rest as 待扣回 once withdrawn',
      { availableFen: 100, withdrawnFen: 895 },
      { kind: 'REVERSE_SETTLED', amountFen: 500 },
      { availableFen: 0, owedFen: 400, withdrawnFen: 895 },
    ],
    ['withdraw: 提现中', { availableFen: 5000 }, { kind: 'WITHDRAW', amountFen: 5000 }, { withdrawingFen: 5000 }],
    ['not more than 可提现', { availableFen: 4999 }, { kind: 'WITHDRAW', amountFen: 5000 }, '可提现金额只有 ¥49.99'],
    [
      'not while 待扣回',
      { availableFen: 5000, owedFen: 1 },
      { kind: 'WITHDRAW', amountFen: 100 },
      '有 ¥0.01 待扣回佣金，扣回后才能提现',
    ],
    ['approved: 已提现', { withdrawingFen: 5000 }, { kind: 'WITHDRAW_PAID', amountFen: 5000 }, { withdrawnFen: 5000 }],
    [
      'rejected: back to 可提现',
      { withdrawingFen: 5000 },
      { kind: 'WITHDRAW_REJECTED', amountFen: 5000 },
      { availableFen: 5000 },
    ],
    ['a zero move is refused', { frozenFen: 5 }, { kind: 'EARN', amountFen: 0 }, '金额须为正整数（分）'],
    ['a fraction of a fen is refused', {}, { kind: 'EARN', amountFen: 1.5 }, '金额须为正整数（分）'],
  ])('%s', (_, before, move, expected) => {
    const r = applyMove(b(before), move);
    if (typeof expected === 'string') expect(r).toEqual({ refused: expected });
    else expect('balances' in r && r.balances).toEqual(b(expected));
  });

  const moveArb: fc.Arbitrary<BalanceMove> = fc.record({
    kind: fc.constantFrom(
      'EARN',
      'SETTLE',
      'REVERSE_FROZEN',
      'REVERSE_SETTLED',
      'WITHDRAW',
      'WITHDRAW_PAID',
      'WITHDRAW_REJECTED',
    ),
    amountFen: fc.integer({ min: -5, max: 20_000 }),
  }) as fc.Arbitrary<BalanceMove>;

  test('any sequence: no balance negative, and the balances add up to earned − taken back', () => {
    fc.assert(
      fc.property(fc.array(moveArb, { maxLength: 60 }), (moves) => {
        let bal = EMPTY_BALANCES;
        let earned = 0;
        let reversed = 0;
        for (const m of moves) {
          const r = applyMove(bal, m);
          if ('refused' in r) continue;
          bal = r.balances;
          if (m.kind === 'EARN') earned += m.amountFen;
          if (m.kind === 'REVERSE_FROZEN' || m.kind === 'REVERSE_SETTLED') reversed += m.amountFen;
          for (const v of Object.values(bal)) expect(v).toBeGreaterThanOrEqual(0);
          expect(netOf(bal)).toBe(earned - reversed);
        }
      }),
    );
  });
});

describe('withdrawalRefusal', () => {
  test.each([
    [0, 1000, { availableFen: 5000 }, '请输入提现金额'],
    [999, 1000, { availableFen: 5000 }, '单笔提现不少于 ¥10.00'],
    [6000, 1000, { availableFen: 5000 }, '可提现金额只有 ¥50.00'],
    [5000, 1000, { availableFen: 5000 }, null],
  ])('%i fen with a minimum of %i', (amount, min, bal, expected) => {
    expect(withdrawalRefusal(amount, min, b(bal))).toBe(expected);
  });
});

describe('commission states and settlement', () => {
  test('transitions', () => {
    expect(nextCommissionStatus('FROZEN', 'settle')).toBe('SETTLED');
    expect(nextCommissionStatus('FROZEN', 'reverseAll')).toBe('REVERSED');
    expect(nextCommissionStatus('SETTLED', 'reverseAll')).toBe('REVERSED');
    expect(nextCommissionStatus('SETTLED', 'settle')).toBeNull();
    expect(nextCommissionStatus('REVERSED', 'settle')).toBeNull();
  });

  const done = new Date('2026-11-01T00:00:00Z');
  test.each([
    ['not complete', { completedAt: null, openAfterSales: 0 }, new Date('2026-12-31T00:00:00Z'), false],
    ['the window still open', { completedAt: done, openAfterSales: 0 }, new Date(done.getTime() + 7 * DAY - 1), false],
    ['the window closed', { completedAt: done, openAfterSales: 0 }, new Date(done.getTime() + 7 * DAY), true],
    ['an after-sale still open', { completedAt: done, openAfterSales: 1 }, new Date(done.getTime() + 30 * DAY), false],
  ])('%s', (_, order, now, expected) => {
    expect(maySettle(order, 7, now)).toBe(expected);
  });
});

describe('推广 levels and tiers', () => {
  const levels: PromoterLevel[] = [
    {
      code: 'NORMAL',
      name: '普通',
      minSettledSalesFen: 0,
      minTeamSize: 0,
      directBasisPoints: 500,
      indirectBasisPoints: 100,
    },
    {
      code: 'SILVER',
      name: '银牌',
      minSettledSalesFen: 1_000_000,
      minTeamSize: 10,
      directBasisPoints: 800,
      indirectBasisPoints: 200,
    },
    {
      code: 'GOLD',
      name: '金牌',
      minSettledSalesFen: 5_000_000,
      minTeamSize: 50,
      directBasisPoints: 1000,
      indirectBasisPoints: 300,
    },
  ];
  test.each([
    [{ settledSalesFen: 0, teamSize: 0 }, '普通'],
    [{ settledSalesFen: 999_999, teamSize: 9 }, '普通'],
    [{ settledSalesFen: 1_000_000, teamSize: 0 }, '银牌'],
    [{ settledSalesFen: 0, teamSize: 10 }, '银牌'],
    [{ settledSalesFen: 1_000_000, teamSize: 50 }, '金牌'],
  ])('%o → %s', (m, name) => {
    expect(levelFor(levels, m).name).toBe(name);
  });

  test('direct at the sharer’s rate, indirect at the inviter’s', () => {
    expect(tierCommissions(19900, levels[1]!, levels[2]!)).toEqual({ directFen: 1592, indirectFen: 597 });
    expect(tierCommissions(19900, levels[0]!, null)).toEqual({ directFen: 995, indirectFen: 0 });
    expect(tierCommissions(0, levels[0]!, levels[0]!)).toEqual({ directFen: 0, indirectFen: 0 });
  });
});

describe('binding', () => {
  const now = new Date('2026-11-26T00:00:00Z');
  const base = { sharerId: 'S', buyerId: 'B', sharerActive: true, current: null, now, windowDays: 30 };
  test.each([
    ['a first touch binds', {}, { bind: true }],
    ['not to oneself', { sharerId: 'B' }, { bind: false, reason: '不能绑定自己' }],
    ['not to a member who is not a sharer', { sharerActive: false }, { bind: false, reason: '分享人不是有效的分销员' }],
    [
      'the first sharer keeps the buyer for 30 days',
      { current: { sharerId: 'T', boundAt: new Date(now.getTime() - 29 * DAY), permanent: false } },
      { bind: false, reason: '已绑定其他分享人' },
    ],
    [
      'after 30 days a new share binds',
      { current: { sharerId: 'T', boundAt: new Date(now.getTime() - 30 * DAY), permanent: false } },
      { bind: true },
    ],
    [
      '推广: the inviter for ever',
      { current: { sharerId: 'T', boundAt: new Date(now.getTime() - 400 * DAY), permanent: true } },
      { bind: false, reason: '已绑定其他分享人' },
    ],
    [
      'the same sharer again changes nothing',
      { current: { sharerId: 'S', boundAt: now, permanent: false } },
      { bind: false, reason: '已绑定该分享人' },
    ],
  ])('%s', (_, over, expected) => {
    expect(bindingDecision({ ...base, ...over })).toEqual(expected);
  });

  test('a distributor’s own purchases earn nothing unless the shop allows it', () => {
    expect(earnsCommission({ buyerId: 'S', sharerId: 'S', sharerActive: true }, false)).toBe(false);
    expect(earnsCommission({ buyerId: 'S', sharerId: 'S', sharerActive: true }, true)).toBe(true);
    expect(earnsCommission({ buyerId: 'B', sharerId: 'S', sharerActive: true }, false)).toBe(true);
    expect(earnsCommission({ buyerId: 'B', sharerId: 'S', sharerActive: false }, false)).toBe(false);
    expect(earnsCommission({ buyerId: 'B', sharerId: null, sharerActive: false }, true)).toBe(false);
  });
});
