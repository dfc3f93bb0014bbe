import { Button, Result } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { Panel } from '../../../components/Panel.tsx';
import { loginPathFor } from '../../../lib/redirect.ts';
import { useSession } from '../../../lib/session.ts';
import { BalancePanel } from '../components/BalancePanel.tsx';
import { BestGoodsPanel } from '../components/BestGoodsPanel.tsx';
import { RulesPanel } from '../components/RulesPanel.tsx';
import { SignInPanel } from '../components/SignInPanel.tsx';
import { TasksPanel } from '../components/TasksPanel.tsx';
import { shanghaiMonth } from '../lib/calendar.ts';
import styles from '../components/points.module.css';

/** 积分中心: the balance, 签到 with its calendar, the tasks, the rules and the mall's favourites. */
export default function PointsCenterPage() {
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div data-testid="points-center" style={{ maxWidth: '100%' }}>
      {user ? (
        <>
          <div className={styles.top}>
            <BalancePanel />
            <SignInPanel thisMonth={shanghaiMonth()} />
          </div>
          <TasksPanel />
        </>
      ) : (
        <Panel title="积分中心">
          <Result
            status="info"
            title="登录后签到领积分"
            subTitle="每日签到、完成任务都能获得积分，积分可在积分商城兑换好礼"
            extra={
              <Button type="primary" onClick={() => void navigate(loginPathFor(location.pathname + location.search))}>
                去登录
              </Button>
            }
          />
        </Panel>
      )}
      <BestGoodsPanel />
      <RulesPanel />
    </div>
  );
}
