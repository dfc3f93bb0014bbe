import type { ReactNode } from 'react';
import type { CheckoutPoints, CheckoutRedemption } from '@mall/shared';
import { redemptionLimitText } from '../lib/points.ts';

/** One part of the sentence, never broken inside (on a phone the parts wrap whole). */
function Part({ children }: { children: ReactNode }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;
}

/**
 * The points of a redemption, where a usual order has its coupon and 积分抵扣 rows: what the member
 * has, what this redemption takes and what is left; the member's limit; and why coupons and 积分抵扣
 * do not apply (the server's hint).
 */
export function RedemptionPoints({ points, redemption }: { points: CheckoutPoints; redemption: CheckoutRedemption }) {
  const left = points.balance - redemption.points;
  const limit = redemptionLimitText(redemption);
  const notes = [limit, points.hint].filter(Boolean).join('；');
  return (
    <div role="group" aria-label="兑换积分" data-testid="checkout-redeem-points" style={{ display: 'flex', gap: 12, padding: '10px 0', color: '#333' }}>
      <span style={{ flex: 'none', color: '#666' }}>积分</span>
      <div style={{ flex: 1, minWidth: 0, textAlign: 'right', overflowWrap: 'anywhere' }}>
        <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: '2px 16px' }}>
          <Part>
            我的积分 <b data-testid="checkout-redeem-balance">{points.balance}</b>
          </Part>
          <Part>
            本次兑换{' '}
            <b style={{ color: '#d0252b' }} data-testid="checkout-redeem-spend">
              -{redemption.points}
            </b>{' '}
            积分
          </Part>
          <Part>
            兑换后剩余{' '}
            <b style={{ color: left < 0 ? '#d0252b' : '#7b5a98' }} data-testid="checkout-redeem-left">
              {Math.max(left, 0)}
            </b>{' '}
            积分
          </Part>
        </div>
        {left < 0 ? (
          <div style={{ color: '#d0252b', marginTop: 4 }} data-testid="checkout-redeem-short">
            积分不足，还差 {-left} 积分
          </div>
        ) : null}
        {notes ? <div style={{ color: '#666', fontSize: 12, marginTop: 4 }}>{notes}</div> : null}
      </div>
    </div>
  );
}
