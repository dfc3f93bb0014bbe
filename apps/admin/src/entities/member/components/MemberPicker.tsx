import { useState } from 'react';
import { SearchSelect, type PickerProps } from '../../../components/SearchSelect.tsx';
import { errorMessage } from '../../../lib/request.ts';
import { useMemberPage } from '../api/getMemberPage.ts';
import { memberLabel } from '../memberLabel.ts';

/** A member number is 36 characters; a mobile or a username is shorter. */
const MAX_KEYWORD = 36;
const HITS = 10;

/** Picks one member (or several, `mode="multiple"`) found by 编号, 手机号 or 用户名. */
export function MemberPicker(props: PickerProps<string>) {
  const [keyword, setKeyword] = useState('');
  const words = keyword.trim().slice(0, MAX_KEYWORD);
  const hits = useMemberPage(words ? { keyword: words, pageNum: 1, pageSize: HITS } : null);
  return (
    <SearchSelect<string>
      {...props}
      keyword={keyword}
      onKeywordChange={setKeyword}
      found={(hits.data?.list ?? []).map((m) => ({ value: m.id, label: memberLabel(m) }))}
      searching={hits.isFetching}
      failure={hits.isError ? errorMessage(hits.error, '会员搜索失败') : null}
      hint="输入后搜索会员"
      nothingFound="没有找到该会员"
    />
  );
}
