import { useState } from 'react';
import { Button, Input, InputNumber, Space, Table, Tooltip, type TableColumnsType } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import { formatCount } from '../../../lib/format.ts';
import type { SpecDef } from '../../../entities/goods/types.ts';
import { yuanToFen } from '@mall/shared';
import { fenToYuan, type GridRow } from '../lib/sku-grid.ts';
import styles from './GoodsForm.module.css';

const PRICE_MAX_YUAN = 1_000_000;
const STOCK_MAX = 100_000_000;

type Bulk = { price: number | null; marketPrice: number | null; stock: number | null };

/**
 * The SKU grid: one row per combination, with 售价, 市场价, 库存 and SKU 编码, and 批量设置 to fill
 * a column at once. A saved SKU's stock is shown but changed only in 库存 (with a reason).
 */
export function SkuGrid({
  dims,
  rows,
  onChange,
  onRemove,
}: {
  dims: SpecDef[];
  rows: GridRow[];
  onChange: (rows: GridRow[]) => void;
  onRemove: (key: string) => void;
}) {
  const [bulk, setBulk] = useState<Bulk>({ price: null, marketPrice: null, stock: null });
  const set = (key: string, patch: Partial<GridRow>) =>
    onChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const apply = () =>
    onChange(
      rows.map((r) => ({
        ...r,
        ...(bulk.price !== null ? { price: yuanToFen(bulk.price) } : {}),
        ...(bulk.marketPrice !== null ? { marketPrice: yuanToFen(bulk.marketPrice) } : {}),
        ...(bulk.stock !== null && r.id === undefined ? { stock: bulk.stock } : {}),
      })),
    );

  const columns: TableColumnsType<GridRow> = [
    ...dims.map((d) => ({
      title: d.name,
      key: `dim-${d.name}`,
      width: 110,
      render: (_: unknown, r: GridRow) => <span className={styles.specCell}>{r.specs[d.name]}</span>,
    })),
    ...(dims.length === 0
      ? [{ title: '规格', key: 'default', width: 110, render: () => <span className={styles.muted}>默认</span> }]
      : []),
    {
      title: <span className={styles.required}>售价（元）</span>,
      key: 'price',
      width: 150,
      render: (_, r, i) => (
        <InputNumber
          min={0.01}
          max={PRICE_MAX_YUAN}
          precision={2}
          prefix="¥"
          value={fenToYuan(r.price)}
          onChange={(v) => set(r.key, { price: yuanToFen(v) })}
          status={r.price === null ? 'warning' : undefined}
          aria-label={`第 ${i + 1} 行售价`}
          style={{ width: '100%' }}
        />
      ),
    },
    {
      title: (
        <Tooltip title="划线价，高于售价时显示；不设请填 0">
          <span>
            市场价（元） <InfoCircleOutlined className={styles.muted} />
          </span>
        </Tooltip>
      ),
      key: 'marketPrice',
      width: 150,
      render: (_, r, i) => (
        <InputNumber
          min={0}
          max={PRICE_MAX_YUAN}
          precision={2}
          prefix="¥"
          value={fenToYuan(r.marketPrice)}
          onChange={(v) => set(r.key, { marketPrice: yuanToFen(v) })}
          aria-label={`第 ${i + 1} 行市场价`}
          style={{ width: '100%' }}
        />
      ),
    },
    {
      title: <span className={styles.required}>库存</span>,
      key: 'stock',
      width: 130,
      render: (_, r, i) =>
        r.id !== undefined ? (
          <Tooltip title="已有 SKU 的库存请在「库存」中调整（需填写原因）">
            <span className={styles.lockedStock}>{formatCount(r.stock)}</span>
          </Tooltip>
        ) : (
          <InputNumber
            min={0}
            max={STOCK_MAX}
            precision={0}
            value={r.stock}
            onChange={(v) => set(r.key, { stock: v ?? null })}
            status={r.stock === null ? 'warning' : undefined}
            aria-label={`第 ${i + 1} 行库存`}
            style={{ width: '100%' }}
          />
        ),
    },
    {
      title: 'SKU 编码',
      key: 'code',
      width: 170,
      render: (_, r, i) => (
        <Input
          value={r.code}
          maxLength={40}
          placeholder="留空自动生成"
          onChange={(e) => set(r.key, { code: e.target.value.replace(/[^A-Za-z0-9_-]/g, '') })}
          aria-label={`第 ${i + 1} 行 SKU 编码`}
        />
      ),
    },
    {
      title: '操作',
      key: 'action',
      width: 70,
      render: (_, r) =>
        rows.length > 1 ? (
          <Button type="link" size="small" onClick={() => onRemove(r.key)}>
            删除
          </Button>
        ) : null,
    },
  ];

  return (
    <div className={styles.grid}>
      <Space wrap className={styles.bulk} aria-label="批量设置">
        <span className={styles.bulkLabel}>批量设置</span>
        <InputNumber
          placeholder="售价"
          min={0.01}
          max={PRICE_MAX_YUAN}
          precision={2}
          prefix="¥"
          value={bulk.price}
          onChange={(v) => setBulk({ ...bulk, price: v })}
          aria-label="批量售价"
        />
        <InputNumber
          placeholder="市场价"
          min={0}
          max={PRICE_MAX_YUAN}
          precision={2}
          prefix="¥"
          value={bulk.marketPrice}
          onChange={(v) => setBulk({ ...bulk, marketPrice: v })}
          aria-label="批量市场价"
        />
        <InputNumber
          placeholder="库存"
          min={0}
          max={STOCK_MAX}
          precision={0}
          value={bulk.stock}
          onChange={(v) => setBulk({ ...bulk, stock: v })}
          aria-label="批量库存"
        />
        <Button onClick={apply} disabled={bulk.price === null && bulk.marketPrice === null && bulk.stock === null}>
          应用到全部
        </Button>
        <span className={styles.hint}>共 {rows.length} 个 SKU</span>
      </Space>
      <Table<GridRow>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content', y: 520 }}
      />
    </div>
  );
}
