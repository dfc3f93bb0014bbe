import { Button } from 'antd';
import { BellFilled, BellOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { formatFen, type ActivityGoodsCard } from '@mall/shared';
import { GoodsImage } from '../../../components/GoodsCard.tsx';
import { activityGoodsHref } from '../../../lib/catalogLinks.ts';
import { channelAction, soldBar } from '../lib/flashSaleChannel.ts';
import styles from './FlashSaleChannel.module.css';

/**
 * One goods of the 秒杀 会场: picture and name (to its activity goods page), 秒杀价 beside 原价 struck
 * through, 已抢 x% with a bar and 仅剩 N 件, and the button for the session's phase.
 */
export function FlashChannelGoods({
  g,
  reminded,
  busy,
  onRemind,
}: {
  g: ActivityGoodsCard;
  reminded: boolean;
  busy: boolean;
  /** 提醒我 (true) or 取消提醒 (false) pressed. */
  onRemind: (on: boolean) => void;
}) {
  const href = activityGoodsHref(g);
  const action = channelAction(g, reminded);
  const bar = soldBar(g);
  return (
    <li className={styles.goods} data-testid="flash-channel-goods">
      <Link to={href} className={styles.picture} tabIndex={-1} aria-hidden>
        <GoodsImage src={g.image} alt="" className={styles.image} />
        {action.kind === 'soldOut' ? <span className={styles.soldOutMark}>已抢光</span> : null}
      </Link>
      <div className={styles.info}>
        <Link to={href} className={styles.name} title={g.goodsName}>
          {g.goodsName}
        </Link>
        <div className={styles.prices}>
          <span className={styles.priceLabel}>秒杀价</span>
          <b className={styles.price} data-testid="flash-channel-price">
            {formatFen(g.activityPriceFen)}
          </b>
          <del className={styles.usual} aria-label={`原价 ${formatFen(g.usualPriceFen)}`}>
            {formatFen(g.usualPriceFen)}
          </del>
        </div>
        <div className={styles.progress} data-testid="flash-channel-progress">
          <span
            className={styles.bar}
            role="progressbar"
            aria-label="已抢比例"
            aria-valuenow={bar.percent}
            aria-valuemin={0}
            aria-valuemax={100}
          >
            <span style={{ width: `${bar.percent}%` }} />
          </span>
          <span className={styles.sold}>{bar.text}</span>
          {bar.left && action.kind !== 'soldOut' ? <span className={styles.left}>{bar.left}</span> : null}
        </div>
        <div className={styles.action}>
          {action.kind === 'buy' ? (
            <Link to={href} className={styles.buy} data-testid="flash-channel-buy">
              {action.label}
            </Link>
          ) : action.kind === 'remind' || action.kind === 'reminded' ? (
            <Button
              className={action.kind === 'remind' ? styles.remind : styles.reminded}
              icon={action.kind === 'remind' ? <BellOutlined /> : <BellFilled />}
              loading={busy}
              onClick={() => onRemind(action.kind === 'remind')}
              aria-label={action.kind === 'reminded' ? `${g.goodsName} 已设置提醒，点击取消提醒` : `${g.goodsName} 提醒我`}
              data-testid="flash-channel-remind"
            >
              {action.label}
            </Button>
          ) : (
            <span className={styles.off} data-testid="flash-channel-off">
              {action.label}
            </span>
          )}
        </div>
      </div>
    </li>
  );
}
