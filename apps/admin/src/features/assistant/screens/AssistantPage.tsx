import { lazy, Suspense, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Card, Empty, Segmented, Skeleton, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { DislikeOutlined, LikeOutlined } from '@ant-design/icons';
import { LoadError } from '../../../components/LoadError.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { QueryTable } from '../../../components/QueryTable.tsx';
import { formatCount, formatTime } from '../../../lib/format.ts';
import { USAGE_PERIODS, useUsage, type ThumbsDownAnswer, type UsagePeriod } from '../api/getUsage.ts';
import { assistantToolName } from '@mall/shared';
import { McpCallsCard } from '../components/McpCallsCard.tsx';
import { ToolsTable } from '../components/ToolsTable.tsx';
import styles from '../components/assistant.module.css';

// The chart library is the heaviest part of the screen: it loads with the chart, after the figures.
const QuestionsChart = lazy(() => import('../components/QuestionsChart.tsx'));

const PAGE_SIZE = 10;
const EMPTY = '暂无数据';

const isPeriod = (s: string | null): s is `${UsagePeriod}` => USAGE_PERIODS.some((p) => String(p) === s);

/** An answer that did not finish says so beside its time. */
const STATUS_TAGS: Record<string, ReactNode> = {
  failed: <Tag color="error">回答失败</Tag>,
  stopped: <Tag>已停止</Tag>,
};

const answerColumns: TableColumnsType<ThumbsDownAnswer> = [
  {
    title: '时间',
    dataIndex: 'createdAt',
    width: 170,
    render: (iso: string, a) => (
      <>
        <div className={styles.number}>{formatTime(iso, 'YYYY-MM-DD HH:mm')}</div>
        {STATUS_TAGS[a.status] ?? null}
      </>
    ),
  },
  {
    title: '提问',
    dataIndex: 'question',
    width: '28%',
    render: (q: string) =>
      q ? (
        <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
          {q}
        </Typography.Paragraph>
      ) : (
        '—'
      ),
  },
  {
    title: '回答',
    dataIndex: 'answer',
    render: (text: string) =>
      text ? (
        <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
          {text}
        </Typography.Paragraph>
      ) : (
        '—'
      ),
  },
];

/** The whole exchange, unclipped, under its row. */
function Exchange({ a }: { a: ThumbsDownAnswer }) {
  return (
    <div className={styles.expanded} data-testid="answer-expanded">
      <span className={styles.expandedLabel}>提问</span>
      <p className={styles.answer}>{a.question || '—'}</p>
      <span className={styles.expandedLabel}>回答</span>
      <p className={styles.answer}>{a.answer || '—'}</p>
    </div>
  );
}

/**
 * 助手: how buyers use the shopping assistant over the last 7 or 30 days: questions per day, the tools
 * it called, the calls of buyers' own AI agents to the MCP server, and the answers buyers rated 👎, to
 * read what went wrong. The server names no member.
 */
export default function AssistantPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('days');
  const days: UsagePeriod = isPeriod(asked) ? (Number(asked) as UsagePeriod) : 7;
  const pageNum = Math.max(1, Number(params.get('page')) || 1);
  const usage = useUsage({ days, pageNum, pageSize: PAGE_SIZE });

  const setQuery = (next: { days?: UsagePeriod; page?: number }) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      if (next.days !== undefined) {
        if (next.days === 7) p.delete('days');
        else p.set('days', String(next.days));
        p.delete('page');
      }
      if (next.page !== undefined) {
        if (next.page === 1) p.delete('page');
        else p.set('page', String(next.page));
      }
      return p;
    });

  const data = usage.data;
  // A first load that failed: one message for the screen, not three.
  if (usage.isError && !data)
    return (
      <PageContainer extra={<PeriodSwitch days={days} onChange={(d) => setQuery({ days: d })} />}>
        <Card variant="borderless">
          <LoadError error={usage.error} onRetry={() => void usage.refetch()} />
        </Card>
      </PageContainer>
    );

  const sum = (k: 'questions' | 'thumbsUp' | 'thumbsDown' | 'failed') =>
    (data?.days ?? []).reduce((s, d) => s + d[k], 0);
  const questions = sum('questions');

  let chart: ReactNode;
  if (!data) chart = <Skeleton.Node active style={{ width: '100%', height: 240 }} />;
  else if (questions === 0)
    chart = (
      <div className={styles.chartEmpty} data-testid="questions-empty">
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY} />
      </div>
    );
  else
    chart = (
      <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 240 }} />}>
        <QuestionsChart days={data.days} />
      </Suspense>
    );

  return (
    <PageContainer
      subTitle="买家端购物助手的提问、工具调用、MCP 调用与差评回答（按北京时间计日）"
      extra={<PeriodSwitch days={days} onChange={(d) => setQuery({ days: d })} />}
    >
      <div className={styles.grid}>
        <Card
          title="每日提问"
          variant="borderless"
          extra={
            data ? (
              <span className={styles.totals} data-testid="usage-totals">
                {`共 ${formatCount(questions)} 问 · `}
                <Tooltip title="买家点赞">
                  <LikeOutlined aria-label="点赞" /> {formatCount(sum('thumbsUp'))}
                </Tooltip>
                {' · '}
                <Tooltip title="买家点踩">
                  <DislikeOutlined aria-label="点踩" /> {formatCount(sum('thumbsDown'))}
                </Tooltip>
                {` · 失败 ${formatCount(sum('failed'))}`}
              </span>
            ) : null
          }
        >
          {chart}
        </Card>
        <Card title="调用的工具" variant="borderless">
          <ToolsTable tools={data?.tools} loading={usage.isFetching} nameOf={assistantToolName} testId="tools-table" />
        </Card>
      </div>

      <McpCallsCard mcp={data?.mcp} loading={usage.isFetching} />

      <Card
        title="差评回答"
        variant="borderless"
        extra={
          <span className={styles.totals}>
            买家点踩（
            <DislikeOutlined />
            ）的回答，点行首 + 展开全文
          </span>
        }
      >
        <div data-testid="thumbs-down-table">
          <QueryTable<ThumbsDownAnswer>
            query={{ ...usage, data: data?.thumbsDown }}
            rowKey="messageId"
            columns={answerColumns}
            expandable={{ expandedRowRender: (a) => <Exchange a={a} /> }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY} /> }}
            pagination={{
              current: pageNum,
              pageSize: PAGE_SIZE,
              total: data?.thumbsDown.total ?? 0,
              showSizeChanger: false,
              showTotal: (n) => `共 ${n} 条`,
              onChange: (page) => setQuery({ page }),
            }}
          />
        </div>
      </Card>
    </PageContainer>
  );
}

function PeriodSwitch({ days, onChange }: { days: UsagePeriod; onChange: (d: UsagePeriod) => void }) {
  return (
    <Segmented
      value={days}
      onChange={(v) => onChange(v as UsagePeriod)}
      options={USAGE_PERIODS.map((d) => ({ value: d, label: `近${d}天` }))}
    />
  );
}
