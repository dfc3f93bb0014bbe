import { Link } from 'react-router';
import { formatFen, type ActivityGoodsCard } from '@mall/shared';
import { useServerOffset, serverOffset } from '../../../lib/serverClock.ts';
import { useGoodsActivities, useServerClock } from '../api/getGoodsActivities.ts';
import { countdownOf } from '../../../lib/activityCountdown.ts';
import { activityGoodsHref } from '../../../lib/catalogLinks.ts';
import { Countdown } from '../../../components/Countdown.tsx';
import styles from './ActivityGoodsBanner.module.css';

/** The card the banner shows: the chosen SKU's activity, else the goods' first (running before upcoming). */
export function bannerCard(cards: ActivityGoodsCard[], skuId: number | undefined): ActivityGoodsCard | undefined {
  const live = cards.filter((c) => c.phase !== 'ENDED');
  const order = (c: ActivityGoodsCard) => (c.phase === 'UPCOMING' ? 1 : 0);
  const sorted = [...live].sort((a, b) => order(a) - order(b));
  return (skuId ? sorted.find((c) => c.skuId === skuId) : undefined) ?? sorted[0];
}

/**
 * What the goods page asks for its price: a running 限时折扣 prices the SKU (the cart and the checkout
 * price it the same way), so the page shows that price with the usual one struck through. A 秒杀's
 * price is not the page's: it is bought with 立即抢购 on its own page (the banner leads there).
 */
export function discountedPrice(cards: ActivityGoodsCard[] | undefined, skuId: number | undefined, fallbackFen: number): { priceFen: number; usualFen: number } | null {
  const running = (cards ?? []).filter((c) => c.kind === 'TIME_DISCOUNT' && c.phase === 'RUNNING');
  if (skuId) {
    const c = running.find((x) => x.skuId === skuId);
    return c ? { priceFen: c.activityPriceFen, usualFen: c.usualPriceFen } : null;
  }
  const lowest = running.reduce<ActivityGoodsCard | undefined>((m, c) => (!m || c.activityPriceFen < m.activityPriceFen ? c : m), undefined);
  return lowest && lowest.activityPriceFen < fallbackFen ? { priceFen: lowest.activityPriceFen, usualFen: fallbackFen } : null;
}

export function useDiscountedPrice(goodsId: number, skuId: number | undefined, fallbackFen: number) {
  return discountedPrice(useGoodsActivities(goodsId).data, skuId, fallbackFen);
}

/**
 * Under the goods page's price: 秒杀 ¥x · 距结束 01:02:03 (or 距开始) → /activityGoodsDetail, or the running
 * 限时折扣 with its end. The countdown goes by the server's clock, asked for once when no reply has set it.
 */
export function ActivityGoodsBanner({ goodsId, skuId, variant }: { goodsId: number; skuId: number | undefined; variant: 'pc' | 'phone' }) {
  const cards = useGoodsActivities(goodsId).data;
  useServerOffset();
  const card = cards ? bannerCard(cards, skuId) : undefined;
  useServerClock(Boolean(card) && !serverOffset().known);
  if (!card) return null;
  const cd = countdownOf(card.phase, card);
  const flash = card.kind === 'FLASH_SALE';
  return (
    <Link to={activityGoodsHref(card)} className={`${styles.banner} ${variant === 'phone' ? styles.phone : ''}`} data-testid="goods-activity-banner">
      <span className={styles.kind}>{card.kindText}</span>
      <span className={styles.text}>
        {card.phase === 'UPCOMING' ? '即将开始 ' : ''}
        {flash || card.phase === 'UPCOMING' ? (
          <b data-testid="goods-activity-price">{formatFen(card.activityPriceFen)}</b>
        ) : (
          card.title
        )}
        {flash && card.phase === 'SOLD_OUT' ? ' 已抢光' : ''}
      </span>
      {cd ? <Countdown key={cd.at} label={cd.label} at={cd.at} testId="goods-activity-countdown" /> : null}
      <span className={styles.go}>{flash ? '去抢购 ›' : '查看 ›'}</span>
    </Link>
  );
}
