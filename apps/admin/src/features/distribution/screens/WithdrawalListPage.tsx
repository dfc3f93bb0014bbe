import { useState } from 'react';
import { Select, Space, Tabs, type TableColumnsType } from 'antd';
import {
  DISTRIBUTION_PROGRAMMES,
  DISTRIBUTION_PROGRAMME_NAMES,
  WITHDRAWAL_STATUS_TEXT,
  formatFen,
  type ConsoleWithdrawal,
  type WithdrawalStatusCode,
} from '@mall/shared';
import { QueryTable } from '../../../components/QueryTable.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { formatTime } from '../../../lib/format.ts';
import { serverPagination } from '../../../lib/pagination.ts';
import { useWithdrawalPage } from '../api/distribution.ts';
import { ProgrammeTag, WithdrawalStatusTag } from '../components/tags.tsx';
import {
  AccountButton,
  WithdrawalActions,
  WithdrawalDialogs,
  type WithdrawalDecision,
} from '../components/WithdrawalActions.tsx';
import { useListParams } from '../../../lib/useListParams.ts';
import styles from '../components/distribution.module.css';

const STATUSES = Object.keys(WITHDRAWAL_STATUS_TEXT) as WithdrawalStatusCode[];
const TABS = [...STATUSES.map((s) => ({ key: s, label: WITHDRAWAL_STATUS_TEXT[s] })), { key: 'ALL', label: '全部' }];
const PROGRAMME_OPTIONS = [
  { value: 'ALL', label: '全部计划' },
  ...DISTRIBUTION_PROGRAMMES.map((p) => ({ value: p, label: `${DISTRIBUTION_PROGRAMME_NAMES[p]}计划` })),
];

/** 提现审核 (财务): withdrawals by state and programme; 查看账号 (audited), 通过 with the payout reference, 驳回. */
export default function WithdrawalListPage() {
  const { params, pick, page, update, onPage } = useListParams();
  // 审核中 first: what waits for 财务. 'ALL' in the address means every state.
  const status = params.get('status') === 'ALL' ? undefined : (pick('status', STATUSES) ?? 'PENDING');
  const programme = pick('programme', DISTRIBUTION_PROGRAMMES);
  const list = useWithdrawalPage({ status, programme, ...page });
  const [decision, setDecision] = useState<WithdrawalDecision | null>(null);

  const columns: TableColumnsType<ConsoleWithdrawal> = [
    {
      title: '申请时间',
      key: 'createdAt',
      width: 150,
      render: (_, w) => formatTime(w.createdAt, 'YYYY-MM-DD HH:mm'),
    },
    {
      title: '会员',
      key: 'member',
      render: (_, w) => (
        <Space size={6} wrap>
          <span>{w.memberName}</span>
          <ProgrammeTag programme={w.programme} text={DISTRIBUTION_PROGRAMME_NAMES[w.programme]} />
        </Space>
      ),
    },
    {
      title: '提现金额',
      key: 'amount',
      width: 120,
      align: 'right',
      render: (_, w) => <strong className={styles.money}>{formatFen(w.amountFen)}</strong>,
    },
    {
      title: '收款方式',
      key: 'method',
      width: 130,
      render: (_, w) => (
        <div>
          <div>{w.methodText}</div>
          {w.bankName ? <div className={styles.sub}>{w.bankName}</div> : null}
        </div>
      ),
    },
    {
      title: '收款人 / 账号',
      key: 'account',
      width: 220,
      render: (_, w) => (
        <div>
          <div>{w.accountName}</div>
          <div className={styles.account}>{w.accountMasked}</div>
          <AccountButton w={w} />
        </div>
      ),
    },
    {
      title: '状态',
      key: 'status',
      width: 220,
      render: (_, w) => (
        <Space orientation="vertical" size={2}>
          <WithdrawalStatusTag status={w.status} text={w.statusText} />
          {w.payoutRef ? <span className={styles.sub}>流水号 {w.payoutRef}</span> : null}
          {w.rejectReason ? <span className={styles.sub}>原因：{w.rejectReason}</span> : null}
          {w.reviewedAt ? (
            <span className={styles.sub}>
              {w.reviewedBy ?? ''} · {formatTime(w.reviewedAt, 'YYYY-MM-DD HH:mm')}
            </span>
          ) : null}
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      render: (_, w) => <WithdrawalActions w={w} onDecide={setDecision} />,
    },
  ];

  return (
    <PageContainer subTitle="先在支付宝或网银向会员转账，再点“通过”填写打款流水号；驳回后金额退回会员的可提现余额。每次操作都会记入操作日志。">
      <PageContainer.Section>
        <Tabs
          activeKey={status ?? 'ALL'}
          onChange={(key) => update({ status: key === 'PENDING' ? undefined : key, page: undefined })}
          items={TABS}
        />
        <div className={styles.toolbar}>
          <Select
            aria-label="计划"
            value={programme ?? 'ALL'}
            options={PROGRAMME_OPTIONS}
            style={{ width: 140 }}
            onChange={(v) => update({ programme: v === 'ALL' ? undefined : v, page: undefined })}
          />
        </div>
        <QueryTable<ConsoleWithdrawal>
          query={list}
          rowKey="id"
          columns={columns}
          onRow={(w) => ({ 'data-testid': 'withdrawal-row', 'data-id': w.id }) as React.HTMLAttributes<HTMLElement>}
          locale={{ emptyText: status === 'PENDING' ? '没有待审核的提现' : '暂无提现记录' }}
          pagination={serverPagination({
            ...page,
            total: list.data?.total,
            totalText: (total) => `共 ${total} 笔提现`,
            onChange: onPage,
          })}
        />
      </PageContainer.Section>
      <WithdrawalDialogs decision={decision} onClose={() => setDecision(null)} />
    </PageContainer>
  );
}
