import { useState } from 'react';
import { Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';

/**
 * A list screen's search box: the words are typed freely and applied on 查询 or Enter, trimmed (the
 * screen keeps them in the address and goes back to page 1). It starts from the words applied.
 */
export function ListSearch({
  applied,
  onSearch,
  placeholder,
  maxLength,
  width = 320,
  'aria-label': ariaLabel,
}: {
  applied: string | undefined;
  onSearch: (words: string) => void;
  placeholder: string;
  maxLength: number;
  width?: number;
  'aria-label'?: string;
}) {
  const [text, setText] = useState(applied ?? '');
  return (
    <Input.Search
      allowClear
      prefix={<SearchOutlined />}
      placeholder={placeholder}
      aria-label={ariaLabel}
      style={{ width }}
      maxLength={maxLength}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onSearch={(v) => onSearch(v.trim())}
      enterButton="查询"
    />
  );
}
