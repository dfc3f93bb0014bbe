import { Cascader } from 'antd';
import { useRegions } from '../lib/regions.ts';

/**
 * Province / city / district from the server's GB/T 2260 tree (the address book's picker, shared with
 * 供应商入驻). A Form.Item child: value and onChange are the three codes.
 */
export function RegionCascader({
  value,
  onChange,
  enabled = true,
  label = '所在地区',
  id,
}: {
  value?: string[];
  onChange?: (codes: string[]) => void;
  /** Load the tree only when the form is open. */
  enabled?: boolean;
  label?: string;
  id?: string;
}) {
  const regions = useRegions(enabled);
  return (
    <Cascader
      id={id}
      value={value}
      onChange={(codes) => onChange?.((codes ?? []).map(String))}
      options={regions.data ?? []}
      // antd's placeholder grey is 1.8 : 1 on white, and axe reads this one as text: #6b6b6b (5.3 : 1).
      placeholder={
        <span style={{ color: '#6b6b6b' }}>{regions.isLoading ? '地区加载中…' : regions.isError ? '地区加载失败，请刷新后重试' : '请选择省 / 市 / 区县'}</span>
      }
      showSearch
      aria-label={label}
      notFoundContent={regions.isLoading ? '加载中…' : '无匹配地区'}
    />
  );
}
