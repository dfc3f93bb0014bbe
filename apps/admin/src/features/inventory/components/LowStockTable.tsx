import { useState } from 'react';
import { Button, Input, InputNumber, Select, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { LOW_STOCK_DEFAULT_THRESHOLD, type ConsoleSkuStock } from '@mall/shared';
import { QueryTable } from '../../../components/QueryTable.tsx';
import { formatFen } from '../../../lib/format.ts';
import { usePermission } from '../../../lib/permission.tsx';
import { useLowStock, type LowStockQuery } from '../api/getLowStock.ts';
import { AdjustStockModal } from './AdjustStockModal.tsx';
import styles from './inventory.module.css';
import { serverPagination } from '../../../lib/pagination.ts';

/** 低库存: SKUs at or below a threshold, fewest first, each with 调整库存 and its 流水. */
export function LowStockTable({
  query,
  onChange,
  onShowLedger,
}: {
  query: LowStockQuery;
  onChange: (patch: Partial<LowStockQuery>) => void;
  onShowLedger: (skuId: number) => void;
}) {
  const page = useLowStock(query);
  const canAdjust = usePermission('inventory:adjust');
  const [adjusting, setAdjusting] = useState<ConsoleSkuStock | null>(null);
  const [threshold, setThreshold] = useState<number | null>(query.threshold);
  const [keyword, setKeyword] = useState(query.keyword ?? '');

  const columns: TableColumnsType<ConsoleSkuStock> = [
    {
      title: '商品',
      key: 'goods',
      render: (_, s) => (
        <div className={styles.goodsCell}>
          {s.image ? <img className={styles.thumb} src={s.image} alt="" loading="lazy" /> : null}
          <div style={{ minWidth: 0 }}>
            <div className={styles.goodsName}>{s.goodsName}</div>
            <div className={styles.sub}>
              商品编号 {s.goodsId} · 规格编号 {s.skuId}
            </div>
          </div>
        </div>
      ),
    },
    {
      title: '规格',
      dataIndex: 'specText',
      width: 200,
      render: (t: string) => t || <span className={styles.muted}>默认规格</span>,
    },
    { title: '售价', dataIndex: 'price', width: 100, align: 'right', render: (f: number) => formatFen(f) },
    {
      title: '上架',
      dataIndex: 'onShelf',
      width: 80,
      render: (on: boolean) => (on ? <Tag color="green">在售</Tag> : <Tag>已下架</Tag>),
    },
    {
      title: '库存',
      dataIndex: 'stock',
      width: 100,
      align: 'right',
      render: (n: number) =>
        n === 0 ? (
          <Tooltip title="已售罄">
            <span className={styles.stockOut}>0</span>
          </Tooltip>
        ) : (
          <span className={n <= Math.min(query.threshold, 5) ? styles.stockLow : styles.stock}>{n}</span>
        ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_, s) => (
        <Space size={0}>
          {canAdjust ? (
            <Button type="link" size="small" onClick={() => setAdjusting(s)}>
              调整库存
            </Button>
          ) : null}
          <Button type="link" size="small" onClick={() => onShowLedger(s.skuId)}>
            流水
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <div className={styles.toolbar}>
        <InputNumber
          prefix="库存 ≤"
          min={0}
          max={100_000_000}
          precision={0}
          value={threshold}
          onChange={setThreshold}
          onPressEnter={() => onChange({ threshold: threshold ?? LOW_STOCK_DEFAULT_THRESHOLD, pageNum: 1 })}
          style={{ width: 140 }}
          aria-label="库存阈值"
        />
        <Input
          allowClear
          placeholder="商品名称"
          style={{ width: 220 }}
          maxLength={50}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          onPressEnter={() =>
            onChange({
              keyword: keyword.trim() || undefined,
              threshold: threshold ?? LOW_STOCK_DEFAULT_THRESHOLD,
              pageNum: 1,
            })
          }
        />
        <Select
          allowClear
          placeholder="全部上架状态"
          style={{ width: 150 }}
          value={query.onShelf === undefined ? undefined : query.onShelf ? 'on' : 'off'}
          onChange={(v?: string) => onChange({ onShelf: v === undefined ? undefined : v === 'on', pageNum: 1 })}
          options={[
            { value: 'on', label: '在售' },
            { value: 'off', label: '已下架' },
          ]}
        />
        <Button
          type="primary"
          onClick={() =>
            onChange({
              keyword: keyword.trim() || undefined,
              threshold: threshold ?? LOW_STOCK_DEFAULT_THRESHOLD,
              pageNum: 1,
            })
          }
        >
          查询
        </Button>
      </div>
      <QueryTable<ConsoleSkuStock>
        query={page}
        rowKey="skuId"
        columns={columns}
        locale={{ emptyText: `没有库存不超过 ${query.threshold} 件的商品规格` }}
        pagination={serverPagination({
          pageNum: query.pageNum,
          pageSize: query.pageSize,
          total: page.data?.total,
          totalText: (total) => `共 ${total} 个规格库存不超过 ${query.threshold} 件`,
          onChange: (p, size) => onChange({ pageNum: p, pageSize: size }),
        })}
      />
      <AdjustStockModal sku={adjusting} onClose={() => setAdjusting(null)} />
    </>
  );
}
