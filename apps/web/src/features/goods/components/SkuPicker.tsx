import { Tooltip } from 'antd';
import { valueState, type PickableSku, type Selection, type SpecDimension } from '../lib/sku.ts';
import styles from './detail.module.css';

const REASON = { soldOut: '该规格已售罄', missing: '该规格组合不存在' } as const;

/** One row per spec dimension; impossible and sold-out values are disabled and say why. */
export function SkuPicker({
  skus,
  dims,
  selection,
  onPick,
}: {
  skus: PickableSku[];
  dims: SpecDimension[];
  selection: Selection;
  onPick: (dim: string, value: string) => void;
}) {
  return (
    <>
      {dims.map((dim) => (
        <div className={styles.row} key={dim.name} role="radiogroup" aria-label={dim.name}>
          <span className={styles.label}>{dim.name}</span>
          <div className={styles.values}>
            {dim.values.map((value) => {
              const state = valueState(skus, selection, dim.name, value);
              const selected = selection[dim.name] === value;
              const button = (
                <button
                  type="button"
                  role="radio"
                  aria-checked={selected}
                  disabled={state !== 'available'}
                  className={`${styles.value} ${selected ? styles.valueSelected : ''} ${state === 'soldOut' ? styles.valueSoldOut : ''}`}
                  onClick={() => onPick(dim.name, value)}
                >
                  {value}
                  {state === 'soldOut' ? <span className={styles.soldOutMark}>缺货</span> : null}
                </button>
              );
              return state === 'available' ? (
                <span key={value}>{button}</span>
              ) : (
                <Tooltip key={value} title={REASON[state]}>
                  <span>{button}</span>
                </Tooltip>
              );
            })}
          </div>
        </div>
      ))}
    </>
  );
}
