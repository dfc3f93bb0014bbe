import { useState } from 'react';
import { App, AutoComplete, Button, Input, Tag } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { SpecDef } from '../../../entities/goods/types.ts';
import styles from './GoodsForm.module.css';

export const MAX_DIMS = 3;
export const MAX_VALUES = 30;
const NAME_SUGGESTIONS = ['颜色', '尺码', '容量', '版本', '规格', '口味', '套餐', '重量'].map((value) => ({ value }));

const fold = (s: string) => s.normalize('NFKC').trim().toLowerCase();

/** One dimension's values: tags, and an input that adds one on Enter (duplicates are refused). */
function ValuesInput({ dim, onChange }: { dim: SpecDef; onChange: (values: string[]) => void }) {
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const add = () => {
    const v = text.trim();
    if (!v) return;
    if (dim.values.some((x) => fold(x) === fold(v))) {
      void message.warning(`规格值「${v}」已存在`);
      return;
    }
    if (dim.values.length >= MAX_VALUES) {
      void message.warning(`每个规格最多 ${MAX_VALUES} 个规格值`);
      return;
    }
    onChange([...dim.values, v]);
    setText('');
  };
  return (
    <div className={styles.values}>
      {dim.values.map((v) => (
        <Tag key={v} closable onClose={() => onChange(dim.values.filter((x) => x !== v))} className={styles.valueTag}>
          {v}
        </Tag>
      ))}
      <Input
        size="small"
        className={styles.valueInput}
        placeholder={dim.values.length ? '再加一个，回车确认' : '输入规格值，回车确认'}
        value={text}
        maxLength={20}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={(e) => {
          e.preventDefault();
          add();
        }}
        onBlur={add}
        aria-label={`${dim.name || '规格'}的规格值`}
      />
    </div>
  );
}

/** The spec dimensions (颜色, 容量…) and their values, from which the SKU grid is made. */
export function SpecEditor({ value, onChange }: { value: SpecDef[]; onChange: (dims: SpecDef[]) => void }) {
  const setDim = (i: number, dim: SpecDef) => onChange(value.map((d, j) => (j === i ? dim : d)));
  return (
    <div className={styles.dims}>
      {value.map((dim, i) => (
        <div key={i} className={styles.dim}>
          <AutoComplete
            className={styles.dimName}
            options={NAME_SUGGESTIONS.filter((o) => !value.some((d) => d.name === o.value))}
            value={dim.name}
            onChange={(name: string) => setDim(i, { ...dim, name: name.slice(0, 10) })}
            placeholder="规格名，如 颜色"
            aria-label={`规格名 ${i + 1}`}
          />
          <ValuesInput dim={dim} onChange={(values) => setDim(i, { ...dim, values })} />
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={`删除规格 ${dim.name || i + 1}`}
            onClick={() => onChange(value.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      {value.length < MAX_DIMS ? (
        <Button icon={<PlusOutlined />} onClick={() => onChange([...value, { name: '', values: [] }])}>
          添加规格
        </Button>
      ) : null}
      {value.length === 0 ? <span className={styles.hint}>不添加规格时，商品只有一个 SKU。</span> : null}
    </div>
  );
}
