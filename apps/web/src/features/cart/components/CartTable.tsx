import { Button, Popconfirm, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
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
  onSelectAll: (selected: boolean) => void;
  onQuantity: (line: CartLine, quantity: number) => Promise<unknown>;
  onRemove: (line: CartLine) => Promise<unknown>;
}

function GoodsCell({ line, dim = false }: { line: CartLine; dim?: boolean }) {
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
      <GoodsThumb src={line.image} alt={line.goodsName} dim={dim} />
      <div style={{ minWidth: 0 }}>
        <Link to={`/goodsDetail?id=${line.goodsId}`} style={{ color: dim ? '#6b6b6b' : '#333' }} data-testid="cart-line-name">
          {line.goodsName}
        </Link>
        {line.specText ? <div style={{ color: '#6b6b6b', fontSize: 12, marginTop: 4 }}>{line.specText}</div> : null}
        {line.isCrossBorder ? (
          <Tag color="blue" style={{ marginTop: 4 }}>
            跨境商品
          </Tag>
        ) : null}
      </div>
    </div>
  );
}

function PriceCell({ line }: { line: CartLine }) {
  return (
    <div>
      <div>{formatFen(line.price)}</div>
      <LineActivity line={line} />
      {line.priceChange ? (
        <div style={{ fontSize: 12, color: line.priceChange === 'DOWN' ? '#237804' : '#d0252b' }} data-testid="cart-price-change">
          比加入时{line.priceChangeText} {formatFen(line.priceDiff)}
        </div>
      ) : null}
    </div>
  );
}

/** The buyable (and temporarily short) lines: selection, price notes, quantity, subtotal, remove. */
export function CartTable({ lines, busy, onSelect, onSelectAll, onQuantity, onRemove }: Props) {
  const columns: TableColumnsType<CartLine> = [
    { title: '商品', key: 'goods', render: (_, l) => <GoodsCell line={l} /> },
    { title: '单价', key: 'price', width: 150, render: (_, l) => <PriceCell line={l} /> },
    {
      title: '数量',
      key: 'quantity',
      width: 170,
      render: (_, l) => (
        <div>
          <QuantityStepper value={l.quantity} max={l.maxQuantity} disabled={busy} label={`${l.goodsName} 的数量`} onCommit={(q) => onQuantity(l, q)} />
          {l.state === 'LOW_STOCK' ? (
            <div style={{ color: '#d0252b', fontSize: 12, marginTop: 4 }}>库存不足，最多可买 {l.maxQuantity} 件</div>
          ) : l.stock <= 10 ? (
            <div style={{ color: '#ad4e00', fontSize: 12, marginTop: 4 }}>仅剩 {l.stock} 件</div>
          ) : null}
        </div>
      ),
    },
    {
      title: '小计',
      key: 'amount',
      width: 130,
      render: (_, l) => (
        <Typography.Text strong style={{ color: '#d0252b' }} data-testid="cart-line-amount">
          {formatFen(l.lineAmount)}
        </Typography.Text>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, l) => (
        <Popconfirm title="删除商品" description="确定从购物车删除这件商品吗？" okText="删除" cancelText="取消" onConfirm={() => onRemove(l)}>
          <Button type="link" size="small" danger>
            删除
          </Button>
        </Popconfirm>
      ),
    },
  ];
  return (
    <Table
      rowKey="id"
      columns={columns}
      dataSource={lines}
      pagination={false}
      data-testid="cart-table"
      rowSelection={{
        selectedRowKeys: lines.filter((l) => l.selected && l.purchasable).map((l) => l.id),
        getCheckboxProps: (l) => ({ disabled: !l.purchasable || busy, 'aria-label': `选择 ${l.goodsName}` }),
        onSelect: (l, selected) => onSelect(l, selected),
        onSelectAll: (selected) => onSelectAll(selected),
        getTitleCheckboxProps: () => ({ 'aria-label': '全选' }),
        columnTitle: undefined,
      }}
    />
  );
}

/** 已下架 / 已售罄 lines, greyed, each with its reason; only removal is offered. */
export function InvalidLines({ lines, onRemove, onClear, clearing }: { lines: CartLine[]; onRemove: (l: CartLine) => Promise<unknown>; onClear: () => void; clearing: boolean }) {
  return (
    <div style={{ marginTop: 24 }} data-testid="cart-invalid">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 8 }}>
        <span style={{ color: '#666' }}>失效商品 {lines.length} 件</span>
        <Popconfirm title="清空失效商品" description="确定清空所有已下架、已售罄的商品吗？" okText="清空" cancelText="取消" onConfirm={onClear}>
          <Button size="small" loading={clearing}>
            清空失效商品
          </Button>
        </Popconfirm>
      </div>
      {lines.map((l) => (
        <div key={l.id} style={{ display: 'flex', alignItems: 'center', gap: 16, padding: '12px 16px', background: '#fafafa', borderBottom: '1px solid #f0f0f0' }}>
          <Tag>{l.stateText}</Tag>
          <div style={{ flex: 1 }}>
            <GoodsCell line={l} dim />
          </div>
          <span style={{ color: '#6b6b6b', width: 120 }}>{formatFen(l.price)}</span>
          <Space>
            <Popconfirm title="删除商品" okText="删除" cancelText="取消" onConfirm={() => onRemove(l)}>
              <Button type="link" size="small" danger>
                删除
              </Button>
            </Popconfirm>
          </Space>
        </div>
      ))}
    </div>
  );
}
