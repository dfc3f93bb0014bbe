import { Tag, Tooltip } from 'antd';
import { formatCount } from '../../../lib/format.ts';
import type { GoodsRow } from '../../../entities/goods/types.ts';
import styles from './GoodsList.module.css';

/** Total stock with 低库存 (some SKU at or under the threshold) or 售罄 called out. */
export function StockCell({ row, lowStock }: { row: GoodsRow; lowStock: number }) {
  if (row.stockState === 'soldOut') {
    return (
      <span className={styles.stock}>
        <span className={styles.stockOut}>0</span>
        <Tag color="error" variant="filled">
          售罄
        </Tag>
      </span>
    );
  }
  if (row.stockState === 'low') {
    return (
      <Tooltip
        title={`${row.skuCount > 1 ? `${row.skuCount} 个 SKU 中最少的` : '仅'}剩 ${row.minSkuStock} 件（不超过 ${lowStock} 件即为低库存）`}
      >
        <span className={styles.stock}>
          <span>{formatCount(row.stock)}</span>
          <Tag color="warning" variant="filled">
            {row.minSkuStock === 0 ? '部分售罄' : `低库存 · 剩 ${row.minSkuStock}`}
          </Tag>
        </span>
      </Tooltip>
    );
  }
  return <span className={styles.stock}>{formatCount(row.stock)}</span>;
}
