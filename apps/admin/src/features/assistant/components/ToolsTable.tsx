import { Empty, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { formatCount } from '../../../lib/format.ts';
import type { UsageTool } from '../api/getUsage.ts';

/**
 * Tools by their Chinese names (the code name in a tooltip) with calls, failures and average time
 * (the longest in a tooltip): the chat's tools and the MCP server's alike.
 */
export function ToolsTable({
  tools,
  loading,
  nameOf,
  testId,
}: {
  tools: UsageTool[] | undefined;
  loading: boolean;
  nameOf: (tool: string) => string;
  testId: string;
}) {
  const columns: TableColumnsType<UsageTool> = [
    {
      title: '工具',
      dataIndex: 'tool',
      render: (tool: string) => <Tooltip title={tool}>{nameOf(tool)}</Tooltip>,
    },
    { title: '调用次数', dataIndex: 'calls', align: 'right', width: 84, render: (n: number) => formatCount(n) },
    {
      title: '失败',
      dataIndex: 'failed',
      align: 'right',
      width: 64,
      render: (n: number) => (n > 0 ? <Typography.Text type="danger">{formatCount(n)}</Typography.Text> : 0),
    },
    {
      title: '平均耗时',
      dataIndex: 'avgMs',
      align: 'right',
      width: 90,
      render: (ms: number, t) => <Tooltip title={`最长 ${formatCount(t.maxMs)} ms`}>{`${formatCount(ms)} ms`}</Tooltip>,
    },
  ];
  return (
    <div data-testid={testId}>
      <Table<UsageTool>
        rowKey="tool"
        size="small"
        columns={columns}
        dataSource={tools}
        loading={loading}
        pagination={false}
        scroll={{ y: 240 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" /> }}
      />
    </div>
  );
}
