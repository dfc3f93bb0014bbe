import { useEffect, useState } from 'react';
import { Button, Space, Tag } from 'antd';
import { PlainNumberInput } from '../../../components/PlainNumberInput.tsx';
import { CheckOutlined } from '@ant-design/icons';
import type { ListParams } from '../lib/listParams.ts';
import type { CategoryNode } from '../../../lib/catalogTypes.ts';
import type { Facet } from '../types.ts';
import styles from './list.module.css';

export interface ListFiltersProps {
  params: ListParams;
  /** Sub-categories of the category being viewed (or the top level), for category navigation. */
  childCategories: CategoryNode[];
  facets: { categories: Facet[]; brands: Facet[] } | undefined;
  update: (patch: Partial<ListParams>) => void;
}

/**
 * The categories a buyer may narrow to: with a keyword the facet counts guide; without, the tree's
 * children are the way down (count -1: not counted).
 */
export function categoryChoices(params: ListParams, childCategories: CategoryNode[], facets: ListFiltersProps['facets']): Facet[] {
  return params.keyword
    ? (facets?.categories ?? []).filter((c) => c.id !== params.categoryId)
    : childCategories.map((c) => ({ id: c.id, name: c.name, count: -1 }));
}

/** The filter panel: categories, brands (with counts) and a price range, JD-style rows. */
export function ListFilters({ params, childCategories, facets, update }: ListFiltersProps) {
  const [min, setMin] = useState<number | null>(params.minYuan);
  const [max, setMax] = useState<number | null>(params.maxYuan);
  useEffect(() => {
    setMin(params.minYuan);
    setMax(params.maxYuan);
  }, [params.minYuan, params.maxYuan]);

  const categories = categoryChoices(params, childCategories, facets);
  const brands = facets?.brands ?? [];
  const toggleBrand = (id: number) =>
    update({ brandIds: params.brandIds.includes(id) ? params.brandIds.filter((b) => b !== id) : [...params.brandIds, id] });

  return (
    <div className={styles.filters}>
      {categories.length ? (
        <div className={styles.filterRow} data-testid="facet-categories">
          <span className={styles.filterLabel}>分类</span>
          <div className={styles.filterValues}>
            {categories.map((c) => (
              <button type="button" key={c.id} className={styles.facet} onClick={() => update({ categoryId: c.id })}>
                {c.name}
                {c.count >= 0 ? <span className={styles.count}>({c.count})</span> : null}
              </button>
            ))}
          </div>
        </div>
      ) : null}
      {brands.length ? (
        <div className={styles.filterRow} data-testid="facet-brands">
          <span className={styles.filterLabel}>品牌</span>
          <div className={styles.filterValues}>
            {brands.map((b) => {
              const on = params.brandIds.includes(b.id);
              return (
                <button
                  type="button"
                  key={b.id}
                  className={`${styles.facet} ${on ? styles.facetOn : ''}`}
                  aria-pressed={on}
                  onClick={() => toggleBrand(b.id)}
                >
                  {on ? <CheckOutlined /> : null} {b.name}
                  <span className={styles.count}>({b.count})</span>
                </button>
              );
            })}
          </div>
        </div>
      ) : null}
      <div className={styles.filterRow}>
        <span className={styles.filterLabel}>价格</span>
        <Space size={6}>
          <PlainNumberInput size="small" min={0} max={99999999} precision={2} prefix="¥" placeholder="最低价" value={min} onChange={setMin} aria-label="最低价" style={{ width: 96 }} />
          <span>-</span>
          <PlainNumberInput size="small" min={0} max={99999999} precision={2} prefix="¥" placeholder="最高价" value={max} onChange={setMax} aria-label="最高价" style={{ width: 96 }} />
          <Button size="small" type="primary" ghost onClick={() => update({ minYuan: min ?? null, maxYuan: max ?? null })}>
            确定
          </Button>
        </Space>
      </div>
    </div>
  );
}

/** 已选条件: each active filter as a closable tag, plus 清除全部. */
export function ActiveFilters({
  params,
  brandName,
  update,
}: {
  params: ListParams;
  brandName: (id: number) => string;
  update: (patch: Partial<ListParams>) => void;
}) {
  const tags: { key: string; label: string; clear: Partial<ListParams> }[] = [];
  for (const id of params.brandIds) tags.push({ key: `b${id}`, label: `品牌：${brandName(id)}`, clear: { brandIds: params.brandIds.filter((b) => b !== id) } });
  if (params.minYuan !== null || params.maxYuan !== null) {
    tags.push({ key: 'price', label: `价格：${params.minYuan ?? 0} - ${params.maxYuan ?? '不限'} 元`, clear: { minYuan: null, maxYuan: null } });
  }
  if (!tags.length) return null;
  return (
    <div className={styles.active}>
      <span className={styles.filterLabel}>已选条件</span>
      {tags.map((t) => (
        <Tag key={t.key} closable color="purple" onClose={() => update(t.clear)}>
          {t.label}
        </Tag>
      ))}
      <Button type="link" size="small" onClick={() => update({ brandIds: [], minYuan: null, maxYuan: null })}>
        清除全部
      </Button>
    </div>
  );
}
