import { Button, Skeleton } from 'antd';
import { Link } from 'react-router';
import { Panel } from '../../../components/Panel.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { formatTime } from '../../../lib/format.ts';
import { usePointsBalance } from '../api/points.ts';
import styles from './points.module.css';

/** Points expire at a Shanghai midnight: the buyer reads the last day they still count (12月31日, not 1月1日). */
function expiryDay(iso: string): string {
  return formatTime(new Date(new Date(iso).getTime() - 1).toISOString(), 'YYYY年M月D日');
}

/** 我的积分 at the top of 积分中心: the balance, what expires soon, and the ways on. */
export function BalancePanel() {
  const balance = usePointsBalance(true);
  const b = balance.data;
  return (
    <Panel title="我的积分" extra={<Link to="/user/member/points" style={{ color: '#7b5a98' }}>
          积分明细 ›
        </Link>}>
      {balance.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : balance.isError ? (
        <LoadError error={balance.error} onRetry={() => void balance.refetch()} />
      ) : b ? (
        <>
          <div className={styles.balance} data-testid="points-balance" aria-label={`当前积分 ${b.balance}`}>
            {b.balance}
          </div>
          <div style={{ color: '#6b6b6b', fontSize: 13, margin: '6px 0 14px' }}>
            累计获得 {b.totalEarned} · 累计使用 {b.totalUsed}
          </div>
          {b.expiringSoon.points > 0 && b.expiringSoon.expiresAt ? (
            <div style={{ color: '#ad4e00', fontSize: 13, marginBottom: 14 }} data-testid="points-expiring">
              {b.expiringSoon.points} 积分将于 {expiryDay(b.expiringSoon.expiresAt)} 过期，请尽快使用
            </div>
          ) : null}
          <Link to="/points/mall">
            <Button type="primary" ghost block>
              去积分商城兑换
            </Button>
          </Link>
        </>
      ) : null}
    </Panel>
  );
}
