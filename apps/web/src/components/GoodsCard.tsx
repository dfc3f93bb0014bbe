import { PictureOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { formatFen } from '@mall/shared';
import { Placeholder } from './Placeholder.tsx';
import { Highlight, highlightText } from '../lib/highlight.tsx';
import { useIsPhone } from '../lib/useIsPhone.ts';
import type { GoodsCard as Card } from '../lib/catalogTypes.ts';
import styles from './GoodsCard.module.css';

/** Sales as a shop shows them: 2.3万+ rather than 23456. */
export function formatSales(sales: number): string {
  if (sales >= 10_000) return `${Math.floor(sales / 1000) / 10}万+`;
  return String(sales);
}

export function GoodsImage({ src, alt, className }: { src: string | null | undefined; alt: string; className?: string }) {
  if (!src) {
    return (
      <div className={`${styles.noImage} ${className ?? ''}`} aria-label={alt}>
        <PictureOutlined />
      </div>
    );
  }
  return <img src={src} alt={alt} className={className} loading="lazy" />;
}

/**
 * A goods in a grid or strip. On a phone (CSS below 768 px) the title comes first in two lines, then
 * the red price with the sales beside it, as H5 shops show them; `className` sizes it in a strip.
 */
export function GoodsCard({ goods, rank, className }: { goods: Card; rank?: number; className?: string }) {
  const plain = goods.nameHighlight ? highlightText(goods.nameHighlight) : goods.name;
  return (
    <Link to={`/goodsDetail?id=${goods.id}`} className={`${styles.card} ${className ?? ''}`} data-testid="goods-card" title={plain}>
      <div className={styles.cardImage}>
        <GoodsImage src={goods.image} alt={plain} />
        {rank ? <span className={styles.rank}>TOP{rank}</span> : null}
      </div>
      <div className={styles.cardBody}>
        <div className={styles.cardPrice}>
          <span className={styles.price} data-testid="card-price">
            {formatFen(goods.price)}
          </span>
          {goods.marketPrice > goods.price ? <del className={styles.marketPrice}>{formatFen(goods.marketPrice)}</del> : null}
        </div>
        <div className={styles.cardName} data-testid="card-name">
          {goods.nameHighlight ? <Highlight html={goods.nameHighlight} className={styles.hit} /> : goods.name}
        </div>
        {goods.storeName ? (
          <div className={styles.cardStore} data-testid="card-store">
            {goods.storeName}
          </div>
        ) : null}
        <div className={styles.cardSales}>已售 {formatSales(goods.sales)}</div>
      </div>
    </Link>
  );
}

export function GoodsCardSkeleton() {
  return (
    <div className={styles.card} data-testid="goods-card-skeleton">
      <Placeholder className={styles.skeletonImage}>
        <PictureOutlined style={{ fontSize: 32, color: '#ddd' }} />
      </Placeholder>
      <div className={styles.cardBody}>
        <Placeholder width="50%" />
        <Placeholder />
        <Placeholder width="40%" />
      </div>
    </div>
  );
}

/** `columns` on a PC; two on a phone (the H5 shops' goods feed). */
export function GoodsGrid({ children, columns = 5 }: { children: React.ReactNode; columns?: number }) {
  const phone = useIsPhone();
  return (
    <div
      className={styles.grid}
      style={{ gridTemplateColumns: `repeat(${phone ? 2 : columns}, minmax(0, 1fr))` }}
      data-testid="goods-grid"
    >
      {children}
    </div>
  );
}
