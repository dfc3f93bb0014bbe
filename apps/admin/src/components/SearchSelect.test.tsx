import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderInConsole } from '../test/render.tsx';
import { findOption } from '../test/select.ts';
import { SearchSelect, type SearchOption } from './SearchSelect.tsx';

/** A picker over a fixed answer: what it found is whatever `answer` gives for the words typed. */
function Picker(p: { answer: (k: string) => SearchOption<number>[]; searching?: boolean; failure?: string }) {
  const [keyword, setKeyword] = useState('');
  return (
    <SearchSelect<number>
      keyword={keyword}
      onKeywordChange={setKeyword}
      found={keyword ? p.answer(keyword) : []}
      searching={p.searching ?? false}
      failure={p.failure}
      hint="输入名称后搜索"
      nothingFound="没有找到"
      aria-label="选择"
    />
  );
}

describe('SearchSelect', () => {
  it('says what to do before anything is typed, and when the words found nothing', async () => {
    const user = userEvent.setup({ delay: null });
    renderInConsole(<Picker answer={() => []} />);
    await user.click(screen.getByLabelText('选择'));
    expect(await screen.findByText('输入名称后搜索')).toBeTruthy();
    await user.type(screen.getByLabelText('选择'), '杯');
    expect(await screen.findByText('没有找到')).toBeTruthy();
  });

  it('lists the server’s answer as it is (no filtering of its own) and says a search under way', async () => {
    const user = userEvent.setup({ delay: null });
    const { unmount } = renderInConsole(<Picker answer={() => [{ value: 1, label: '保温杯' }]} />);
    await user.type(screen.getByLabelText('选择'), '不相干的字');
    expect(await findOption('保温杯')).toBeTruthy();
    unmount();

    renderInConsole(<Picker answer={() => []} searching />);
    await user.type(screen.getByLabelText('选择'), '杯');
    expect(await screen.findByText('搜索中…')).toBeTruthy();
  });

  it('a failure is said in place of the list', async () => {
    const user = userEvent.setup({ delay: null });
    renderInConsole(<Picker answer={() => []} failure="商品搜索失败" />);
    await user.type(screen.getByLabelText('选择'), '杯');
    expect(await screen.findByText('商品搜索失败')).toBeTruthy();
  });
});
