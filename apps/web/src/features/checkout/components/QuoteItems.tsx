import { Table, Tag, type TableColumnsType } from 'antd';
import { formatFen, type CheckoutQuoteItem } from '@mall/shared';
import { GoodsThumb } from '../../../components/GoodsThumb.tsx';
import { useIsPhone } from '../../../lib/useIsPhone.ts';

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

/** On a phone: picture, name, spec, price × quantity, 小计 — no table wider than the screen. */
function QuoteCards({ items }: { items: CheckoutQuoteItem[] }) {
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="商品清单">
      {items.map((i) => (
        <li key={i.skuId} style={{ display: 'flex', gap: 8, padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
          <GoodsThumb src={i.image} alt={i.goodsName} size={64} />
          <div style={{ flex: 1, minWidth: 0 }}>
            <div data-testid="checkout-item-name">{i.goodsName}</div>
            {i.specText ? <div style={{ color: '#6b6b6b', fontSize: 12 }}>{i.specText}</div> : null}
            {i.isCrossBorder ? <Tag color="blue">跨境商品</Tag> : null}
            <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 4 }}>
              <span>
                {formatFen(i.unitPrice)} × {i.quantity}
              </span>
              <span style={{ color: '#d0252b' }}>{formatFen(i.goodsAmount)}</span>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function QuoteItems({ items }: { items: CheckoutQuoteItem[] }) {
  const phone = useIsPhone();
  if (phone) return <QuoteCards items={items} />;
  return <Table rowKey="skuId" columns={columns} dataSource={items} pagination={false} size="middle" />;
}
