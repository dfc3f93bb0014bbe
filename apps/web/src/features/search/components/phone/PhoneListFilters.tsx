import { useState } from 'react';
import { Button, Drawer } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { NumberInput } from '../../../../components/NumberInput.tsx';
import type { ListParams } from '../../lib/listParams.ts';
import { categoryChoices, type ListFiltersProps } from '../ListFilters.tsx';
import styles from './PhoneList.module.css';

interface Draft {
  categoryId: number | null;
  brandIds: number[];
  minYuan: number | null;
  maxYuan: number | null;
}

const draftOf = (p: ListParams): Draft => ({ categoryId: p.categoryId, brandIds: p.brandIds, minYuan: p.minYuan, maxYuan: p.maxYuan });

/**
 * 筛选 on a phone: a drawer from the right with the list's filters (分类, 品牌, 价格区间). Choices are a
 * draft until 确定 puts them in the URL (as the PC filters do); 重置 clears the draft; closing drops it.
 */
export function PhoneListFilters({ open, onClose, params, childCategories, facets, update }: ListFiltersProps & { open: boolean; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(params));
  // Each opening starts from what the list shows now.
  const [openedWith, setOpenedWith] = useState<ListParams | null>(null);
  if (open && openedWith !== params) {
    setOpenedWith(params);
    setDraft(draftOf(params));
  }
  if (!open && openedWith) setOpenedWith(null);

  const categories = categoryChoices(params, childCategories, facets);
  const brands = facets?.brands ?? [];
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const chip = (on: boolean, label: React.ReactNode, onClick: () => void, key: number) => (
    <button type="button" key={key} className={on ? `${styles.chip} ${styles.chipOn}` : styles.chip} aria-pressed={on} onClick={onClick}>
      {on ? <CheckOutlined /> : null}
      {label}
    </button>
  );

  const apply = () => {
    update({ categoryId: draft.categoryId, brandIds: draft.brandIds, minYuan: draft.minYuan, maxYuan: draft.maxYuan });
    onClose();
  };

  return (
    <Drawer
      open={open}
      placement="right"
      size="85%"
      title="筛选"
      onClose={onClose}
      closable={false}
      extra={<Button type="text" icon={<CloseOutlined />} aria-label="关闭" onClick={onClose} />}
      data-testid="list-filter-drawer"
      styles={{ body: { padding: '4px 16px 16px' }, footer: { padding: '8px 12px calc(8px + env(safe-area-inset-bottom))' } }}
      footer={
        <div className={styles.drawerFooter}>
          <Button block onClick={() => setDraft({ categoryId: params.keyword ? null : params.categoryId, brandIds: [], minYuan: null, maxYuan: null })}>
            重置
          </Button>
          <Button block type="primary" onClick={apply}>
            确定
          </Button>
        </div>
      }
    >
      {categories.length ? (
        <section className={styles.group} aria-label="分类" data-testid="drawer-categories">
          <h3>分类</h3>
          <div className={styles.chips}>
            {categories.map((c) =>
              chip(
                draft.categoryId === c.id,
                <>
                  {c.name}
                  {c.count >= 0 ? <span className={styles.count}>({c.count})</span> : null}
                </>,
                () => set({ categoryId: draft.categoryId === c.id ? params.categoryId : c.id }),
                c.id,
              ),
            )}
          </div>
        </section>
      ) : null}
      {brands.length ? (
        <section className={styles.group} aria-label="品牌" data-testid="drawer-brands">
          <h3>品牌</h3>
          <div className={styles.chips}>
            {brands.map((b) => {
              const on = draft.brandIds.includes(b.id);
              return chip(
                on,
                <>
                  {b.name}
                  <span className={styles.count}>({b.count})</span>
                </>,
                () => set({ brandIds: on ? draft.brandIds.filter((id) => id !== b.id) : [...draft.brandIds, b.id] }),
                b.id,
              );
            })}
          </div>
        </section>
      ) : null}
      <section className={styles.group} aria-label="价格区间">
        <h3>价格区间（元）</h3>
        <div className={styles.priceRange}>
          <NumberInput min={0} max={99999999} precision={2} placeholder="最低价" value={draft.minYuan} onChange={(v) => set({ minYuan: v ?? null })} aria-label="最低价" />
          <span aria-hidden>-</span>
          <NumberInput min={0} max={99999999} precision={2} placeholder="最高价" value={draft.maxYuan} onChange={(v) => set({ maxYuan: v ?? null })} aria-label="最高价" />
        </div>
      </section>
    </Drawer>
  );
}
