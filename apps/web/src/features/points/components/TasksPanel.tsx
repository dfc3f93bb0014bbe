import { Button, Skeleton, Tag } from 'antd';
import { Link } from 'react-router';
import { Panel } from '../../../components/Panel.tsx';
import { LoadError } from '../../../components/LoadError.tsx';
import { usePointsTasks } from '../api/points.ts';
import styles from './points.module.css';

/** 积分任务: each one-off task with its reward and whether it is done. */
export function TasksPanel() {
  const tasks = usePointsTasks(true);
  return (
    <Panel title="积分任务">
      {tasks.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : tasks.isError ? (
        <LoadError error={tasks.error} onRetry={() => void tasks.refetch()} />
      ) : (
        <div>
          {tasks.data.map((t) => (
            <div key={t.key} className={styles.task} data-testid="points-task" aria-label={t.title}>
              <div className={styles.taskText}>
                <div style={{ fontWeight: 500 }}>
                  {t.title} <span style={{ color: '#d4380d', fontWeight: 600 }}>+{t.points}</span>
                </div>
                <div style={{ color: '#666', fontSize: 12 }}>{t.description}</div>
              </div>
              {t.state === 'DONE' ? (
                <Tag color="success" style={{ marginInlineEnd: 0 }}>
                  已完成
                </Tag>
              ) : (
                <Link to={t.link}>
                  <Button size="small" type="primary" ghost>
                    去完成
                  </Button>
                </Link>
              )}
            </div>
          ))}
        </div>
      )}
    </Panel>
  );
}
