import { Link } from 'react-router';
import { Skeleton } from 'antd';
import type { DashboardTodos } from '@mall/shared';
import { formatCount } from '../../../lib/format.ts';
import { allows } from '../../../lib/permission.tsx';
import { useMe } from '../../../lib/session.ts';
import styles from './dashboard.module.css';

/**
 * What waits for someone, each card leading to the console page that lists it. Cards whose page the
 * operator may not open are left out (the server would refuse the list anyway).
 */
export function TodoCards({ todos }: { todos: DashboardTodos | undefined }) {
  const { data: me } = useMe();
  if (!todos) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  const mine = todos.list.filter((t) => allows(me?.permissions, t.permission as never));
  if (!mine.length) return <div className={styles.note}>暂无与你的权限相关的待办</div>;
  return (
    <div className={styles.todos}>
      {mine.map((t) => {
        const body = (
          <>
            <span className={styles.todoTitle}>
              {t.title}
              {t.key === 'lowStock' ? `（≤ ${todos.lowStockThreshold} 件）` : ''}
            </span>
            <span className={styles.todoCount}>{formatCount(t.count)}</span>
            {t.count > 0 ? (
              <span className={styles.todoGo}>去处理 ›</span>
            ) : (
              <span className={styles.todoDone}>暂无待办</span>
            )}
          </>
        );
        return (
          <Link
            key={t.key}
            to={t.path}
            className={`${styles.todo} ${t.count > 0 ? styles.todoHot : ''}`}
            data-testid={`todo-${t.key}`}
            aria-label={`${t.title} ${t.count}`}
          >
            {body}
          </Link>
        );
      })}
    </div>
  );
}
