import type { ReactNode } from 'react';
import { Empty, Spin } from 'antd';
import { useIsPhone } from '../lib/useIsPhone.ts';

/** The white card a screen sits on, with an optional title row (on a phone its extra wraps below the title). */
export function Panel({ title, extra, children, style }: { title?: ReactNode; extra?: ReactNode; children: ReactNode; style?: React.CSSProperties }) {
  const phone = useIsPhone();
  return (
    <section style={{ background: '#fff', borderRadius: 8, padding: phone ? 16 : 24, marginBottom: phone ? 12 : 16, ...style }}>
      {title || extra ? (
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', justifyContent: 'space-between', marginBottom: 16 }}>
          <h2 style={{ margin: 0, fontSize: phone ? 16 : 18, fontWeight: 600, color: '#333', whiteSpace: 'nowrap' }}>{title}</h2>
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
