import type { ReactNode } from 'react';
import { Empty, Spin } from 'antd';

/** The white card a screen sits on, with an optional title row. */
export function Panel({ title, extra, children, style }: { title?: ReactNode; extra?: ReactNode; children: ReactNode; style?: React.CSSProperties }) {
  return (
    <section style={{ background: '#fff', borderRadius: 8, padding: 24, marginBottom: 16, ...style }}>
      {title || extra ? (
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 16 }}>
          <h2 style={{ margin: 0, fontSize: 18, fontWeight: 600, color: '#333' }}>{title}</h2>
          {extra}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/** Loading and empty states (a failed load is LoadError): never a blank page. */
export function Loading({ tip = '加载中…' }: { tip?: string }) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 12, padding: '72px 0', color: '#6b6b6b' }}>
      <Spin size="large" />
      <span>{tip}</span>
    </div>
  );
}

export function EmptyState({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <div style={{ padding: '48px 0' }}>
      <Empty description={text}>{action}</Empty>
    </div>
  );
}
