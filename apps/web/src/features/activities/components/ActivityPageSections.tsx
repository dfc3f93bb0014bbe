import { Progress } from 'antd';
import { Link } from 'react-router';
import { formatFen, type ActivityGoodsCard, type ActivityPageSection, type ActivityWindow, type ClaimableCoupon } from '@mall/shared';
import { CouponTicket } from '../../../components/CouponTicket.tsx';
import { useClaimCoupon } from '../../../lib/coupons.ts';
import { formatHms, hmsParts, secondsOf, useCountdown } from '../../../lib/serverClock.ts';
import { CouponClaimButton } from '../../../components/CouponCenter.tsx';
import { GoodsImage } from '../../../components/GoodsCard.tsx';
import styles from './ActivityPage.module.css';

/**
 * The sections of an activity page, each drawn from what the server resolved: a banner, a countdown
 * from the activity's window by the server's clock, the activity's goods cards, coupons claimable in
 * place, and text (React text, never HTML).
 */

type Section<T extends ActivityPageSection['type']> = Extract<ActivityPageSection, { type: T }>;

function BannerSection({ s, title }: { s: Section<'banner'>; title: string }) {
  const img = <img src={s.image} alt={title} />;
  if (!s.link) return <div className={styles.banner}>{img}</div>;
  return (
    <Link to={s.link} className={styles.banner} data-testid="activity-banner">
      {img}
    </Link>
  );
}

/** 距开始 / 距结束 ticking by the server's clock; the page is read again when the moment comes. */
function Clock({ activity, onReached }: { activity: ActivityWindow; onReached?: () => void }) {
  const upcoming = activity.phase === 'UPCOMING';
  const running = activity.phase === 'RUNNING' || activity.phase === 'SOLD_OUT';
  const ms = useCountdown(upcoming ? activity.startsAt : running ? activity.endsAt : null, onReached);
  if (!upcoming && !running) return <span data-testid="activity-clock">活动已结束</span>;
  const p = hmsParts(secondsOf(ms));
  const digit = styles.digit;
  return (
    <span className={styles.countdownClock} data-testid="activity-clock" role="timer" aria-live="off">
      <span>{upcoming ? '距开始' : '距结束'}</span>
      {p.days > 0 ? <span>{p.days}天</span> : null}
      <span className={digit}>{p.h}</span>:<span className={digit}>{p.m}</span>:<span className={digit}>{p.s}</span>
    </span>
  );
}

/** The goods grid's own line: 进行中 · 距结束 01:02:03, in one line of text. */
function SectionClock({ activity }: { activity: ActivityWindow }) {
  const upcoming = activity.phase === 'UPCOMING';
  const running = activity.phase === 'RUNNING' || activity.phase === 'SOLD_OUT';
  const ms = useCountdown(upcoming ? activity.startsAt : running ? activity.endsAt : null);
  return (
    <span className={styles.sectionClock}>
      {activity.phaseText}
      {upcoming || running ? ` · ${upcoming ? '距开始' : '距结束'} ${formatHms(secondsOf(ms))}` : ''}
    </span>
  );
}

function CountdownSection({ s, onReached }: { s: Section<'countdown'>; onReached: () => void }) {
  return (
    <div className={styles.countdown} data-testid="activity-countdown">
      <div>
        <div className={styles.countdownTitle}>{s.label}</div>
        <div>
          {s.activity.kindText} · {s.activity.title} · {s.activity.phaseText}
        </div>
      </div>
      <Clock activity={s.activity} onReached={onReached} />
    </div>
  );
}

const detailPath = (g: ActivityGoodsCard) => `/activityGoodsDetail?activityId=${g.activityId}&skuId=${g.skuId}`;

function ActivityGoods({ g }: { g: ActivityGoodsCard }) {
  const running = g.phase === 'RUNNING';
  return (
    <Link to={detailPath(g)} className={styles.card} data-testid="activity-goods-card" title={g.goodsName}>
      <div className={styles.cardImage}>
        <GoodsImage src={g.image} alt={g.goodsName} />
        <span className={`${styles.phase} ${running ? '' : styles.phaseMuted}`}>{g.phaseText}</span>
      </div>
      <div className={styles.cardBody}>
        <div className={styles.name}>{g.goodsName}</div>
        <div className={styles.prices}>
          <span className={styles.price} aria-label={`${g.kindText}价 ${formatFen(g.activityPriceFen)}`}>
            {formatFen(g.activityPriceFen)}
          </span>
          <span className={styles.usual} aria-label={`原价 ${formatFen(g.usualPriceFen)}`}>
            {formatFen(g.usualPriceFen)}
          </span>
        </div>
        {g.soldPercent !== null ? (
          <div className={styles.progress}>
            <Progress
              percent={g.soldPercent}
              showInfo={false}
              size="small"
              strokeColor="#c41d2f"
              style={{ margin: 0, flex: 1 }}
              aria-label={`已抢${g.soldPercent}%`}
            />
            <span style={{ whiteSpace: 'nowrap' }}>已抢{g.soldPercent}%</span>
          </div>
        ) : null}
        <div className={styles.cardAction}>
          {/* The whole card is the link (no button nested in it); this says what it leads to. */}
          <span className={`${styles.buy} ${running ? styles.buyHot : ''}`}>{running ? '立即抢购' : '去看看'}</span>
        </div>
      </div>
    </Link>
  );
}

function GoodsSection({ s }: { s: Section<'goods'> }) {
  return (
    <section className={styles.section} data-testid="activity-goods">
      <div className={styles.sectionHead}>
        <h2>{s.title}</h2>
        <SectionClock activity={s.activity} />
      </div>
      <ul className={styles.grid}>
        {s.goods.map((g) => (
          <li key={`${g.activityId}-${g.skuId}`}>
            <ActivityGoods g={g} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function CouponsSection({ coupons }: { coupons: ClaimableCoupon[] }) {
  const { claim, pendingId } = useClaimCoupon();
  return (
    <section className={styles.section} data-testid="activity-coupons">
      <h2>领取优惠券</h2>
      <ul className={styles.coupons}>
        {coupons.map((c) => (
          <li key={c.templateId}>
            <CouponTicket
              coupon={c}
              validityText={c.validityText}
              dim={c.state === 'SOLD_OUT'}
              testId="activity-coupon"
              action={<CouponClaimButton coupon={c} claim={claim} pending={pendingId === c.templateId} />}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function RichTextSection({ s }: { s: Section<'richText'> }) {
  return (
    <section className={`${styles.section} ${styles.text}`} data-testid="activity-text">
      {s.blocks.map((b, i) => (b.type === 'heading' ? <h3 key={i}>{b.text}</h3> : <p key={i}>{b.text}</p>))}
    </section>
  );
}

export function ActivityPageSections({ sections, title, onMoment }: { sections: ActivityPageSection[]; title: string; onMoment: () => void }) {
  return (
    <>
      {sections.map((s, i) => {
        switch (s.type) {
          case 'banner':
            return <BannerSection key={i} s={s} title={title} />;
          case 'countdown':
            return <CountdownSection key={i} s={s} onReached={onMoment} />;
          case 'goods':
            return <GoodsSection key={i} s={s} />;
          case 'coupons':
            return <CouponsSection key={i} coupons={s.coupons} />;
          case 'richText':
            return <RichTextSection key={i} s={s} />;
        }
      })}
    </>
  );
}
