import type { ReactNode } from 'react';
import { Table, Tag, type TableColumnsType } from 'antd';
import { formatFen, type CheckoutQuoteItem, type CheckoutRedemption } from '@mall/shared';
import { GoodsThumb } from '../../../components/GoodsThumb.tsx';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { redemptionPriceText } from '../lib/points.ts';

/** How a line's unit price and 小计 read: money, or for a redemption 「N 积分 + ¥x」 and its total. */
interface LinePrices {
  unit: (i: CheckoutQuoteItem) => ReactNode;
  amount: (i: CheckoutQuoteItem) => ReactNode;
}

/**
 * A line priced by a running activity (秒杀 bought with 立即抢购, a 限时折扣) shows the activity's price with
 * its tag and the usual price struck through, and 小计 at that price; the server's 优惠 row carries the difference.
 */
const moneyPrices: LinePrices = {
  unit: (i) =>
    i.activity && i.activity.priceFen < i.unitPrice ? (
      <span>
        <span data-testid="checkout-item-price">{formatFen(i.activity.priceFen)}</span>{' '}
        <Tag color="red" style={{ marginInlineEnd: 0 }}>
          {i.activity.kindText}
        </Tag>{' '}
        <s style={{ color: '#666', fontSize: 12 }} aria-label={`原价 ${formatFen(i.unitPrice)}`}>
          {formatFen(i.unitPrice)}
        </s>
      </span>
    ) : (
      <span data-testid="checkout-item-price">{formatFen(i.unitPrice)}</span>
    ),
  amount: (i) => formatFen(i.activity && i.activity.priceFen < i.unitPrice ? i.activity.priceFen * i.quantity : i.goodsAmount),
};

/** A redemption's one line: the points price (+ cash) a unit, and the points (+ the line's cash, the server's payable) in all. */
function redemptionPrices(r: CheckoutRedemption): LinePrices {
  return {
    unit: () => <span data-testid="checkout-redeem-price">{redemptionPriceText(r)}</span>,
    amount: (i) => <span data-testid="checkout-redeem-total">{i.payable > 0 ? `${r.points} 积分 + ${formatFen(i.payable)}` : `${r.points} 积分`}</span>,
  };
}

function GoodsCell({ i }: { i: CheckoutQuoteItem }) {
  return (
    <>
      <div data-testid="checkout-item-name">{i.goodsName}</div>
      {i.specText ? <div style={{ color: '#6b6b6b', fontSize: 12 }}>{i.specText}</div> : null}
      {i.isCrossBorder ? <Tag color="blue">跨境商品</Tag> : null}
    </>
  );
}

function columns(p: LinePrices, redeeming: boolean): TableColumnsType<CheckoutQuoteItem> {
  return [
    {
      title: '商品',
      key: 'goods',
      render: (_, i) => (
        <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
          <GoodsThumb src={i.image} alt={i.goodsName} size={64} />
          <div>
            <GoodsCell i={i} />
          </div>
        </div>
      ),
    },
    { title: redeeming ? '兑换价' : '单价', key: 'price', width: redeeming ? 180 : 130, render: (_, i) => p.unit(i) },
    { title: '数量', dataIndex: 'quantity', width: 90 },
    {
      title: '小计',
      key: 'amount',
      width: redeeming ? 200 : 130,
      render: (_, i) => <span style={{ color: '#d0252b' }}>{p.amount(i)}</span>,
    },
  ];
}

/** On a phone: picture, name, spec, price × quantity, 小计 — no table wider than the screen. */
function QuoteCards({ items, p }: { items: CheckoutQuoteItem[]; p: LinePrices }) {
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="商品清单">
      {items.map((i) => (
        <li key={i.skuId} style={{ display: 'flex', gap: 8, padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
          <GoodsThumb src={i.image} alt={i.goodsName} size={64} />
          <div style={{ flex: 1, minWidth: 0 }}>
            <GoodsCell i={i} />
            <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: '0 8px', marginTop: 4 }}>
              <span>
                {p.unit(i)} × {i.quantity}
              </span>
              <span style={{ color: '#d0252b' }}>{p.amount(i)}</span>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The goods of the quote; for a redemption priced in points (+ cash) rather than money. */
export function QuoteItems({ items, redemption }: { items: CheckoutQuoteItem[]; redemption?: CheckoutRedemption | null }) {
  const phone = useIsPhone();
  const p = redemption ? redemptionPrices(redemption) : moneyPrices;
  if (phone) return <QuoteCards items={items} p={p} />;
  return <Table rowKey="skuId" columns={columns(p, Boolean(redemption))} dataSource={items} pagination={false} size="middle" />;
}
