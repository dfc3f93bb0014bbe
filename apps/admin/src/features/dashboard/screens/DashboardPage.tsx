import { lazy, Suspense, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { App, Button, Card, Empty, Popover, Segmented, Skeleton, Space } from 'antd';
import { InfoCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  DASHBOARD_CACHE_SECONDS,
  DASHBOARD_RANGE_NAMES,
  DASHBOARD_RANGES,
  DASHBOARD_TODO_SECONDS,
  type DashboardRange,
} from '@mall/shared';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { formatTime } from '../../../lib/format.ts';
import { errorMessage } from '../../../lib/request.ts';
import { useByCategory } from '../api/getByCategory.ts';
import { useSummary } from '../api/getSummary.ts';
import { useTodo } from '../api/getTodo.ts';
import { useTrend } from '../api/getTrend.ts';
import { useRefreshDashboard } from '../api/refreshDashboard.ts';
import { MetricCards } from '../components/MetricCards.tsx';
import { TodoCards } from '../components/TodoCards.tsx';
import styles from '../components/dashboard.module.css';

// The chart library is the heaviest part of the screen: it loads with the charts, after the figures.
const TrendChart = lazy(() => import('../components/TrendChart.tsx'));
const CategoryChart = lazy(() => import('../components/CategoryChart.tsx'));

const isRange = (s: string | null): s is DashboardRange => (DASHBOARD_RANGES as readonly (string | null)[]).includes(s);

function ChartCard({
  title,
  extra,
  loading,
  error,
  onRetry,
  empty,
  children,
}: {
  title: string;
  extra?: ReactNode;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  empty: boolean;
  children: () => ReactNode;
}) {
  let body: ReactNode;
  if (error && loading === false && empty) body = <LoadError error={error} onRetry={onRetry} />;
  else if (loading)
    body = <Skeleton.Node active className={styles.chartEmpty} style={{ width: '100%', height: 300 }} />;
  else if (empty)
    body = (
      <div className={styles.chartEmpty}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="所选时段还没有成交订单" />
      </div>
    );
  else
    body = <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 300 }} />}>{children()}</Suspense>;
  return (
    <Card title={title} extra={extra} variant="borderless">
      {body}
    </Card>
  );
}

const DEFINITIONS = (
  <dl className={styles.definitions}>
    <dt>成交金额</dt>
    <dd>所选时段内付款的订单实付金额，减去这些订单已完成的退款；全额退款而关闭的订单不计。</dd>
    <dt>转化率</dt>
    <dd>付款人数 ÷ 访客数。访客是所选时段内打开过商品详情页的人，含未登录的访客，按访客标识去重。</dd>
    <dt>对比</dt>
    <dd>今日对比昨日同一时刻之前；近7天、近30天对比再往前的同样天数（截至同一时刻）。按北京时间计日。</dd>
    <dt>更新</dt>
    <dd>{`统计数据每 ${DASHBOARD_CACHE_SECONDS} 秒最多计算一次，所有运营人员共用；待办数量每 ${DASHBOARD_TODO_SECONDS} 秒更新；点「刷新」立即重新计算。`}</dd>
  </dl>
);

/** 工作台: the period's sales against the one before, by day and by category, and what waits. */
export default function DashboardPage() {
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const asked = params.get('range');
  const range: DashboardRange = isRange(asked) ? asked : 'today';
  const summary = useSummary(range);
  const trend = useTrend(range);
  const byCategory = useByCategory(range);
  const todo = useTodo();
  const refresh = useRefreshDashboard(range);

  const setRange = (next: DashboardRange) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      if (next === 'today') p.delete('range');
      else p.set('range', next);
      return p;
    });
  const onRefresh = () =>
    refresh.mutate(undefined, {
      onSuccess: () => message.success('已刷新'),
      onError: (e) => message.error(errorMessage(e, '刷新失败，请稍后再试')),
    });

  const updatedAt = summary.data?.updatedAt;
  const trendEmpty = !trend.data || trend.data.points.every((p) => p.paidOrders === 0 && p.paidAmount === 0);
  const categoryEmpty = !byCategory.data || byCategory.data.list.every((c) => c.paidAmount <= 0);
  const trendTitle = range === 'today' ? '今日成交走势（按小时）' : `${DASHBOARD_RANGE_NAMES[range]}成交走势（按天）`;

  return (
    <PageContainer
      subTitle={
        <Space size={6}>
          <span>{updatedAt ? `数据更新于 ${formatTime(updatedAt, 'MM-DD HH:mm:ss')}` : '正在统计…'}</span>
          <Popover content={DEFINITIONS} title="统计口径" placement="bottomLeft">
            <Button type="link" size="small" icon={<InfoCircleOutlined />} style={{ padding: 0 }}>
              统计口径
            </Button>
          </Popover>
        </Space>
      }
      extra={
        <>
          <Segmented
            value={range}
            onChange={(v) => setRange(v as DashboardRange)}
            options={DASHBOARD_RANGES.map((r) => ({ value: r, label: DASHBOARD_RANGE_NAMES[r] }))}
          />
          <Button icon={<ReloadOutlined />} loading={refresh.isPending} onClick={onRefresh}>
            刷新
          </Button>
        </>
      }
    >
      {summary.isError && !summary.data ? (
        <Card variant="borderless">
          <LoadError error={summary.error} onRetry={() => summary.refetch()} />
        </Card>
      ) : (
        <MetricCards summary={summary.data} />
      )}

      <div className={styles.charts}>
        <ChartCard
          title={trendTitle}
          loading={trend.isPending}
          error={trend.error}
          onRetry={() => trend.refetch()}
          empty={trendEmpty}
        >
          {() => <TrendChart trend={trend.data!} />}
        </ChartCard>
        <ChartCard
          title="类目成交占比"
          loading={byCategory.isPending}
          error={byCategory.error}
          onRetry={() => byCategory.refetch()}
          empty={categoryEmpty}
        >
          {() => <CategoryChart byCategory={byCategory.data!} />}
        </ChartCard>
      </div>

      <Card
        title="待办"
        variant="borderless"
        extra={<span className={styles.note}>{`每 ${DASHBOARD_TODO_SECONDS} 秒更新`}</span>}
      >
        {todo.isError && !todo.data ? (
          <LoadError error={todo.error} onRetry={() => todo.refetch()} />
        ) : (
          <TodoCards todos={todo.data} />
        )}
      </Card>
    </PageContainer>
  );
}
