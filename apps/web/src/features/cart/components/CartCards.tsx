import { Button, Checkbox, Popconfirm, Tag } from 'antd';
import { Link } from 'react-router';
import { formatFen } from '@mall/shared';
import { GoodsThumb } from '../../../components/GoodsThumb.tsx';
import type { CartLine } from '../types.ts';
import { LineActivity } from './LineActivity.tsx';
import { QuantityStepper } from './QuantityStepper.tsx';

interface Props {
  lines: CartLine[];
  busy: boolean;
  onSelect: (line: CartLine, selected: boolean) => void;
  onQuantity: (line: CartLine, quantity: number) => Promise<unknown>;
  onRemove: (line: CartLine) => Promise<unknown>;
}

/** The cart's lines on a phone: one card per line (box, picture, name, spec, price, quantity, 删除). */
export function CartCards({ lines, busy, onSelect, onQuantity, onRemove }: Props) {
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="cart-cards" aria-label="购物车商品">
      {lines.map((l) => (
        <li key={l.id} style={{ display: 'flex', gap: 8, alignItems: 'flex-start', padding: '12px 0', borderBottom: '1px solid #f0f0f0' }}>
          <Checkbox
            checked={l.selected && l.purchasable}
            disabled={!l.purchasable || busy}
            aria-label={`选择 ${l.goodsName}`}
            onChange={(e) => onSelect(l, e.target.checked)}
            style={{ marginTop: 28 }}
          />
          <GoodsThumb src={l.image} alt={l.goodsName} size={72} />
          <div style={{ flex: 1, minWidth: 0 }}>
            <Link
              to={`/goodsDetail?id=${l.goodsId}`}
              data-testid="cart-line-name"
              style={{ color: '#333', display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
            >
              {l.goodsName}
            </Link>
            {l.specText ? <div style={{ color: '#6b6b6b', fontSize: 12, marginTop: 2 }}>{l.specText}</div> : null}
            {l.isCrossBorder ? <Tag color="blue">跨境商品</Tag> : null}
            {l.priceChange ? (
              <div style={{ fontSize: 12, color: l.priceChange === 'DOWN' ? '#237804' : '#d0252b' }} data-testid="cart-price-change">
                比加入时{l.priceChangeText} {formatFen(l.priceDiff)}
              </div>
            ) : null}
            {l.state === 'LOW_STOCK' ? <div style={{ color: '#d0252b', fontSize: 12 }}>库存不足，最多可买 {l.maxQuantity} 件</div> : null}
            <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 8, marginTop: 6 }}>
              <div>
                <b style={{ color: '#d0252b' }}>{formatFen(l.price)}</b>
                <LineActivity line={l} />
                <div style={{ fontSize: 12, color: '#6b6b6b' }}>
                  小计 <span data-testid="cart-line-amount">{formatFen(l.lineAmount)}</span>
                </div>
              </div>
              <QuantityStepper value={l.quantity} max={l.maxQuantity} disabled={busy} label={`${l.goodsName} 的数量`} onCommit={(q) => onQuantity(l, q)} />
            </div>
            <div style={{ textAlign: 'right' }}>
              <Popconfirm title="删除商品" description="确定从购物车删除这件商品吗？" okText="删除" cancelText="取消" onConfirm={() => onRemove(l)}>
                <Button type="link" size="small" danger style={{ paddingRight: 0 }}>
                  删除
                </Button>
              </Popconfirm>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
