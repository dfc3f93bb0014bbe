import { Column } from '@ant-design/plots';
import { THEME } from '@mall/shared';
import { formatCount } from '../../../lib/format.ts';
import type { UsageDay } from '../api/getUsage.ts';
import { useChartDrawing } from '../../../components/useChartDrawing.ts';
import styles from './assistant.module.css';

/** Questions asked per Asia/Shanghai day, as columns; the tooltip adds how many members asked. */
export default function QuestionsChart({ days }: { days: UsageDay[] }) {
  const drawing = useChartDrawing();
  const data = days.map((d) => ({ label: d.day.slice(5), questions: d.questions, members: d.members }));
  const config = {
    data,
    animate: drawing.animate,
    xField: 'label',
    yField: 'questions',
    height: 240,
    autoFit: true,
    style: { fill: THEME.primary, maxWidth: 28, radiusTopLeft: 3, radiusTopRight: 3 },
    axis: {
      x: { labelAutoHide: true, labelAutoRotate: false },
      // Questions are whole: no 0.5 on the axis.
      y: { title: '提问数', labelFormatter: (v: number) => (Number.isInteger(v) ? formatCount(v) : '') },
    },
    scale: { y: { nice: true } },
    tooltip: {
      title: 'label',
      items: [
        { field: 'questions', name: '提问', valueFormatter: (v: number) => `${formatCount(v)} 个` },
        { field: 'members', name: '提问会员', valueFormatter: (v: number) => `${formatCount(v)} 人` },
      ],
    },
  };
  return (
    <div className={styles.chartBox} data-testid="questions-chart" {...drawing.boxProps}>
      <Column {...(config as any)} onReady={drawing.onReady} />
    </div>
  );
}
