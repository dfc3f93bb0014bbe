import { useState } from 'react';
import { Button } from 'antd';
import { Link } from 'react-router';
import type { ClaimableCoupon } from '@mall/shared';
import { useClaimCoupon, useCouponCenter } from '../../../lib/coupons.ts';
import styles from './CouponHomeStrip.module.css';

/** The home shows at most this many coupons; 更多 opens the 领券中心. */
export const HOME_COUPONS = 4;

/**
 * The coupons the strip shows: up to four the buyer can claim when it first loads, kept in place
 * afterwards so a claimed one stays there as 已领取 (the server's state) instead of being swapped out.
 */
export function pickHomeCoupons(list: ClaimableCoupon[], pinned: number[] | null): ClaimableCoupon[] {
  if (pinned) return pinned.flatMap((id) => list.filter((c) => c.templateId === id));
  return list.filter((c) => c.state === 'CLAIMABLE').slice(0, HOME_COUPONS);
}

function ClaimButton({ coupon, claim, pending }: { coupon: ClaimableCoupon; claim: (id: number) => void; pending: boolean }) {
  if (coupon.state !== 'CLAIMABLE')
    return (
      <Button size="small" disabled className={styles.button} data-testid="home-coupon-done">
        {coupon.state === 'CLAIMED' ? '已领取' : '已抢光'}
      </Button>
    );
  return (
    <Button
      size="small"
      type="primary"
      danger
      className={styles.button}
      loading={pending}
      onClick={() => claim(coupon.templateId)}
      aria-label={`领取 ${coupon.name}`}
      data-testid="home-coupon-claim"
    >
      领取
    </Button>
  );
}

/**
 * 领券中心 on the home page: a strip of up to four coupons to claim in place (a visitor is asked to sign
 * in and comes back here), 更多 → /couponGoodsList. Nothing at all when there is nothing to claim or the
 * call fails: the home does not wait for it or speak of it. Loaded after the first screen (HomePage).
 */
export default function CouponHomeStrip() {
  const center = useCouponCenter();
  const { claim, pendingId } = useClaimCoupon();
  const [pinned, setPinned] = useState<number[] | null>(null);
  const list = center.data?.list;
  if (list && pinned === null) {
    const first = pickHomeCoupons(list, null).map((c) => c.templateId);
    if (first.length) setPinned(first);
  }
  const shown = list && pinned ? pickHomeCoupons(list, pinned) : [];
  if (!shown.length) return null;
  return (
    <section className={styles.strip} aria-labelledby="home-coupons-title" data-testid="home-coupons">
      <h2 className={styles.title} id="home-coupons-title">
        领券中心<small>先领券，再购物</small>
        <Link to="/couponGoodsList" className={styles.more} data-testid="home-coupons-more">
          更多 ›
        </Link>
      </h2>
      <ul className={styles.list}>
        {shown.map((c) => (
          <li key={c.templateId} className={c.state === 'CLAIMABLE' ? styles.coupon : `${styles.coupon} ${styles.dim}`} data-testid="home-coupon">
            <div className={styles.face}>
              <span className={styles.figure}>{c.faceText}</span>
              <span className={styles.threshold}>{c.thresholdText}</span>
            </div>
            <div className={styles.body}>
              <div className={styles.name} title={c.name} data-testid="home-coupon-name">
                {c.name}
              </div>
              <div className={styles.rule}>
                {c.ruleText} · {c.scopeText}
              </div>
              <ClaimButton coupon={c} claim={claim} pending={pendingId === c.templateId} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
