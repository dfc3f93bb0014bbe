import styles from './Placeholder.module.css';

/**
 * A grey shimmering block standing in for content that is still loading, for the first screens
 * (antd's Skeleton is ~3 kB they need not load). Hidden from screen readers; the end-to-end accessibility
 * pass waits for `[data-placeholder]` to be gone as it does for antd's skeletons.
 */
export function Placeholder({
  width = '100%',
  height = 16,
  round = false,
  className,
  children,
}: {
  width?: number | string;
  height?: number | string;
  round?: boolean;
  className?: string;
  children?: React.ReactNode;
}) {
  const classes = [styles.block, round && styles.round, children && styles.center, className].filter(Boolean);
  return (
    <span aria-hidden="true" data-placeholder="" className={classes.join(' ')} style={{ width, height }}>
      {children}
    </span>
  );
}
