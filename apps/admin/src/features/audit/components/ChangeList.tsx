import { fieldLabel } from '../labels.ts';
import { recordChanges, type RecordChange } from '../recordChanges.ts';
import type { AuditChange } from '../types.ts';
import { ChangeValue } from './ChangeValue.tsx';
import styles from './audit.module.css';

const KIND_WORDS = { added: '新增', removed: '删除', changed: '修改' } as const;

/** before → after of one field, its values in words. */
function BeforeAfter({ objectType, field, before, after }: { objectType: string } & AuditChange) {
  return (
    <span className={styles.beforeAfter}>
      <span className={styles.before}>
        <ChangeValue objectType={objectType} field={field} value={before} />
      </span>
      <span className={styles.arrow}>→</span>
      <span className={styles.after}>
        <ChangeValue objectType={objectType} field={field} value={after} />
      </span>
    </span>
  );
}

/** A list of records that changed: one line per record added, removed or changed, with its fields. */
function RecordLines({ objectType, changes }: { objectType: string; changes: RecordChange[] }) {
  if (!changes.length) return <span className={styles.empty}>（未变）</span>;
  return (
    <span className={styles.records}>
      {changes.map((c, i) => (
        <span key={`${c.label}-${i}`} className={styles.record} data-testid="audit-record">
          <span className={styles.recordLabel}>
            {KIND_WORDS[c.kind]} {c.label}
          </span>
          {c.kind === 'changed'
            ? c.fields.map((f) => (
                <span key={f.field} className={styles.recordField}>
                  {fieldLabel(f.field)}：<BeforeAfter objectType={objectType} {...f} />
                </span>
              ))
            : null}
        </span>
      ))}
    </span>
  );
}

/** What a write changed, field by field: before → after; a list of records as what changed in it. */
export function ChangeList({ objectType, changes }: { objectType: string; changes: AuditChange[] }) {
  if (!changes.length) return <span className={styles.empty}>—</span>;
  return (
    <div className={styles.changes}>
      {changes.map((c, i) => {
        const records = recordChanges(c.before, c.after);
        return (
          <div key={`${c.field}-${i}`} className={styles.change} data-testid="audit-change">
            <span className={styles.changeField}>{fieldLabel(c.field)}</span>
            {records ? <RecordLines objectType={objectType} changes={records} /> : <BeforeAfter objectType={objectType} {...c} />}
          </div>
        );
      })}
    </div>
  );
}
