import type { ReactNode } from 'react';
import { Skeleton, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import type { DashboardMetrics, DashboardSummary } from '@mall/shared';
import { formatCount, formatFen, formatPercent } from '../../../lib/format.ts';
import { changeOf, PREVIOUS_NAMES } from './compare.ts';
import styles from './dashboard.module.css';

interface MetricDef {
  key: string;
  label: string;
  hint: string;
  value: (m: DashboardMetrics) => number | null;
  format: (n: number | null) => string;
  /** A line under the figure (支付 − 退款, 访客数). */
  extra?: (m: DashboardMetrics) => ReactNode;
}

const money = (n: number | null) => (n === null ? '—' : formatFen(n));
const count = (n: number | null) => (n === null ? '—' : formatCount(n));

const METRICS: MetricDef[] = [
  {
    key: 'paidAmount',
    label: '成交金额',
    hint: '所选时段内付款的订单的实付金额，减去这些订单已完成的退款（全额退款关闭的订单不计）',
    value: (m) => m.paidAmount,
    format: money,
    extra: (m) =>
      m.refundAmount ? `支付 ${formatFen(m.grossAmount)} · 退款 ${formatFen(m.refundAmount)}` : '已扣除退款',
  },
  {
    key: 'paidOrders',
    label: '成交订单',
    hint: '所选时段内付款、且未全额退款关闭的订单数',
    value: (m) => m.paidOrders,
    format: count,
  },
  {
    key: 'payingBuyers',
    label: '付款人数',
    hint: '这些订单的买家数（同一买家多笔订单算一人）',
    value: (m) => m.payingBuyers,
    format: count,
  },
  {
    key: 'averageOrderValue',
    label: '客单价',
    hint: '成交金额 ÷ 成交订单',
    value: (m) => m.averageOrderValue,
    format: money,
  },
  {
    key: 'conversionRate',
    label: '转化率',
    hint: '付款人数 ÷ 访客数。访客：所选时段内打开过商品详情页的人（含未登录的访客，按访客标识去重）',
    value: (m) => m.conversionRate,
    format: (n) => formatPercent(n),
    extra: (m) => `访客 ${formatCount(m.visitors)}`,
  },
];

function Change({
  now,
  before,
  range,
}: {
  now: number | null;
  before: number | null;
  range: DashboardSummary['range'];
}) {
  const change = changeOf(now, before);
  if (!change) return <span className={styles.flat}>{PREVIOUS_NAMES[range]} —</span>;
  const icon =
    change.direction === 'up' ? <ArrowUpOutlined /> : change.direction === 'down' ? <ArrowDownOutlined /> : null;
  return (
    <span>
      {PREVIOUS_NAMES[range]}{' '}
      <span className={styles[change.direction]} data-direction={change.direction}>
        {icon} {change.text}
      </span>
    </span>
  );
}

/** The period's figures, each with how it moved against the period before. */
export function MetricCards({ summary }: { summary: DashboardSummary | undefined }) {
  return (
    <div className={styles.metrics}>
      {METRICS.map((d) => {
        const now = summary ? d.value(summary.current) : null;
        const before = summary ? d.value(summary.previous) : null;
        return (
          <div key={d.key} className={styles.metric} data-metric={d.key}>
            <div className={styles.metricLabel}>
              {d.label}
              <Tooltip title={d.hint}>
                <QuestionCircleOutlined aria-label={`${d.label}说明`} />
              </Tooltip>
            </div>
            {summary ? (
              <>
                <div className={styles.metricValue} data-testid={`metric-${d.key}`}>
                  {d.format(now)}
                </div>
                <div className={styles.metricFoot}>
                  <Change now={now} before={before} range={summary.range} />
                  {d.extra ? <span>{d.extra(summary.current)}</span> : null}
                </div>
              </>
            ) : (
              <Skeleton active title={false} paragraph={{ rows: 2, width: ['70%', '90%'] }} />
            )}
          </div>
        );
      })}
    </div>
  );
}
