import type { ReactNode } from 'react';
import styles from './CountBadge.module.css';

/**
 * A red count on the corner of an icon (the cart's pieces), 99+ past 99, nothing at 0. The shell
 * shows it on every page: a few lines of CSS instead of antd's animated Badge in the first screen.
 * The number is for the eye; the link around it names the count for screen readers.
 */
export function CountBadge({ count, children }: { count: number; children: ReactNode }) {
  return (
    <span className={styles.anchor}>
      {children}
      {count > 0 ? (
        <sup className={styles.count} aria-hidden>
          {count > 99 ? '99+' : count}
        </sup>
      ) : null}
    </span>
  );
}
