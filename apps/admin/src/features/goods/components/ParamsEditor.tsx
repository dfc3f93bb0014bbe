import { Button, Input } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { GoodsParam } from '../../../entities/goods/types.ts';
import { move } from './ImageListEditor.tsx';
import styles from './GoodsForm.module.css';

export const MAX_PARAMS = 30;

/** 规格参数 as buyers read them in the detail's 参数 tab: name / value rows in order. */
export function ParamsEditor({
  value = [],
  onChange,
}: {
  value?: GoodsParam[];
  onChange?: (params: GoodsParam[]) => void;
}) {
  const set = (list: GoodsParam[]) => onChange?.(list);
  return (
    <div className={styles.rows}>
      {value.map((p, i) => (
        <div key={i} className={styles.paramRow}>
          <Input
            className={styles.paramName}
            value={p.name}
            maxLength={20}
            placeholder="参数名，如 产地"
            aria-label={`参数 ${i + 1} 名称`}
            onChange={(e) => set(value.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
          />
          <Input
            value={p.value}
            maxLength={200}
            placeholder="参数值"
            aria-label={`参数 ${i + 1} 值`}
            onChange={(e) => set(value.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))}
          />
          <Button
            type="text"
            icon={<ArrowUpOutlined />}
            disabled={i === 0}
            aria-label="上移"
            onClick={() => set(move(value, i, i - 1))}
          />
          <Button
            type="text"
            icon={<ArrowDownOutlined />}
            disabled={i === value.length - 1}
            aria-label="下移"
            onClick={() => set(move(value, i, i + 1))}
          />
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label="删除参数"
            onClick={() => set(value.filter((_, j) => j !== i))}
          />
        </div>
      ))}
      {value.length < MAX_PARAMS ? (
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          onClick={() => set([...value, { name: '', value: '' }])}
          className={styles.addRow}
        >
          添加参数
        </Button>
      ) : null}
    </div>
  );
}
