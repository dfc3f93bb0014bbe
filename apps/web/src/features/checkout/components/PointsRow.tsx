import { Checkbox } from 'antd';
import { formatFen, type CheckoutPoints } from '@mall/shared';
import { pointsOfferText, pointsRuleText } from '../lib/points.ts';

/**
 * The checkout's 积分 row under the coupon (JD style): 可用 N 积分，本单最多抵扣 ¥x with 使用, which
 * asks the server to quote again spending the most usable points; when ticked, what the quote took off.
 * When points cannot be used, the balance and the server's reason, and no box to tick.
 */
export function PointsRow({ points, using, busy, onChange }: { points: CheckoutPoints; using: boolean; busy: boolean; onChange: (use: boolean) => void }) {
  const usable = !points.hint && points.maxUsable > 0;
  return (
    <div
      role="group"
      aria-label="积分抵扣"
      data-testid="checkout-points-row"
      style={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: '4px 12px', minHeight: 44, color: '#333' }}
    >
      <span style={{ flex: 'none', color: '#666' }}>积分</span>
      <span style={{ flex: 1, minWidth: 0, textAlign: 'right', overflowWrap: 'anywhere' }}>
        <span data-testid="checkout-points-offer" style={{ color: usable ? '#333' : '#666' }}>
          {using && points.used > 0 ? `已使用 ${points.used} 积分，抵扣 ` : pointsOfferText(points)}
        </span>
        {using && points.used > 0 ? (
          <b style={{ color: '#d0252b', whiteSpace: 'nowrap' }} data-testid="checkout-points-value">
            -{formatFen(points.valueFen)}
          </b>
        ) : null}
        {usable ? <span style={{ display: 'block', color: '#666', fontSize: 12 }}>{pointsRuleText(points)}</span> : null}
      </span>
      {usable || using ? (
        <Checkbox checked={using} disabled={busy} onChange={(e) => onChange(e.target.checked)} data-testid="checkout-points-use">
          使用
        </Checkbox>
      ) : null}
    </div>
  );
}
