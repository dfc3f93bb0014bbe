import { Button, DatePicker, Segmented, Table, Tag, type TableColumnsType } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { formatFen, type CommissionStatusCode, type DistributionOrder, type DistributionProgramme } from '@mall/shared';
import { GoodsThumb } from '../../../components/GoodsThumb.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { EmptyState, Loading, Panel } from '../../../components/Panel.tsx';
import { dayjs, formatTime } from '../../../lib/format.ts';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { ORDERS_PAGE_SIZE, useDistributionOrders } from '../api/orders.ts';
import { Pager } from './Pager.tsx';
import { COMMISSION_TAG_COLORS, PROGRAMMES } from './programme.ts';
import styles from './distribution.module.css';

const STATES: { value: 'ALL' | CommissionStatusCode; label: string }[] = [
  { value: 'ALL', label: '全部' },
  { value: 'FROZEN', label: '冻结中' },
  { value: 'SETTLED', label: '已结算' },
  { value: 'REVERSED', label: '已退回' },
];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function Goods({ order }: { order: DistributionOrder }) {
  const first = order.lines[0];
  if (!first) return null;
  const count = order.lines.reduce((n, l) => n + l.quantity, 0);
  return (
    <div className={styles.goodsLine}>
      <GoodsThumb src={first.image} alt={first.goodsName} size={52} />
      <div>
        <div className={styles.goodsName}>{first.goodsName}</div>
        <div className={styles.muted}>
          {order.lines.length > 1 ? `等 ${order.lines.length} 种商品，` : ''}共 {count} 件
        </div>
      </div>
    </div>
  );
}

function StatusTag({ text }: { text: string }) {
  return (
    <Tag color={COMMISSION_TAG_COLORS[text]} data-testid="commission-status">
      {text}
    </Tag>
  );
}

/** 分销订单 / 推广订单: the orders that earned the member commission, by state and time. */
export function OrdersView({ programme }: { programme: DistributionProgramme }) {
  const meta = PROGRAMMES[programme];
  const phone = useIsPhone();
  const [params, setParams] = useSearchParams();
  const status = STATES.find((s) => s.value === params.get('status'))?.value ?? 'ALL';
  const from = DAY.test(params.get('from') ?? '') ? params.get('from')! : undefined;
  const to = DAY.test(params.get('to') ?? '') ? params.get('to')! : undefined;
  const pageNum = Math.max(1, Number(params.get('page')) || 1);
  const orders = useDistributionOrders(programme, {
    status: status === 'ALL' ? undefined : status,
    from,
    to,
    pageNum,
  });

  const go = (next: { status?: string; from?: string; to?: string; page?: number }) => {
    const merged = { status, from, to, page: 1, ...next };
    const p = new URLSearchParams();
    if (merged.status && merged.status !== 'ALL') p.set('status', merged.status);
    if (merged.from) p.set('from', merged.from);
    if (merged.to) p.set('to', merged.to);
    if (merged.page > 1) p.set('page', String(merged.page));
    setParams(p, { replace: true });
  };

  const columns: TableColumnsType<DistributionOrder> = [
    { title: '商品', key: 'goods', render: (_, o) => <Goods order={o} /> },
    {
      title: '订单号',
      key: 'no',
      width: 210,
      render: (_, o) => (
        <div>
          <div>{o.orderNo}</div>
          <div className={styles.muted}>{formatTime(o.createdAt, 'YYYY-MM-DD HH:mm')}</div>
        </div>
      ),
    },
    { title: '买家', dataIndex: 'buyerName', width: 90 },
    {
      title: '佣金',
      key: 'commission',
      width: 110,
      render: (_, o) => <span className={styles.money}>{formatFen(o.netCommissionFen)}</span>,
    },
    { title: '状态', key: 'status', width: 90, render: (_, o) => <StatusTag text={o.statusText} /> },
    {
      title: '操作',
      key: 'op',
      width: 90,
      render: (_, o) => (
        <Link to={meta.orderDetail(o.orderNo)} aria-label={`查看订单 ${o.orderNo} 的佣金详情`}>
          查看详情
        </Link>
      ),
    },
  ];

  const dateFilters = phone ? (
    <div style={{ display: 'flex', gap: 8 }}>
      <DatePicker
        aria-label="开始日期"
        placeholder="开始日期"
        inputReadOnly
        style={{ flex: 1, minWidth: 0 }}
        value={from ? dayjs(from) : null}
        onChange={(d) => go({ from: d ? d.format('YYYY-MM-DD') : undefined })}
      />
      <DatePicker
        aria-label="结束日期"
        placeholder="结束日期"
        inputReadOnly
        style={{ flex: 1, minWidth: 0 }}
        value={to ? dayjs(to) : null}
        onChange={(d) => go({ to: d ? d.format('YYYY-MM-DD') : undefined })}
      />
    </div>
  ) : (
    <DatePicker.RangePicker
      aria-label="下单时间"
      placeholder={['开始日期', '结束日期']}
      value={from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null}
      allowEmpty={[true, true]}
      onChange={(range) =>
        go({ from: range?.[0]?.format('YYYY-MM-DD') ?? undefined, to: range?.[1]?.format('YYYY-MM-DD') ?? undefined })
      }
    />
  );

  const data = orders.data;
  return (
    <Panel title={`${meta.name}订单`}>
      <div className={styles.filters}>
        <Segmented
          aria-label="佣金状态"
          value={status}
          options={STATES}
          onChange={(v) => go({ status: v })}
          block={phone}
        />
        {dateFilters}
      </div>
      {orders.isPending ? (
        <Loading />
      ) : orders.isError || !data ? (
        <LoadError error={orders.error} onRetry={() => void orders.refetch()} />
      ) : data.list.length === 0 ? (
        <EmptyState
          text={status === 'ALL' && !from && !to ? `还没有${meta.name}订单，去分享商品吧` : '没有符合条件的订单'}
          action={
            <Link to={meta.goods}>
              <Button type="primary">去分享商品</Button>
            </Link>
          }
        />
      ) : phone ? (
        <ul className={styles.cardList} data-testid="distribution-orders">
          {data.list.map((o) => (
            <li key={o.orderNo} className={styles.rowCard} data-testid="distribution-order">
              <div className={styles.rowHead}>
                <span className={styles.muted}>订单号 {o.orderNo}</span>
                <StatusTag text={o.statusText} />
              </div>
              <Goods order={o} />
              <div className={styles.kv} style={{ marginTop: 8 }}>
                <span>买家</span>
                <span>{o.buyerName}</span>
              </div>
              <div className={styles.kv}>
                <span>下单时间</span>
                <span>{formatTime(o.createdAt, 'YYYY-MM-DD HH:mm')}</span>
              </div>
              <div className={styles.kv}>
                <span>佣金</span>
                <span className={styles.money}>{formatFen(o.netCommissionFen)}</span>
              </div>
              <div style={{ textAlign: 'right', marginTop: 4 }}>
                <Link to={meta.orderDetail(o.orderNo)}>
                  <Button size="small">查看详情</Button>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <Table
          rowKey="orderNo"
          columns={columns}
          dataSource={data.list}
          pagination={false}
          loading={orders.isFetching && !orders.isPending}
          scroll={{ x: 760 }}
          data-testid="distribution-orders"
          onRow={() => ({ 'data-testid': 'distribution-order' }) as React.HTMLAttributes<HTMLElement>}
        />
      )}
      {data ? <Pager pageNum={data.pageNum} pageSize={ORDERS_PAGE_SIZE} total={data.total} onChange={(page) => go({ page })} /> : null}
    </Panel>
  );
}
