import type { ReactNode } from 'react';
import type { CouponFace, MemberCouponView } from '@mall/shared';
import { useIsPhone } from '../lib/useIsPhone.ts';

/**
 * A coupon as a Chinese shop draws it: the big figure (¥20 or 8折) and its threshold on the left, the
 * name, the rule in words, the scope and the validity on the right, an action (立即领取, 去使用…) at the
 * end. Used and expired coupons are greyed. A member's coupon whose validity starts later is marked
 * 未开始 with the day it starts (12月1日起可用), wherever it is drawn. Every text is the server's words.
 */
export function CouponTicket({
  coupon,
  validityText,
  dim = false,
  badge,
  note,
  action,
  selected = false,
  testId = 'coupon-ticket',
}: {
  /** A member's coupon also carries notStarted / startText (未开始). */
  coupon: CouponFace & Partial<Pick<MemberCouponView, 'notStarted' | 'startText'>>;
  validityText: string;
  dim?: boolean;
  /** A tag beside the name: 即将过期, 已使用, 待付款订单占用… */
  badge?: ReactNode;
  /** A line under the validity: why it cannot be used, the order that used it. */
  note?: ReactNode;
  action?: ReactNode;
  selected?: boolean;
  testId?: string;
}) {
  const phone = useIsPhone();
  const accent = dim ? '#666' : '#c41d2f';
  const notStarted = Boolean(coupon.notStarted);
  return (
    <div
      data-testid={testId}
      style={{
        display: 'flex',
        minWidth: 0,
        border: `1px solid ${selected ? accent : dim ? '#d9d9d9' : '#f4c7cc'}`,
        boxShadow: selected ? `0 0 0 1px ${accent}` : undefined,
        borderRadius: 8,
        overflow: 'hidden',
        background: dim ? '#fafafa' : '#fff7f7',
      }}
    >
      <div
        style={{
          flex: `0 0 ${phone ? 92 : 112}px`,
          background: accent,
          color: '#fff',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
          padding: '12px 6px',
          textAlign: 'center',
        }}
      >
        <div style={{ fontSize: phone ? 22 : 26, fontWeight: 700, lineHeight: 1.2, overflowWrap: 'anywhere' }} data-testid="coupon-face">
          {coupon.faceText}
        </div>
        <div style={{ fontSize: 12, marginTop: 4 }}>{coupon.thresholdText}</div>
      </div>
      <div
        style={{
          flex: 1,
          minWidth: 0,
          padding: phone ? '10px 10px' : '12px 16px',
          display: 'flex',
          flexWrap: phone ? 'wrap' : 'nowrap',
          gap: 8,
          alignItems: 'center',
        }}
      >
        <div style={{ flex: '1 1 160px', minWidth: 0 }}>
          <div style={{ fontWeight: 600, color: '#333', overflowWrap: 'anywhere' }}>
            {coupon.name}
            {notStarted ? (
              <span
                data-testid="coupon-not-started"
                style={{ marginLeft: 6, border: '1px solid #7b5a98', color: '#7b5a98', borderRadius: 4, padding: '0 4px', fontSize: 12, fontWeight: 400, whiteSpace: 'nowrap' }}
              >
                未开始
              </span>
            ) : null}
            {badge ? <span style={{ marginLeft: 6 }}>{badge}</span> : null}
          </div>
          <div style={{ color: dim ? '#555' : '#a8071a', fontSize: 13, marginTop: 2 }} data-testid="coupon-rule">
            {coupon.ruleText} · {coupon.scopeText}
          </div>
          <div style={{ color: '#666', fontSize: 12, marginTop: 2 }}>{validityText}</div>
          {notStarted && coupon.startText ? (
            <div style={{ color: '#7b5a98', fontSize: 12, marginTop: 2 }} data-testid="coupon-start-text">
              {coupon.startText}
            </div>
          ) : null}
          {coupon.description ? (
            <div style={{ color: '#666', fontSize: 12, marginTop: 2, overflowWrap: 'anywhere' }}>{coupon.description}</div>
          ) : null}
          {note ? <div style={{ fontSize: 12, marginTop: 2 }}>{note}</div> : null}
        </div>
        {action ? <div style={{ flex: '0 0 auto', marginLeft: 'auto' }}>{action}</div> : null}
      </div>
    </div>
  );
}
