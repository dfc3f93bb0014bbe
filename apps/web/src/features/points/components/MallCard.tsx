import type { PointsMallCard } from '@mall/shared';
import { PictureOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { pointsPriceText } from '../lib/price.ts';
import styles from './points.module.css';

/** One points-mall goods as a tile: picture, name, points (+ cash), and why it cannot be redeemed now. */
export function MallCard({ goods }: { goods: PointsMallCard }) {
  return (
    <Link to={`/points/mallDetail?id=${goods.id}`} className={styles.card} data-testid="points-mall-card" aria-label={goods.name}>
      <div className={styles.image}>
        {goods.image ? (
          <img src={goods.image} alt="" loading="lazy" />
        ) : (
          <div style={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <PictureOutlined style={{ fontSize: 40, color: '#ccc' }} />
          </div>
        )}
        {goods.unavailable ? <div className={styles.mask}>{goods.soldOut ? '已兑完' : '已下架'}</div> : null}
      </div>
      <div className={styles.body}>
        <div className={styles.name}>{goods.name}</div>
        <div className={styles.points} data-testid="points-mall-card-price">{pointsPriceText(goods.pointsPrice, goods.cashFen)}</div>
        <div className={styles.meta}>
          <span>已兑 {goods.redeemed}</span>
          <span>剩余 {goods.stock}</span>
        </div>
      </div>
    </Link>
  );
}
