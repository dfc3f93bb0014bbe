import { Button, Empty, Progress, Skeleton } from 'antd';
import type { ClaimableCoupon } from '@mall/shared';
import { CouponTicket } from './CouponTicket.tsx';
import { LoadError } from './LoadError.tsx';
import { useClaimCoupon, useCouponCenter } from '../lib/coupons.ts';
import { useIsPhone } from '../lib/useIsPhone.ts';

/** The button of a claimable coupon: 立即领取, or 已领取 / 已抢光 (the server's state). */
export function CouponClaimButton({
  coupon,
  claim,
  pending,
}: {
  coupon: ClaimableCoupon;
  claim: (templateId: number) => void;
  pending: boolean;
}) {
  if (coupon.state === 'CLAIMED')
    return (
      <Button size="small" disabled data-testid="coupon-claimed">
        已领取
      </Button>
    );
  if (coupon.state === 'SOLD_OUT')
    return (
      <Button size="small" disabled data-testid="coupon-sold-out">
        已抢光
      </Button>
    );
  return (
    <Button
      size="small"
      type="primary"
      danger
      loading={pending}
      onClick={() => claim(coupon.templateId)}
      data-testid="coupon-claim"
      aria-label={`立即领取 ${coupon.name}`}
    >
      立即领取
    </Button>
  );
}

/** 领券中心: every coupon on offer with how much is taken and 立即领取 / 已领取 / 已抢光. */
export function CouponCenter() {
  const phone = useIsPhone();
  const center = useCouponCenter();
  const { claim, pendingId } = useClaimCoupon();
  if (center.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (center.isError) return <LoadError error={center.error} onRetry={() => void center.refetch()} />;
  if (center.data.list.length === 0) return <Empty description="暂无可领取的优惠券，敬请期待" style={{ padding: '40px 0' }} />;
  return (
    <ul
      aria-label="可领取的优惠券"
      data-testid="coupon-center"
      style={{
        margin: 0,
        padding: 0,
        listStyle: 'none',
        display: 'grid',
        gridTemplateColumns: phone ? 'minmax(0, 1fr)' : 'repeat(2, minmax(0, 1fr))',
        gap: 12,
      }}
    >
      {center.data.list.map((c) => (
        <li key={c.templateId}>
          <CouponTicket
            coupon={c}
            validityText={c.validityText}
            dim={c.state === 'SOLD_OUT'}
            testId="center-coupon"
            note={
              <div style={{ display: 'flex', alignItems: 'center', gap: 6, color: '#666' }}>
                <span style={{ whiteSpace: 'nowrap' }}>已抢{c.claimedPercent}%</span>
                <Progress
                  percent={c.claimedPercent}
                  showInfo={false}
                  size="small"
                  strokeColor="#c41d2f"
                  style={{ margin: 0, maxWidth: 120 }}
                  aria-label={`已抢${c.claimedPercent}%`}
                />
              </div>
            }
            action={<CouponClaimButton coupon={c} claim={claim} pending={pendingId === c.templateId} />}
          />
        </li>
      ))}
    </ul>
  );
}
