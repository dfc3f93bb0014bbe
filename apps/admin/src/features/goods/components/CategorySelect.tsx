import { useMemo } from 'react';
import { TreeSelect } from 'antd';
import type { CategoryNode } from '../../../entities/goods/types.ts';
import { useScopedCategoryTree } from '../api/getStoreCategoryTree.ts';

interface Option {
  value: number;
  title: string;
  selectable: boolean;
  children?: Option[];
}

function toOptions(nodes: CategoryNode[], leavesOnly: boolean): Option[] {
  return nodes.map((n) => ({
    value: n.id,
    title: n.name,
    selectable: !leavesOnly || n.children.length === 0,
    children: n.children.length ? toOptions(n.children, leavesOnly) : undefined,
  }));
}

/** The buyer's category tree as a picker; `leavesOnly` for a goods (goods sit in the last level). */
export function CategorySelect({
  value,
  onChange,
  leavesOnly = false,
  placeholder = '全部分类',
  style,
  id,
  ariaLabel,
}: {
  value?: number | null;
  onChange?: (id: number | undefined) => void;
  leavesOnly?: boolean;
  placeholder?: string;
  style?: React.CSSProperties;
  id?: string;
  ariaLabel?: string;
}) {
  const tree = useScopedCategoryTree();
  const options = useMemo(() => toOptions(tree.data ?? [], leavesOnly), [tree.data, leavesOnly]);
  return (
    <TreeSelect
      id={id}
      aria-label={ariaLabel}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? undefined)}
      treeData={options}
      placeholder={placeholder}
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      loading={tree.isLoading}
      style={style}
      popupMatchSelectWidth={false}
      treeDefaultExpandAll={false}
      notFoundContent={tree.isError ? '分类加载失败' : '没有匹配的分类'}
    />
  );
}
