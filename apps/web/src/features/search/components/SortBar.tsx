import type { ReactNode } from 'react';
import { ArrowDownOutlined, ArrowUpOutlined, SwapOutlined } from '@ant-design/icons';
import type { SortKey } from '../types.ts';
import styles from './list.module.css';

/**
 * 综合 / 销量 / 价格 (click again to reverse) / 新品, and how many goods there are. `compact` (a phone):
 * one row of equal tabs with `children` (the 筛选 button) at the end instead of the count.
 */
export function SortBar({
  sort,
  onSort,
  total,
  capped,
  compact = false,
  children,
}: {
  sort: SortKey;
  onSort: (s: SortKey) => void;
  total?: number;
  capped?: boolean;
  compact?: boolean;
  children?: ReactNode;
}) {
  const price = sort === 'priceAsc' || sort === 'priceDesc';
  const item = (key: SortKey, label: React.ReactNode, active: boolean, next: SortKey = key) => (
    <button type="button" className={active ? styles.sortOn : styles.sort} aria-pressed={active} onClick={() => onSort(next)}>
      {label}
    </button>
  );
  return (
    <div className={compact ? `${styles.sortBar} ${styles.sortCompact}` : styles.sortBar} data-testid="sort-bar">
      {item('comprehensive', '综合', sort === 'comprehensive')}
      {item('sales', '销量', sort === 'sales')}
      {item(
        'priceAsc',
        <>
          价格 {sort === 'priceDesc' ? <ArrowDownOutlined /> : sort === 'priceAsc' ? <ArrowUpOutlined /> : <SwapOutlined rotate={90} />}
        </>,
        price,
        sort === 'priceAsc' ? 'priceDesc' : 'priceAsc',
      )}
      {item('newest', '新品', sort === 'newest')}
      {children}
      {total !== undefined && !compact ? (
        <span className={styles.total}>
          共 <b>{total}</b>
          {capped ? '+' : ''} 件商品
        </span>
      ) : null}
    </div>
  );
}
