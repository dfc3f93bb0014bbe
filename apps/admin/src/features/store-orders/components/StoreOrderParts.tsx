import { Table } from 'antd';
import { GoodsThumb } from '../../../components/GoodsThumb.tsx';
import { formatFen } from '../../../lib/format.ts';
import type { StoreOrderLine } from '@mall/shared';
import styles from './store-orders.module.css';

/** This store's lines of an order: picture, name and spec, unit price, quantity. */
export function LinesTable({ lines }: { lines: StoreOrderLine[] }) {
  return (
    <Table<StoreOrderLine>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={lines}
      columns={[
        {
          title: '商品',
          key: 'goods',
          render: (_, l) => (
            <div className={styles.goodsCell}>
              <GoodsThumb src={l.image} />
              <div className={styles.goodsText}>
                <div className={styles.goodsName}>{l.name}</div>
                <div className={styles.sub}>{l.specText || '默认规格'}</div>
              </div>
            </div>
          ),
        },
        { title: '单价', dataIndex: 'unitPrice', width: 100, align: 'right', render: (f: number) => formatFen(f) },
        { title: '数量', dataIndex: 'quantity', width: 70, align: 'center' },
        {
          title: '实付',
          key: 'paid',
          width: 100,
          align: 'right',
          render: (_, l) => formatFen(l.paidShare),
        },
      ]}
    />
  );
}
