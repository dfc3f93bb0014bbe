import { useMemo, useState } from 'react';
import { Select } from 'antd';
import { useDebounce } from 'ahooks';
import { useBrandPage } from '../api/getBrandPage.ts';

/**
 * A brand picker searching the server by name or 英文名 (there are hundreds); the chosen brand keeps
 * its name when it is not among the results (`currentName`).
 */
export function BrandSelect({
  value,
  onChange,
  currentName,
  placeholder = '全部品牌',
  style,
  id,
  ariaLabel,
}: {
  value?: number | null;
  onChange?: (id: number | null) => void;
  currentName?: string | null;
  placeholder?: string;
  style?: React.CSSProperties;
  id?: string;
  ariaLabel?: string;
}) {
  const [search, setSearch] = useState('');
  const keyword = useDebounce(search, { wait: 250 });
  const brands = useBrandPage({ keyword: keyword || undefined, pageNum: 1, pageSize: 50 });
  const options = useMemo(() => {
    const list = (brands.data?.list ?? []).map((b) => ({
      value: b.id,
      label: b.alias && b.alias !== b.name ? `${b.name}（${b.alias}）` : b.name,
    }));
    if (value && currentName && !list.some((o) => o.value === value)) list.unshift({ value, label: currentName });
    return list;
  }, [brands.data, value, currentName]);
  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={options}
      placeholder={placeholder}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={brands.isFetching}
      style={style}
      notFoundContent={brands.isFetching ? '搜索中…' : '没有匹配的品牌'}
    />
  );
}
