import { Table, Tag, type TableColumnsType } from 'antd';
import { formatFen, type CheckoutQuoteItem } from '@mall/shared';
import { GoodsThumb } from '../../../components/GoodsThumb.tsx';

const columns: TableColumnsType<CheckoutQuoteItem> = [
  {
    title: '商品',
    key: 'goods',
    render: (_, i) => (
      <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
        <GoodsThumb src={i.image} alt={i.goodsName} size={64} />
        <div>
          <div data-testid="checkout-item-name">{i.goodsName}</div>
          {i.specText ? <div style={{ color: '#6b6b6b', fontSize: 12 }}>{i.specText}</div> : null}
          {i.isCrossBorder ? <Tag color="blue">跨境商品</Tag> : null}
        </div>
      </div>
    ),
  },
  { title: '单价', key: 'price', width: 130, render: (_, i) => formatFen(i.unitPrice) },
  { title: '数量', dataIndex: 'quantity', width: 90 },
  {
    title: '小计',
    key: 'amount',
    width: 130,
    render: (_, i) => <span style={{ color: '#d0252b' }}>{formatFen(i.goodsAmount)}</span>,
  },
];

export function QuoteItems({ items }: { items: CheckoutQuoteItem[] }) {
  return <Table rowKey="skuId" columns={columns} dataSource={items} pagination={false} size="middle" />;
}
