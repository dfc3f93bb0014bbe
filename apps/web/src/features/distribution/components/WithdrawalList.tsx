import { Table, Tag, type TableColumnsType } from 'antd';
import { formatFen, type DistributionProgramme, type WithdrawalView } from '@mall/shared';
import { LoadError } from '../../../components/LoadError.tsx';
import { EmptyState, Loading } from '../../../components/Panel.tsx';
import { formatTime } from '../../../lib/format.ts';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { INCOME_PAGE_SIZE, useWithdrawals } from '../api/income.ts';
import { Pager } from './Pager.tsx';
import styles from './distribution.module.css';

const COLORS = { PENDING: 'processing', PAID: 'success', REJECTED: 'error' } as const;

function account(w: WithdrawalView) {
  return `${w.methodText}${w.bankName ? ` · ${w.bankName}` : ''} ${w.accountMasked}（${w.accountName}）`;
}

function outcome(w: WithdrawalView) {
  if (w.status === 'PAID' && w.payoutRef) return `打款流水号 ${w.payoutRef}`;
  if (w.status === 'REJECTED') return `驳回原因：${w.rejectReason ?? '未说明'}（金额已退回可提现）`;
  return w.status === 'PENDING' ? '等待平台审核打款' : '';
}

/** 提现记录: each request, where it went (masked), its state and the payout reference or the reason. */
export function WithdrawalList({ programme, pageNum, onPage }: { programme: DistributionProgramme; pageNum: number; onPage: (p: number) => void }) {
  const phone = useIsPhone();
  const list = useWithdrawals(programme, pageNum);
  if (list.isPending) return <Loading />;
  if (list.isError || !list.data) return <LoadError error={list.error} onRetry={() => void list.refetch()} />;
  const data = list.data;
  if (data.list.length === 0) return <EmptyState text="暂无提现记录" />;
  const tag = (w: WithdrawalView) => <Tag color={COLORS[w.status]}>{w.statusText}</Tag>;

  const columns: TableColumnsType<WithdrawalView> = [
    { title: '申请时间', key: 'at', width: 150, render: (_, w) => formatTime(w.createdAt, 'YYYY-MM-DD HH:mm') },
    { title: '金额', key: 'amount', width: 110, render: (_, w) => <span className={styles.money}>{formatFen(w.amountFen)}</span> },
    { title: '收款账户', key: 'account', render: (_, w) => account(w) },
    { title: '状态', key: 'status', width: 90, render: (_, w) => tag(w) },
    { title: '处理结果', key: 'outcome', width: 240, render: (_, w) => outcome(w) },
  ];

  return (
    <>
      {phone ? (
        <ul className={styles.cardList} data-testid="withdrawals">
          {data.list.map((w) => (
            <li key={w.id} className={styles.rowCard}>
              <div className={styles.rowHead}>
                <span className={styles.money}>{formatFen(w.amountFen)}</span>
                {tag(w)}
              </div>
              <div style={{ color: '#444', overflowWrap: 'anywhere' }}>{account(w)}</div>
              <div className={styles.muted}>{formatTime(w.createdAt, 'YYYY-MM-DD HH:mm')}</div>
              <div className={styles.muted} style={{ overflowWrap: 'anywhere' }}>{outcome(w)}</div>
            </li>
          ))}
        </ul>
      ) : (
        <Table rowKey="id" columns={columns} dataSource={data.list} pagination={false} scroll={{ x: 760 }} loading={list.isFetching} data-testid="withdrawals" />
      )}
      <Pager pageNum={data.pageNum} pageSize={INCOME_PAGE_SIZE} total={data.total} onChange={onPage} />
    </>
  );
}
