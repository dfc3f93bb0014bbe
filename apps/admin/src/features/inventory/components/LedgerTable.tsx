import { useState } from 'react';
import { Button, Input, InputNumber, Select, Tag, Tooltip, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import {
  STOCK_LEDGER_KINDS,
  STOCK_LEDGER_KIND_LIST,
  type ConsoleStockLedgerRow,
  type StockLedgerKind,
} from '@mall/shared';
import { QueryTable } from '../../../components/QueryTable.tsx';
import { formatTime } from '../../../lib/format.ts';
import { useLedger, type LedgerQuery } from '../api/getLedger.ts';
import styles from './inventory.module.css';
import { serverPagination } from '../../../lib/pagination.ts';

const PAGE_SIZES = [20, 50];
const KIND_COLORS: Record<StockLedgerKind, string> = {
  sale: 'blue',
  cancel: 'default',
  refund: 'purple',
  return: 'cyan',
  adjustment: 'gold',
  activity_reserve: 'red',
  activity_release: 'green',
};

/** Where a ledger row's reference leads: an after-sale number to 售后, an order number to 订单. */
function RefLink({ refNo }: { refNo: string | null }) {
  if (!refNo) return <span className={styles.muted}>—</span>;
  const to = refNo.startsWith('AS') ? `/aftersales?status=ALL&as=${refNo}` : `/orders?order=${refNo}`;
  return (
    <Link className={styles.mono} to={to}>
      {refNo}
    </Link>
  );
}

/** 库存流水: every change of a SKU's stock with the stock after it, why, and who. */
export function LedgerTable({
  query,
  onChange,
}: {
  query: LedgerQuery;
  onChange: (patch: Partial<LedgerQuery>) => void;
}) {
  const page = useLedger(query);
  const [goodsId, setGoodsId] = useState<number | null>(query.goodsId ?? null);
  const [skuId, setSkuId] = useState<number | null>(query.skuId ?? null);
  const [refNo, setRefNo] = useState(query.refNo ?? '');
  const apply = () =>
    onChange({
      goodsId: goodsId ?? undefined,
      skuId: skuId ?? undefined,
      refNo: refNo.trim() || undefined,
      pageNum: 1,
    });

  const columns: TableColumnsType<ConsoleStockLedgerRow> = [
    {
      title: '时间',
      dataIndex: 'createdAt',
      width: 160,
      render: (t: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(t, 'YYYY-MM-DD HH:mm:ss')}</span>,
    },
    {
      title: '商品',
      key: 'goods',
      render: (_, r) => (
        <div style={{ minWidth: 0 }}>
          <div className={styles.goodsName}>{r.goodsName ?? <span className={styles.muted}>商品已删除</span>}</div>
          <div className={styles.sub}>
            {r.specText || '默认规格'} · 规格编号 {r.skuId}
          </div>
        </div>
      ),
    },
    {
      title: '类型',
      dataIndex: 'kind',
      width: 92,
      render: (k: StockLedgerKind, r) => <Tag color={KIND_COLORS[k]}>{r.kindText}</Tag>,
    },
    {
      title: '变动',
      dataIndex: 'change',
      width: 72,
      align: 'right',
      render: (n: number) => <span className={n > 0 ? styles.plus : styles.minus}>{n > 0 ? `+${n}` : n}</span>,
    },
    {
      title: <Tooltip title="这次变动后的库存">结存</Tooltip>,
      dataIndex: 'stockAfter',
      width: 72,
      align: 'right',
    },
    { title: '关联单号', dataIndex: 'refNo', width: 190, render: (no: string | null) => <RefLink refNo={no} /> },
    { title: '操作人', dataIndex: 'operator', width: 120 },
    {
      title: '原因',
      dataIndex: 'reason',
      width: 160,
      ellipsis: { showTitle: false },
      render: (r: string | null) =>
        r ? (
          <Tooltip title={r}>
            <span>{r}</span>
          </Tooltip>
        ) : (
          <span className={styles.muted}>—</span>
        ),
    },
  ];

  return (
    <>
      <div className={styles.toolbar}>
        <Select
          allowClear
          placeholder="全部类型"
          style={{ width: 130 }}
          value={query.kind}
          onChange={(kind?: StockLedgerKind) => onChange({ kind, pageNum: 1 })}
          options={STOCK_LEDGER_KIND_LIST.map((k) => ({ value: k, label: STOCK_LEDGER_KINDS[k] }))}
        />
        <InputNumber
          placeholder="商品编号"
          min={1}
          precision={0}
          value={goodsId}
          onChange={setGoodsId}
          onPressEnter={apply}
          style={{ width: 130 }}
        />
        <InputNumber
          placeholder="规格编号"
          min={1}
          precision={0}
          value={skuId}
          onChange={setSkuId}
          onPressEnter={apply}
          style={{ width: 130 }}
        />
        <Input
          allowClear
          placeholder="订单号 / 售后单号"
          value={refNo}
          maxLength={40}
          onChange={(e) => setRefNo(e.target.value)}
          onPressEnter={apply}
          style={{ width: 230 }}
        />
        <Button type="primary" onClick={apply}>
          查询
        </Button>
        {query.goodsId || query.skuId || query.refNo || query.kind ? (
          <Button
            onClick={() => {
              setGoodsId(null);
              setSkuId(null);
              setRefNo('');
              onChange({ goodsId: undefined, skuId: undefined, refNo: undefined, kind: undefined, pageNum: 1 });
            }}
          >
            重置
          </Button>
        ) : null}
      </div>
      <QueryTable<ConsoleStockLedgerRow>
        query={page}
        rowKey="id"
        columns={columns}
        locale={{ emptyText: '没有库存变动记录' }}
        pagination={serverPagination({
          pageNum: query.pageNum,
          pageSize: query.pageSize,
          total: page.data?.total,
          totalText: (total) => `共 ${total} 条流水`,
          onChange: (p, size) => onChange({ pageNum: p, pageSize: size }),
          pageSizes: PAGE_SIZES,
        })}
      />
    </>
  );
}
