import { useState } from 'react';
import { Button, Tabs, Tag } from 'antd';
import { useSearchParams } from 'react-router';
import { formatFen, type DistributionIncome, type DistributionProgramme, type DistributionStatus } from '@mall/shared';
import { LoadError } from '../../../components/LoadError.tsx';
import { Loading, Panel } from '../../../components/Panel.tsx';
import { useIncomeSummary } from '../api/income.ts';
import { LedgerList } from './LedgerList.tsx';
import { PROGRAMMES } from './programme.ts';
import { TeamList } from './TeamList.tsx';
import { WithdrawalList } from './WithdrawalList.tsx';
import { WithdrawModal } from './WithdrawModal.tsx';
import styles from './distribution.module.css';

const BALANCES: { key: keyof DistributionIncome['balances']; label: string }[] = [
  { key: 'frozenFen', label: '冻结中' },
  { key: 'availableFen', label: '可提现' },
  { key: 'withdrawingFen', label: '提现中' },
  { key: 'withdrawnFen', label: '已提现' },
  { key: 'owedFen', label: '待扣回' },
];

function Level({ income, status }: { income: DistributionIncome; status: DistributionStatus }) {
  const level = income.level;
  const next = income.nextLevel;
  if (!level) return null;
  return (
    <div className={styles.introItem} style={{ marginTop: 16 }} data-testid="promoter-level">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
        <strong style={{ display: 'inline', margin: 0 }}>当前等级</strong>
        <Tag color="purple">{level.name}</Tag>
        <span>
          直推佣金 {level.directRateText} · 间推佣金 {level.indirectRateText}
        </span>
        {status.shareCode ? (
          <span>
            我的邀请码 <strong style={{ display: 'inline', letterSpacing: 1 }} data-testid="invite-code">{status.shareCode}</strong>
          </span>
        ) : null}
      </div>
      <div style={{ marginTop: 6, color: '#555' }}>
        {next ? (
          <>
            {/* Each clause breaks as a whole on a phone rather than mid-amount. */}
            <span className={styles.clause}>
              升级到 <strong style={{ display: 'inline' }}>{next.name}</strong>（直推 {next.directRateText} · 间推 {next.indirectRateText}）：
            </span>
            <span className={styles.clause}>
              累计结算销售额达 {formatFen(next.minSettledSalesFen)}（现 {formatFen(income.settledSalesFen ?? 0)}）
            </span>
            <span className={styles.clause}>
              或团队人数达 {next.minTeamSize} 人（现 {income.teamSize ?? 0} 人）
            </span>
          </>
        ) : (
          '您已是最高等级'
        )}
      </div>
    </div>
  );
}

/** 分销收益 / 推广收益: balances, 推广 level, the ledger, withdrawals (and the 推广 team), and 提现. */
export function IncomeView({ programme, status }: { programme: DistributionProgramme; status: DistributionStatus }) {
  const meta = PROGRAMMES[programme];
  const summary = useIncomeSummary(programme);
  const [params, setParams] = useSearchParams();
  const [withdrawing, setWithdrawing] = useState(false);
  const [ledgerPage, setLedgerPage] = useState(1);
  const [withdrawalPage, setWithdrawalPage] = useState(1);
  const tabs = ['ledger', 'withdrawals', ...(programme === 'PROMOTER' ? ['team'] : [])];
  const tab = tabs.includes(params.get('tab') ?? '') ? params.get('tab')! : 'ledger';

  if (summary.isPending) {
    return (
      <Panel title={`${meta.name}收益`}>
        <Loading />
      </Panel>
    );
  }
  if (summary.isError || !summary.data) {
    return (
      <Panel title={`${meta.name}收益`}>
        <LoadError error={summary.error} onRetry={() => void summary.refetch()} />
      </Panel>
    );
  }
  const income = summary.data;
  const b = income.balances;
  const canWithdraw = b.availableFen >= income.minWithdrawFen && b.owedFen === 0;

  return (
    <>
      <Panel
        title={`${meta.name}收益`}
        extra={
          <Button type="primary" disabled={!canWithdraw} onClick={() => setWithdrawing(true)}>
            提现
          </Button>
        }
      >
        <div className={styles.balances} data-testid="balances">
          {BALANCES.map(({ key, label }) => (
            <div key={key} className={`${styles.balance} ${key === 'availableFen' ? styles.balanceMain : ''}`} data-testid={`balance-${label}`}>
              <div className={styles.label}>{label}</div>
              <div className={styles.value}>{formatFen(b[key])}</div>
            </div>
          ))}
        </div>
        {!canWithdraw ? (
          <p className={styles.muted} style={{ margin: '12px 0 0', fontSize: 13 }}>
            {b.owedFen > 0
              ? `有 ${formatFen(b.owedFen)} 待扣回，将从后续结算的佣金中扣除，扣清后才能提现`
              : `可提现金额满 ${formatFen(income.minWithdrawFen)} 即可提现；佣金在订单完成、售后期结束后转为可提现`}
          </p>
        ) : null}
        {programme === 'PROMOTER' ? <Level income={income} status={status} /> : null}
      </Panel>
      <Panel>
        <Tabs
          activeKey={tab}
          onChange={(k) => setParams(k === 'ledger' ? {} : { tab: k }, { replace: true })}
          items={[
            {
              key: 'ledger',
              label: '收益明细',
              children: <LedgerList programme={programme} pageNum={ledgerPage} onPage={setLedgerPage} />,
            },
            {
              key: 'withdrawals',
              label: '提现记录',
              children: <WithdrawalList programme={programme} pageNum={withdrawalPage} onPage={setWithdrawalPage} />,
            },
            ...(programme === 'PROMOTER' ? [{ key: 'team', label: '我的团队', children: <TeamList /> }] : []),
          ]}
        />
      </Panel>
      <WithdrawModal income={income} open={withdrawing} onClose={() => setWithdrawing(false)} />
    </>
  );
}
