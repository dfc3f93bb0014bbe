import { useState } from 'react';
import { SearchSelect, type PickerProps } from '../../../components/SearchSelect.tsx';
import { errorMessage } from '../../../lib/request.ts';
import { useGoodsDetails } from '../api/getGoodsDetail.ts';
import { useGoodsPage } from '../api/getGoodsPage.ts';

/** The server cuts a goods keyword at 50 characters; the first 20 hits are enough to pick from. */
const MAX_KEYWORD = 50;
const HITS = 20;

/**
 * Picks one goods (or several, `mode="multiple"`) of the shop's catalogue by name, as a form field or
 * on its own. Goods off the shelf are marked; goods chosen before it opened (an edited record's) are
 * named from their details.
 */
export function GoodsPicker(props: PickerProps<number>) {
  const [keyword, setKeyword] = useState('');
  const words = keyword.trim().slice(0, MAX_KEYWORD);
  const hits = useGoodsPage(words ? { keyword: words, pageNum: 1, pageSize: HITS } : null);
  const [initial] = useState(() =>
    props.value == null ? [] : Array.isArray(props.value) ? props.value : [props.value],
  );
  const named = useGoodsDetails(initial);
  return (
    <SearchSelect<number>
      {...props}
      keyword={keyword}
      onKeywordChange={setKeyword}
      found={(hits.data?.list ?? []).map((g) => ({
        value: g.id,
        label: `${g.name}${g.onShelf ? '' : '（已下架）'}`,
      }))}
      searching={hits.isFetching}
      failure={hits.isError ? errorMessage(hits.error, '商品搜索失败') : null}
      known={initial.map((id, i) => ({ value: id, label: named[i]?.data?.name ?? `商品 ${id}` }))}
      hint="输入名称后搜索商品"
      nothingFound="没有找到该名称的商品"
    />
  );
}
