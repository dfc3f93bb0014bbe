import { Pie } from '@ant-design/plots';
import type { DashboardByCategory } from '@mall/shared';
import { formatFen } from '../../../lib/format.ts';
import { useChartDrawing } from '../../../components/useChartDrawing.ts';
import styles from './dashboard.module.css';

/** At most this many slices; the rest are summed as 其他类目. */
const SLICES = 7;
const COLORS = ['#a387bc', '#7c9ee0', '#6cc3b5', '#f0b467', '#e58a8a', '#9bc46c', '#c49ad9', '#bfbfbf'];

/** Paid amount by top-level category, as a ring with the total in the middle. */
export default function CategoryChart({ byCategory }: { byCategory: DashboardByCategory }) {
  const drawing = useChartDrawing();
  const positive = byCategory.list.filter((c) => c.paidAmount > 0);
  const head = positive.slice(0, SLICES);
  const rest = positive.slice(SLICES).reduce((s, c) => s + c.paidAmount, 0);
  const data = [
    ...head.map((c) => ({ name: c.name, fen: c.paidAmount })),
    ...(rest > 0 ? [{ name: '其他类目', fen: rest }] : []),
  ];
  const total = data.reduce((s, d) => s + d.fen, 0);
  const config = {
    data,
    animate: drawing.animate,
    angleField: 'fen',
    colorField: 'name',
    height: 300,
    autoFit: true,
    innerRadius: 0.62,
    radius: 0.9,
    scale: { color: { range: COLORS } },
    label: false,
    legend: { color: { position: 'right' as const, rowPadding: 6, itemMarker: 'circle' } },
    tooltip: {
      title: (d: { name: string }) => d.name,
      items: [
        {
          field: 'fen',
          name: '成交金额',
          valueFormatter: (v: number) => `${formatFen(v)}（${total ? ((v / total) * 100).toFixed(1) : 0}%）`,
        },
      ],
    },
    annotations: [
      {
        type: 'text',
        style: {
          text: `合计\n${formatFen(total)}`,
          x: '50%',
          y: '50%',
          textAlign: 'center',
          fontSize: 14,
          fontWeight: 600,
          fill: '#2b2238',
          lineHeight: 20,
        },
        tooltip: false,
      },
    ],
  };
  return (
    <div className={styles.chartBox} data-testid="category-chart" {...drawing.boxProps}>
      <Pie {...(config as any)} onReady={drawing.onReady} />
    </div>
  );
}
