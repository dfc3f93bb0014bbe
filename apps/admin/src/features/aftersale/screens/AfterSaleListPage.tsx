import { useState } from 'react';
import { Button, Tabs, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import {
  AFTERSALE_STATES,
  AFTERSALE_STATUSES,
  OPEN_AFTERSALE_STATUSES,
  type AfterSaleStatus,
  type ConsoleAfterSaleRow,
} from '@mall/shared';
import { ListSearch } from '../../../components/ListSearch.tsx';
import { QueryTable } from '../../../components/QueryTable.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { formatFen, formatTime } from '../../../lib/format.ts';
import { useAfterSalePage, type AfterSaleQuery } from '../api/getAfterSalePage.ts';
import { AfterSaleDetailDrawer } from '../components/AfterSaleDetailDrawer.tsx';
import { AfterSaleNav } from '../components/AfterSaleNav.tsx';
import { AfterSaleStatusTag } from '../components/AfterSaleStatusTag.tsx';
import { RejectModal } from '../components/RejectModal.tsx';
import styles from '../components/aftersale.module.css';
import { serverPagination } from '../../../lib/pagination.ts';
import { useListParams } from '../../../lib/useListParams.ts';

const TABS: ('ALL' | AfterSaleStatus)[] = [...AFTERSALE_STATUSES, 'ALL'];
/** Statuses in which the shop has the next step: their counts stand out. */
const SHOP_TURN: readonly string[] = ['PENDING_REVIEW', 'PENDING_MERCHANT_RECEIPT', 'REFUNDING'];
const OPEN: readonly string[] = OPEN_AFTERSALE_STATUSES;
/** How long a request has waited: 12 分钟, 5 小时, 3 天. */
function waited(iso: string, now = Date.now()): string {
  const minutes = Math.max(1, Math.floor((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} 分钟`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} 小时`;
  return `${Math.floor(minutes / (24 * 60))} 天`;
}

const isTab = (s: string | null): s is 'ALL' | AfterSaleStatus => Boolean(s) && (TABS as string[]).includes(s!);

function useQueueState() {
  const { params, page, update } = useListParams();
  const status = params.get('status');
  const query: AfterSaleQuery = {
    status: isTab(status) ? status : 'PENDING_REVIEW',
    keyword: params.get('keyword') || undefined,
    ...page,
  };
  return { query, update, open: params.get('as') };
}

function TabLabel({ status, count }: { status: 'ALL' | AfterSaleStatus; count?: number }) {
  const name = status === 'ALL' ? '全部' : AFTERSALE_STATES[status].name;
  const hot = SHOP_TURN.includes(status) && (count ?? 0) > 0;
  return (
    <span>
      {name}
      <span className={`${styles.tabCount} ${hot ? styles.tabCountWaiting : ''}`}>{count ?? '·'}</span>
    </span>
  );
}

/** 售后审核: the queue by status (waiting ones oldest first), detail with the shop's next step. */
export default function AfterSaleListPage() {
  const { query, update, open } = useQueueState();
  const page = useAfterSalePage(query);
  const [rejecting, setRejecting] = useState<string | null>(null);
  const waitingTab = SHOP_TURN.includes(query.status);

  const columns: TableColumnsType<ConsoleAfterSaleRow> = [
    {
      title: '售后单',
      key: 'no',
      width: 220,
      render: (_, a) => (
        <div className={styles.cell}>
          <Typography.Link className={styles.mono} onClick={() => update({ as: a.afterSaleNo })}>
            {a.afterSaleNo}
          </Typography.Link>
          <span className={styles.sub}>
            {formatTime(a.createdAt, 'YYYY-MM-DD HH:mm')}
            {OPEN.includes(a.status) ? (
              <Tooltip title="从提交申请到现在">
                <span className={styles.age}> · 已等待 {waited(a.createdAt)}</span>
              </Tooltip>
            ) : null}
          </span>
        </div>
      ),
    },
    {
      title: '商品',
      key: 'goods',
      render: (_, a) => (
        <div className={styles.goodsCell}>
          {a.goods.image ? <img className={styles.thumb} src={a.goods.image} alt="" loading="lazy" /> : null}
          <div style={{ minWidth: 0 }}>
            <div className={styles.goodsName}>{a.goods.name}</div>
            <div className={styles.sub}>
              {a.goods.specText || '默认规格'} · 申请 {a.quantity} 件
              {a.images.length ? ` · ${a.images.length} 张图片` : ''}
            </div>
          </div>
        </div>
      ),
    },
    {
      title: '类型 / 原因',
      key: 'reason',
      width: 170,
      render: (_, a) => (
        <div className={styles.cell}>
          <span>
            <Tag variant="filled">{a.typeText}</Tag>
          </span>
          <span className={styles.sub}>{a.reason}</span>
        </div>
      ),
    },
    {
      title: '退款金额',
      dataIndex: 'refundAmount',
      width: 110,
      align: 'right',
      render: (fen: number) => <span className={styles.amount}>{formatFen(fen)}</span>,
    },
    { title: '状态', dataIndex: 'status', width: 110, render: (s: string) => <AfterSaleStatusTag status={s} /> },
    {
      title: '订单',
      dataIndex: 'orderNo',
      width: 190,
      render: (no: string) => (
        <Link className={styles.mono} to={`/orders?order=${encodeURIComponent(no)}`}>
          {no}
        </Link>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_, a) => (
        <Button type="link" size="small" onClick={() => update({ as: a.afterSaleNo })}>
          {SHOP_TURN.includes(a.status) ? '处理' : '详情'}
        </Button>
      ),
    },
  ];

  return (
    <PageContainer
      title="售后审核"
      subTitle="待处理的申请按提交时间从早到晚排列，先到先处理；同意、拒绝、确认收货和退款都会记入操作日志。"
      extra={<AfterSaleNav current="review" />}
    >
      <PageContainer.Section>
        <Tabs
          className={styles.tabs}
          activeKey={query.status}
          onChange={(key) => update({ status: key === 'PENDING_REVIEW' ? undefined : key, page: undefined })}
          items={TABS.map((s) => ({ key: s, label: <TabLabel status={s} count={page.data?.counts[s]} /> }))}
        />
        <div className={styles.toolbar}>
          <ListSearch
            applied={query.keyword}
            onSearch={(words) => update({ keyword: words, page: undefined })}
            placeholder="售后单号 / 订单号 / 商品名称"
            maxLength={50}
          />
          {waitingTab ? (
            <span className={styles.sub} style={{ alignSelf: 'center' }}>
              按申请时间从早到晚
            </span>
          ) : null}
        </div>
        <QueryTable<ConsoleAfterSaleRow>
          query={page}
          rowKey="id"
          columns={columns}
          onRow={(a) => ({ onDoubleClick: () => update({ as: a.afterSaleNo }) })}
          locale={{
            emptyText: query.keyword
              ? '没有符合条件的售后单'
              : waitingTab
                ? '太好了，没有待处理的售后'
                : '这个状态下没有售后单',
          }}
          pagination={serverPagination({
            pageNum: query.pageNum,
            pageSize: query.pageSize,
            total: page.data?.total,
            totalText: (total) => `共 ${total} 个售后单`,
            onChange: (p, size) => update({ page: p === 1 ? undefined : p, size: size === 10 ? undefined : size }),
          })}
        />
      </PageContainer.Section>
      <AfterSaleDetailDrawer afterSaleNo={open} onClose={() => update({ as: undefined })} onReject={setRejecting} />
      <RejectModal afterSaleNo={rejecting} onClose={() => setRejecting(null)} />
    </PageContainer>
  );
}
