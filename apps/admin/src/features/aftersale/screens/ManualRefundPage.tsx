import { useState } from 'react';
import { Button, Tabs, Tooltip, Typography, type TableColumnsType } from 'antd';
import { Link, useSearchParams } from 'react-router';
import type { ConsoleManualRefund } from '@mall/shared';
import { QueryTable } from '../../../components/QueryTable.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { formatFen, formatTime } from '../../../lib/format.ts';
import { usePermission } from '../../../lib/permission.tsx';
import { useManualRefunds, type ManualRefundQuery } from '../api/getManualRefunds.ts';
import { AfterSaleNav } from '../components/AfterSaleNav.tsx';
import { RecordRefundModal } from '../components/RecordRefundModal.tsx';
import styles from '../components/aftersale.module.css';
import { PAGE_SIZES, serverPagination } from '../../../lib/pagination.ts';

/**
 * 人工退款: money that arrived for an order that could no longer take it (cancelled before the
 * payment came, or paid twice). The payments module flags it; an operator gives it back outside the
 * shop and records that here.
 */
export default function ManualRefundPage() {
  const [params, setParams] = useSearchParams();
  const query: ManualRefundQuery = {
    status: params.get('tab') === 'done' ? 'REFUNDED' : 'REFUND_REQUIRED',
    pageNum: Math.max(1, Number(params.get('page')) || 1),
    pageSize: PAGE_SIZES.includes(Number(params.get('size'))) ? Number(params.get('size')) : 10,
  };
  const set = (patch: Record<string, string | undefined>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(patch)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      return next;
    });
  const page = useManualRefunds(query);
  const canRecord = usePermission('payment:refund');
  const [recording, setRecording] = useState<ConsoleManualRefund | null>(null);
  const waiting = query.status === 'REFUND_REQUIRED';

  const columns: TableColumnsType<ConsoleManualRefund> = [
    {
      title: '订单',
      dataIndex: 'orderNo',
      width: 200,
      render: (no: string) => (
        <Link className={styles.mono} to={`/orders?order=${encodeURIComponent(no)}`}>
          {no}
        </Link>
      ),
    },
    {
      title: '金额',
      dataIndex: 'amount',
      width: 110,
      align: 'right',
      render: (fen: number) => <span className={styles.amount}>{formatFen(fen)}</span>,
    },
    {
      title: '支付方式 / 交易号',
      key: 'trade',
      width: 260,
      render: (_, p) => (
        <div className={styles.cell}>
          <span>{p.providerText}</span>
          {p.tradeNo ? (
            <Typography.Text className={styles.sub} copyable={{ text: p.tradeNo, tooltips: ['复制', '已复制'] }}>
              {p.tradeNo}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    { title: '原因', dataIndex: 'note', render: (n: string | null) => n ?? '—' },
    {
      title: '收款时间',
      key: 'paidAt',
      width: 160,
      render: (_, p) => formatTime(p.paidAt ?? p.createdAt, 'YYYY-MM-DD HH:mm'),
    },
    waiting
      ? {
          title: '操作',
          key: 'actions',
          width: 120,
          render: (_, p) =>
            canRecord ? (
              <Button type="link" size="small" onClick={() => setRecording(p)}>
                登记已退款
              </Button>
            ) : (
              <Tooltip title="需要「登记人工退款」权限">
                <span className={styles.muted}>待财务处理</span>
              </Tooltip>
            ),
        }
      : {
          title: '登记',
          key: 'recorded',
          width: 300,
          render: (_, p) => (
            <div className={styles.cell}>
              <span>
                {p.refundedBy} · {formatTime(p.refundedAt, 'YYYY-MM-DD HH:mm')}
              </span>
              <span className={styles.sub}>{p.refundNote}</span>
            </div>
          ),
        },
  ];

  return (
    <PageContainer
      title="人工退款"
      subTitle="买家付款时订单已取消或已由其他交易支付，款项需要在支付平台手动退回；退回后在这里登记。"
      extra={<AfterSaleNav current="manual" />}
    >
      <PageContainer.Section>
        <Tabs
          className={styles.tabs}
          activeKey={waiting ? 'waiting' : 'done'}
          onChange={(k) => set({ tab: k === 'done' ? 'done' : undefined, page: undefined })}
          items={[
            { key: 'waiting', label: '待退款' },
            { key: 'done', label: '已登记' },
          ]}
        />
        <QueryTable<ConsoleManualRefund>
          query={page}
          rowKey="id"
          columns={columns}
          locale={{ emptyText: waiting ? '没有待退款的款项' : '还没有登记过人工退款' }}
          pagination={serverPagination({
            pageNum: query.pageNum,
            pageSize: query.pageSize,
            total: page.data?.total,
            totalText: (total) => `共 ${total} 笔`,
            onChange: (p, size) =>
              set({ page: p === 1 ? undefined : String(p), size: size === 10 ? undefined : String(size) }),
          })}
        />
      </PageContainer.Section>
      <RecordRefundModal payment={recording} onClose={() => setRecording(null)} />
    </PageContainer>
  );
}
