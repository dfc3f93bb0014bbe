import { Button, Pagination, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { Link, useSearchParams } from 'react-router';
import {
  AFTERSALE_STATES,
  AFTERSALE_TABS,
  AFTERSALE_TYPES,
  afterSaleStatusName,
  DEFAULT_PAGE_SIZE,
  formatFen,
  type AfterSale,
  type AfterSaleStatus,
} from '@mall/shared';
import { GoodsThumb } from '../../../components/GoodsThumb.tsx';
import { EmptyState, Loading, Panel } from '../../../components/Panel.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { formatTime } from '../../../lib/format.ts';
import { useAfterSales } from '../api/getAfterSales.ts';

const columns: TableColumnsType<AfterSale> = [
  {
    title: '商品',
    key: 'goods',
    render: (_, a) => (
      <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
        <GoodsThumb src={a.goods.image} alt={a.goods.name} size={56} />
        <div style={{ minWidth: 0 }}>
          <div>{a.goods.name}</div>
          <div style={{ color: '#6b6b6b', fontSize: 12 }}>{a.goods.specText}</div>
        </div>
      </div>
    ),
  },
  {
    title: '售后单号',
    key: 'no',
    width: 200,
    render: (_, a) => (
      <div>
        <div>{a.afterSaleNo}</div>
        <div style={{ color: '#6b6b6b', fontSize: 12 }}>{formatTime(a.createdAt, 'YYYY-MM-DD HH:mm')}</div>
      </div>
    ),
  },
  { title: '类型', key: 'type', width: 90, render: (_, a) => AFTERSALE_TYPES[a.type] ?? a.typeText },
  { title: '数量', dataIndex: 'quantity', width: 60 },
  { title: '退款金额', key: 'refund', width: 110, render: (_, a) => <span style={{ color: '#d0252b' }}>{formatFen(a.refundAmount)}</span> },
  {
    title: '状态',
    key: 'status',
    width: 110,
    render: (_, a) => (
      <Tag color={AFTERSALE_STATES[a.status]?.color} data-testid="after-sale-status">
        {afterSaleStatusName(a.status)}
      </Tag>
    ),
  },
  {
    title: '操作',
    key: 'actions',
    width: 90,
    render: (_, a) => (
      <Link to={`/user/order/afterSaleOrderDetail/${a.id}`}>
        <Button type="link" size="small">
          查看详情
        </Button>
      </Link>
    ),
  },
];

/** /user/order/afterSaleOrder: the member's after-sale requests by status, 10 a page. */
export default function AfterSaleOrderPage() {
  const [params, setParams] = useSearchParams();
  const status = AFTERSALE_TABS.find((t) => t.status === params.get('status'))?.status ?? 'ALL';
  const pageNum = Math.max(1, Number(params.get('page')) || 1);
  const list = useAfterSales({ status, pageNum });
  const go = (s: 'ALL' | AfterSaleStatus, page = 1) => {
    const p = new URLSearchParams();
    if (s !== 'ALL') p.set('status', s);
    if (page > 1) p.set('page', String(page));
    setParams(p);
  };

  return (
    <Panel title="售后订单">
      <Tabs activeKey={status} onChange={(k) => go(k as 'ALL' | AfterSaleStatus)} items={AFTERSALE_TABS.map((t) => ({ key: t.status, label: t.name }))} />
      {list.isLoading ? (
        <Loading />
      ) : list.isError || !list.data ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.list.length === 0 ? (
        <EmptyState text="暂无售后记录" action={<Link to="/user/order/myOrder"><Button>查看我的订单</Button></Link>} />
      ) : (
        <>
          <Table rowKey="id" columns={columns} dataSource={list.data.list} pagination={false} scroll={{ x: 760 }} loading={list.isFetching} data-testid="after-sale-table" />
          <div style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 16 }}>
            <Pagination
              current={list.data.pageNum}
              pageSize={DEFAULT_PAGE_SIZE}
              total={list.data.total}
              showSizeChanger={false}
              hideOnSinglePage
              showTotal={(t) => `共 ${t} 条`}
              onChange={(page) => go(status, page)}
            />
          </div>
        </>
      )}
    </Panel>
  );
}
