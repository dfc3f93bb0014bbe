import { Table, Tag } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { ORDER_STATES, orderStatusName } from '@mall/shared';
import { formatFen } from '../../../lib/format.ts';
import type { StoreOrderLine } from '@mall/shared';
import styles from './store-orders.module.css';

/** An order's status in the colour of the shared state table. */
export function StatusTag({ status }: { status: string }) {
  const color = (ORDER_STATES as Record<string, { color: string }>)[status]?.color;
  return (
    <Tag color={color} variant="outlined" style={{ marginInlineEnd: 0 }}>
      {orderStatusName(status)}
    </Tag>
  );
}

export function Thumb({ src, size = 44 }: { src: string | null; size?: number }) {
  if (!src) {
    return (
      <span className={styles.thumbEmpty} style={{ width: size, height: size }}>
        <PictureOutlined />
      </span>
    );
  }
  return <img className={styles.thumb} style={{ width: size, height: size }} src={src} alt="" loading="lazy" />;
}

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
              <Thumb src={l.image} />
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
