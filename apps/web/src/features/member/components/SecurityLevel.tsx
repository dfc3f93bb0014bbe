import { Alert, Card, Progress, Skeleton, Space, Tag } from 'antd';
import { CheckCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { useSecuritySummary } from '../api/getSecuritySummary.ts';
import { LoadError } from '../../../components/LoadError.tsx';

// Text colours at 4.5 : 1 or more on white (antd's #ff4d4f, #faad14, #52c41a are 3.3, 1.9 and 2.3 : 1).
const LEVEL_COLORS = { 低: '#cf1322', 中: '#9c5d00', 高: '#237804' } as const;

/** 安全等级 低/中/高 with what is done and what the buyer may still do. */
export function SecurityLevel() {
  const summary = useSecuritySummary();
  if (summary.isPending) {
    return (
      <Card title="安全等级">
        <Skeleton active paragraph={{ rows: 3 }} />
      </Card>
    );
  }
  if (summary.isError) {
    return (
      <Card title="安全等级">
        <LoadError onRetry={() => void summary.refetch()} />
      </Card>
    );
  }
  const s = summary.data;
  const color = LEVEL_COLORS[s.level];
  return (
    <Card title="安全等级" data-testid="security-level">
      <div style={{ display: 'flex', alignItems: 'center', gap: 24, marginBottom: 16 }}>
        <span style={{ fontSize: 15 }}>
          当前安全等级：
          <strong style={{ color, fontSize: 20 }} data-testid="security-level-text">
            {s.level}
          </strong>
        </span>
        <Progress
          percent={Math.round((s.score / s.items.length) * 100)}
          steps={s.items.length}
          strokeColor={color}
          aria-label={`安全等级 ${s.level}`}
          showInfo={false}
          size={[48, 10]}
        />
      </div>
      <Space orientation="vertical" style={{ width: '100%' }} size={10}>
        {s.items.map((item) => (
          <div key={item.key} style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
            {item.done ? (
              <CheckCircleFilled style={{ color: '#52c41a', fontSize: 16 }} />
            ) : (
              <ExclamationCircleFilled style={{ color: '#faad14', fontSize: 16 }} />
            )}
            <span style={{ width: 72, fontWeight: 500 }}>{item.title}</span>
            <span style={{ color: '#666' }}>{item.description}</span>
            {item.done ? <Tag color="success">已完成</Tag> : <Tag color="warning">未完成</Tag>}
          </div>
        ))}
      </Space>
      {s.advice.length > 0 ? (
        <Alert
          style={{ marginTop: 16 }}
          type="info"
          showIcon
          title="安全建议"
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {s.advice.map((a) => (
                <li key={a}>{a}</li>
              ))}
            </ul>
          }
        />
      ) : (
        <Alert style={{ marginTop: 16 }} type="success" showIcon title="账户安全状况良好，请继续保持" />
      )}
    </Card>
  );
}
