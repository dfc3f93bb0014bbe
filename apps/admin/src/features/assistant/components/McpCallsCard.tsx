import { lazy, Suspense, type ReactNode } from 'react';
import { Card, Empty, Skeleton, Tooltip } from 'antd';
import { assistantToolName } from '@mall/shared';
import { formatCount } from '../../../lib/format.ts';
import type { AssistantUsage } from '../api/getUsage.ts';
import { ToolsTable } from './ToolsTable.tsx';
import styles from './assistant.module.css';

// The chart library loads with the chart, after the figures (as the questions chart does).
const McpCallsChart = lazy(() => import('./McpCallsChart.tsx'));

/** add_to_cart is a tool of the MCP server only (the chat proposes instead): the shared names lack it. */
const MCP_ONLY_TOOL_NAMES: Record<string, string> = { add_to_cart: '加入购物车' };
const mcpToolName = (tool: string) => MCP_ONLY_TOOL_NAMES[tool] ?? assistantToolName(tool);

/**
 * MCP 调用: the calls buyers' own AI agents made to the shop's MCP server over the period, per day (a
 * column chart, zeros included) and per tool, with the period's totals.
 */
export function McpCallsCard({ mcp, loading }: { mcp: AssistantUsage['mcp'] | undefined; loading: boolean }) {
  const calls = (mcp?.days ?? []).reduce((n, d) => n + d.calls, 0);
  const failed = (mcp?.days ?? []).reduce((n, d) => n + d.failed, 0);

  let chart: ReactNode;
  if (!mcp) chart = <Skeleton.Node active style={{ width: '100%', height: 200 }} />;
  else if (calls === 0)
    chart = (
      <div className={styles.mcpChartEmpty} data-testid="mcp-empty">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
      </div>
    );
  else
    chart = (
      <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 200 }} />}>
        <McpCallsChart days={mcp.days} />
      </Suspense>
    );

  return (
    <Card
      title={
        <Tooltip title="买家自己的 AI 助手（MCP 客户端）以买家身份调用商城工具">
          <span>MCP 调用</span>
        </Tooltip>
      }
      variant="borderless"
      extra={
        mcp ? (
          <span className={styles.totals} data-testid="mcp-totals">
            {`共 ${formatCount(calls)} 次 · 失败 ${formatCount(failed)}`}
          </span>
        ) : null
      }
    >
      <div className={styles.grid}>
        {chart}
        <ToolsTable tools={mcp?.tools} loading={loading} nameOf={mcpToolName} testId="mcp-tools-table" />
      </div>
    </Card>
  );
}
