import { DualAxes } from '@ant-design/plots';
import type { DashboardTrend } from '@mall/shared';
import { THEME } from '@mall/shared';
import { formatCount, formatFen } from '../../../lib/format.ts';
import { useChartDrawing } from '../../../components/useChartDrawing.ts';
import styles from './dashboard.module.css';

const yuan = (fen: number) => fen / 100;

/** 成交金额 (line, left axis, ¥) and 成交订单 (columns, right axis) by hour or by day. */
export default function TrendChart({ trend }: { trend: DashboardTrend }) {
  const drawing = useChartDrawing();
  const data = trend.points.map((p) => ({
    label: p.label,
    amount: yuan(p.paidAmount),
    orders: p.paidOrders,
    fen: p.paidAmount,
  }));
  const config = {
    data,
    animate: drawing.animate,
    xField: 'label',
    height: 300,
    autoFit: true,
    legend: { color: { position: 'top' as const, layout: { justifyContent: 'flex-end' } } },
    axis: { x: { labelAutoHide: true, labelAutoRotate: false } },
    interaction: { tooltip: { shared: true } },
    children: [
      {
        type: 'interval',
        animate: drawing.animate,
        yField: 'orders',
        colorField: () => '成交订单',
        style: { fill: '#d9cbe6', maxWidth: 28, radiusTopLeft: 3, radiusTopRight: 3 },
        // Orders are whole: no 0.5 on the axis.
        axis: {
          y: {
            position: 'right',
            title: '订单',
            labelFormatter: (v: number) => (Number.isInteger(v) ? formatCount(v) : ''),
          },
        },
        scale: { y: { nice: true } },
        tooltip: { items: [{ channel: 'y', name: '成交订单', valueFormatter: (v: number) => `${formatCount(v)} 单` }] },
      },
      {
        type: 'line',
        animate: drawing.animate,
        yField: 'amount',
        colorField: () => '成交金额',
        style: { stroke: THEME.primary, lineWidth: 2 },
        scale: { y: { nice: true, independent: true } },
        axis: { y: { position: 'left', title: '金额 (元)', labelFormatter: (v: number) => `¥${formatCount(v)}` } },
        tooltip: {
          items: [{ channel: 'y', name: '成交金额', valueFormatter: (v: number) => formatFen(Math.round(v * 100)) }],
        },
      },
    ],
    scale: { color: { range: ['#d9cbe6', THEME.primary] } },
  };
  return (
    <div className={styles.chartBox} data-testid="trend-chart" {...drawing.boxProps}>
      <DualAxes {...(config as any)} onReady={drawing.onReady} />
    </div>
  );
}
