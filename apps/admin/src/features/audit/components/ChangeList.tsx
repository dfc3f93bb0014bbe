import { fieldLabel } from '../labels.ts';
import type { AuditChange } from '../types.ts';
import { ChangeValue } from './ChangeValue.tsx';
import styles from './audit.module.css';

/** What a write changed, field by field: before → after. */
export function ChangeList({ changes }: { changes: AuditChange[] }) {
  if (!changes.length) return <span className={styles.empty}>—</span>;
  return (
    <div className={styles.changes}>
      {changes.map((c, i) => (
        <div key={`${c.field}-${i}`} className={styles.change} data-testid="audit-change">
          <span className={styles.changeField}>{fieldLabel(c.field)}</span>
          <span className={styles.beforeAfter}>
            <span className={styles.before}>
              <ChangeValue field={c.field} value={c.before} />
            </span>
            <span className={styles.arrow}>→</span>
            <span className={styles.after}>
              <ChangeValue field={c.field} value={c.after} />
            </span>
          </span>
        </div>
      ))}
    </div>
  );
}
