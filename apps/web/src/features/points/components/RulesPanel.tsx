import { Skeleton } from 'antd';
import { Panel } from '../../../components/Panel.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { usePointsRules } from '../api/points.ts';

/** 积分规则 in the shop's own sentences (the server writes them from 积分设置). */
export function RulesPanel() {
  const rules = usePointsRules();
  return (
    <Panel title="积分规则">
      {rules.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : rules.isError ? (
        <LoadError error={rules.error} onRetry={() => void rules.refetch()} />
      ) : (
        <ol style={{ margin: 0, paddingInlineStart: 20, color: '#555', lineHeight: 1.9 }} data-testid="points-rules">
          {rules.data.text.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
