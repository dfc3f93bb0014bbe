import type { ReactNode } from 'react';
import { Checkbox } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { formatFen } from '@mall/shared';
import type { GoodsSummary } from '../api/types.ts';
import styles from './engagement.module.css';

/** The mark a goods carries now: gone, off the shelf, or sold out (null when it can be bought). */
export function goodsMark(goods: GoodsSummary | null): string | null {
  if (!goods) return '商品已失效';
  if (!goods.onShelf) return '已下架';
  if (goods.soldOut) return '已售罄';
  return null;
}

interface Props {
  goods: GoodsSummary | null;
  selecting: boolean;
  selected: boolean;
  onToggle: () => void;
  onOpen: () => void;
  /** A per-card action shown on hover outside select mode (取消收藏, 删除). */
  action?: ReactNode;
  testId: string;
}

/** A goods card of the member area: picture, name, current price and its shelf state; greyed when unavailable. */
export function GoodsTile({ goods, selecting, selected, onToggle, onOpen, action, testId }: Props) {
  const mark = goodsMark(goods);
  const name = goods?.name ?? '该商品已不存在';
  const className = [styles.card, mark ? styles.inactive : '', selected ? styles.selected : ''].join(' ');
  return (
    <div
      className={className}
      data-testid={testId}
      data-goods-id={goods?.id}
      role="button"
      tabIndex={0}
      title={name}
      onClick={selecting ? onToggle : onOpen}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          (selecting ? onToggle : onOpen)();
        }
      }}
    >
      {selecting ? (
        <Checkbox
          className={styles.check}
          checked={selected}
          aria-label={`选择 ${name}`}
          onClick={(e) => e.stopPropagation()}
          onChange={onToggle}
        />
      ) : action ? (
        <span className={styles.remove} onClick={(e) => e.stopPropagation()}>
          {action}
        </span>
      ) : null}
      <div className={styles.image}>
        {goods?.image ? (
          <img src={goods.image} alt={name} loading="lazy" />
        ) : (
          <div className={styles.noImage}>
            <PictureOutlined />
          </div>
        )}
        {mark ? (
          <span className={styles.mark} data-testid="goods-mark">
            {mark}
          </span>
        ) : null}
      </div>
      <div className={styles.body}>
        <div className={styles.name}>{name}</div>
        <div className={styles.priceRow}>
          {goods ? (
            <>
              <span className={styles.price} data-testid="tile-price">
                {formatFen(goods.price)}
              </span>
              {goods.marketPrice > goods.price ? (
                <del className={styles.market}>{formatFen(goods.marketPrice)}</del>
              ) : null}
            </>
          ) : (
            <span className={styles.market}>暂无价格</span>
          )}
        </div>
      </div>
    </div>
  );
}
