import { Column } from '@ant-design/plots';
import { formatCount } from '../../../lib/format.ts';
import type { McpDay } from '../api/getUsage.ts';
import { useChartDrawing } from '../../../components/useChartDrawing.ts';
import styles from './assistant.module.css';

/**
 * MCP calls per Asia/Shanghai day, as columns; the tooltip adds how many members' agents called and
 * how many calls failed.
 */
export default function McpCallsChart({ days }: { days: McpDay[] }) {
  const drawing = useChartDrawing();
  const data = days.map((d) => ({ label: d.day.slice(5), calls: d.calls, members: d.members, failed: d.failed }));
  const config = {
    data,
    animate: drawing.animate,
    xField: 'label',
    yField: 'calls',
    height: 200,
    autoFit: true,
    style: { fill: '#b9a3cf', maxWidth: 24, radiusTopLeft: 3, radiusTopRight: 3 },
    axis: {
      x: { labelAutoHide: true, labelAutoRotate: false },
      // Calls are whole: no 0.5 on the axis.
      y: { title: '调用次数', labelFormatter: (v: number) => (Number.isInteger(v) ? formatCount(v) : '') },
    },
    scale: { y: { nice: true } },
    tooltip: {
      title: 'label',
      items: [
        { field: 'calls', name: '调用', valueFormatter: (v: number) => `${formatCount(v)} 次` },
        { field: 'members', name: '调用会员', valueFormatter: (v: number) => `${formatCount(v)} 人` },
        { field: 'failed', name: '失败', valueFormatter: (v: number) => `${formatCount(v)} 次` },
      ],
    },
  };
  return (
    <div className={styles.mcpChartBox} data-testid="mcp-chart" {...drawing.boxProps}>
      <Column {...(config as any)} onReady={drawing.onReady} />
    </div>
  );
}
