import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { formatFen, type ActivityGoodsCard, type FlashSaleSession } from '@mall/shared';
import { flashSaleSessionsKey, useFlashSaleSessions } from '../../../lib/useFlashSaleSessions.ts';
import { countdownOf } from '../../../lib/activityCountdown.ts';
import { activityGoodsHref, flashSaleHref } from '../../../lib/catalogLinks.ts';
import { defaultSession, sessionChip } from '../../../lib/flashSaleSessions.ts';
import { Countdown } from '../../../components/Countdown.tsx';
import { GoodsImage } from '../../../components/GoodsCard.tsx';
import styles from './FlashSaleStrip.module.css';

/** One row of the strip on a PC; the rest are in the 会场 (更多). */
const STRIP_GOODS = 5;

function GoodsCell({ g }: { g: ActivityGoodsCard }) {
  return (
    <li className={styles.item}>
      <Link to={activityGoodsHref(g)} className={styles.card} data-testid="flash-goods" aria-label={`${g.goodsName} 秒杀价 ${formatFen(g.activityPriceFen)}`}>
        <GoodsImage src={g.image} alt="" className={styles.image} />
        <span className={styles.name}>{g.goodsName}</span>
        <span className={styles.prices}>
          <b className={styles.price}>{formatFen(g.activityPriceFen)}</b>
          <del className={styles.usual}>{formatFen(g.usualPriceFen)}</del>
        </span>
        {g.phase === 'UPCOMING' ? (
          <span className={styles.soon}>即将开始</span>
        ) : g.phase === 'SOLD_OUT' ? (
          <span className={styles.soon}>已抢光</span>
        ) : (
          <span className={styles.progress}>
            <span className={styles.bar} aria-hidden>
              <span style={{ width: `${g.soldPercent ?? 0}%` }} />
            </span>
            已抢{g.soldPercent ?? 0}%
          </span>
        )}
      </Link>
    </li>
  );
}

/**
 * 秒杀 on the home page: today's sessions as chips (10:00 已开抢 / 14:00 抢购中 / 20:00 即将开始 …), the
 * chosen one's countdown (距结束 or 距开始, by the server's clock) and its goods; 更多 opens the 秒杀
 * 会场 (/flashSale) on the session shown. Nothing at all when there is no session or the call fails. Loaded after the first screen.
 */
export default function FlashSaleStrip() {
  const { data } = useFlashSaleSessions();
  const client = useQueryClient();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const sessions = data?.sessions.filter((s) => s.goods.length > 0) ?? [];
  const shown: FlashSaleSession | undefined = sessions.find((s) => s.activityId === chosenId) ?? defaultSession(sessions);
  if (!data || !shown) return null;
  const cd = countdownOf(shown.phase, shown);
  const refresh = () => void client.invalidateQueries({ queryKey: flashSaleSessionsKey });
  return (
    <section className={styles.strip} aria-labelledby="home-flash-title" data-testid="home-flash">
      <div className={styles.head}>
        <h2 className={styles.title} id="home-flash-title">
          秒杀
        </h2>
        <span className={styles.sessionTitle} data-testid="home-flash-session">
          {shown.title}
        </span>
        {cd ? <Countdown key={`${shown.activityId}-${cd.at}`} label={cd.label} at={cd.at} onReached={refresh} testId="home-flash-countdown" /> : <span>本场已结束</span>}
        <Link to={flashSaleHref(shown.activityId)} className={styles.more} data-testid="home-flash-more">
          更多 ›
        </Link>
      </div>
      {sessions.length > 1 ? (
        <div className={styles.chips} role="tablist" aria-label="秒杀场次">
          {sessions.map((s) => {
            const chip = sessionChip(s, data.now);
            const on = s.activityId === shown.activityId;
            return (
              <button
                key={s.activityId}
                type="button"
                role="tab"
                aria-selected={on}
                className={on ? `${styles.chip} ${styles.chipOn}` : styles.chip}
                onClick={() => setChosenId(s.activityId)}
                data-testid="home-flash-chip"
              >
                <b>{chip.time}</b>
                <span>{chip.state}</span>
              </button>
            );
          })}
        </div>
      ) : null}
      <ul className={styles.list}>
        {shown.goods.slice(0, STRIP_GOODS).map((g) => (
          <GoodsCell key={g.skuId} g={g} />
        ))}
      </ul>
    </section>
  );
}
