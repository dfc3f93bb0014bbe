import { Table, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { formatFen, type DistributionLedgerEntry, type DistributionProgramme } from '@mall/shared';
import { LoadError } from '../../../components/LoadError.tsx';
import { EmptyState, Loading } from '../../../components/Panel.tsx';
import { formatTime } from '../../../lib/format.ts';
import { useIsPhone } from '../../../lib/useIsPhone.ts';
import { INCOME_PAGE_SIZE, useLedger } from '../api/income.ts';
import { Pager } from './Pager.tsx';
import { PROGRAMMES } from './programme.ts';
import styles from './distribution.module.css';

/** How a move reads: + money in, − money out; settling and paying out only move it between balances. */
const SIGN: Record<DistributionLedgerEntry['kind'], string> = {
  EARN: '+',
  SETTLE: '',
  REVERSE_FROZEN: '-',
  REVERSE_SETTLED: '-',
  WITHDRAW: '-',
  WITHDRAW_PAID: '',
  WITHDRAW_REJECTED: '+',
};
const amount = (e: DistributionLedgerEntry) => `${SIGN[e.kind] ?? ''}${formatFen(Math.abs(e.amountFen))}`;

/** 收益明细: every balance move, newest first, with the balances after it. */
export function LedgerList({ programme, pageNum, onPage }: { programme: DistributionProgramme; pageNum: number; onPage: (p: number) => void }) {
  const phone = useIsPhone();
  const ledger = useLedger(programme, pageNum);
  const meta = PROGRAMMES[programme];
  if (ledger.isPending) return <Loading />;
  if (ledger.isError || !ledger.data) return <LoadError error={ledger.error} onRetry={() => void ledger.refetch()} />;
  const data = ledger.data;
  if (data.list.length === 0) return <EmptyState text="暂无收益记录" />;
  const order = (e: DistributionLedgerEntry) =>
    e.orderNo ? <Link to={meta.orderDetail(e.orderNo)}>{e.orderNo}</Link> : null;

  const columns: TableColumnsType<DistributionLedgerEntry> = [
    { title: '时间', key: 'at', width: 150, render: (_, e) => formatTime(e.createdAt, 'YYYY-MM-DD HH:mm') },
    { title: '类型', dataIndex: 'kindText', width: 180 },
    { title: '金额', key: 'amount', width: 110, render: (_, e) => <span className={styles.money}>{amount(e)}</span> },
    {
      title: '说明',
      key: 'note',
      render: (_, e) => (
        <div>
          {e.note}
          {e.orderNo ? <div className={styles.muted}>订单 {order(e)}</div> : null}
        </div>
      ),
    },
    {
      title: '变动后 冻结中 / 可提现',
      key: 'after',
      width: 180,
      render: (_, e) => `${formatFen(e.after.frozenFen)} / ${formatFen(e.after.availableFen)}`,
    },
  ];

  return (
    <>
      {phone ? (
        <ul className={styles.cardList} data-testid="ledger">
          {data.list.map((e) => (
            <li key={e.id} className={styles.rowCard}>
              <div className={styles.rowHead}>
                <span>{e.kindText}</span>
                <span className={styles.money}>{amount(e)}</span>
              </div>
              <div className={styles.muted}>{formatTime(e.createdAt, 'YYYY-MM-DD HH:mm')}</div>
              {e.note ? <div style={{ color: '#444', marginTop: 4 }}>{e.note}</div> : null}
              {e.orderNo ? <div className={styles.muted}>订单 {order(e)}</div> : null}
            </li>
          ))}
        </ul>
      ) : (
        <Table rowKey="id" columns={columns} dataSource={data.list} pagination={false} scroll={{ x: 760 }} loading={ledger.isFetching} data-testid="ledger" />
      )}
      <Pager pageNum={data.pageNum} pageSize={INCOME_PAGE_SIZE} total={data.total} onChange={onPage} />
    </>
  );
}
