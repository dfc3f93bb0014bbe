import type { ReactNode } from 'react';

/**
 * A page's action bar held at the bottom of the screen (the cart's total and 去结算, checkout's
 * 提交订单). It stays in the page's flow, so nothing underneath is hidden; above the phone tab bar
 * when one is shown (`--phone-tabbar-height`).
 */
export function StickyBar({ children, testId, label }: { children: ReactNode; testId?: string; label: string }) {
  return (
    <div
      role="region"
      aria-label={label}
      data-testid={testId}
      style={{
        position: 'sticky',
        bottom: 'var(--phone-tabbar-height, 0px)',
        zIndex: 5,
        background: '#fff',
        boxShadow: '0 -2px 8px rgba(0,0,0,0.08)',
        padding: '8px 12px calc(8px + env(safe-area-inset-bottom))',
        display: 'flex',
        alignItems: 'center',
        gap: 12,
      }}
    >
      {children}
    </div>
  );
}
