import { ExclamationCircleFilled } from '@ant-design/icons';
import styles from './InlineWarning.module.css';

/** A one-line warning in a section that failed to load (antd's Alert look, without its ~3 kB on the first screen). */
export function InlineWarning({ children }: { children: React.ReactNode }) {
  return (
    <div role="alert" className={styles.warning}>
      <ExclamationCircleFilled className={styles.icon} aria-hidden="true" />
      <span>{children}</span>
    </div>
  );
}
