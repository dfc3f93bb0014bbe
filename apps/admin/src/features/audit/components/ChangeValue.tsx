import { Typography } from 'antd';
import { isFenField } from '@mall/shared';
import { formatFen } from '../../../lib/format.ts';
import { valueLabel } from '../labels.ts';
import styles from './audit.module.css';

const IMAGE_PATH = /^\/static\/[\w/.-]+\.(png|jpe?g|webp|svg)$/i;
/** Longer texts (an agreement, a goods' description) show two lines and open on 展开. */
const LONG_TEXT = 80;

/** A value before or after a change, as a person reads it: words, money, a picture, a list, or compact JSON. */
export function ChangeValue({ objectType, field, value }: { objectType: string; field: string; value: unknown }) {
  if (value === null || value === undefined || value === '') return <span className={styles.empty}>（空）</span>;
  if (typeof value === 'boolean') return <span>{value ? '是' : '否'}</span>;
  if (typeof value === 'number') return <span>{isFenField(field) ? formatFen(value) : value}</span>;
  if (typeof value === 'string') {
    const word = valueLabel(objectType, field, value);
    if (word) return <span>{word}</span>;
    if (IMAGE_PATH.test(value)) {
      return (
        <span className={styles.imageValue} title={value}>
          <img src={value} alt="" />
          <span className={styles.path}>{value.split('/').pop()}</span>
        </span>
      );
    }
    if (value.length <= LONG_TEXT) return <span className={styles.text}>{value}</span>;
    return (
      <Typography.Paragraph
        className={styles.longText}
        ellipsis={{ rows: 2, expandable: 'collapsible', symbol: (expanded) => (expanded ? '收起' : '展开') }}
      >
        {value}
      </Typography.Paragraph>
    );
  }
  if (field === 'freight' && typeof value === 'object') {
    const f = value as { freeFromFen?: number; feeFen?: number };
    if (typeof f.feeFen === 'number' && typeof f.freeFromFen === 'number') {
      return (
        <span>
          运费 {formatFen(f.feeFen)}，满 {formatFen(f.freeFromFen)} 包邮
        </span>
      );
    }
  }
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) {
    return value.length ? <span>{value.join('、')}</span> : <span className={styles.empty}>（无）</span>;
  }
  return (
    <Typography.Paragraph
      className={styles.json}
      ellipsis={{ rows: 2, expandable: 'collapsible', symbol: (expanded) => (expanded ? '收起' : '展开') }}
    >
      {JSON.stringify(value)}
    </Typography.Paragraph>
  );
}
