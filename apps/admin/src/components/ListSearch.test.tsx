import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getButton } from '../test/buttons.ts';
import { renderInConsole } from '../test/render.tsx';
import { ListSearch } from './ListSearch.tsx';

describe('ListSearch', () => {
  it('starts from the applied words and applies the typed ones, trimmed, only on 查询 or Enter, at most maxLength', async () => {
    const user = userEvent.setup({ delay: null });
    const onSearch = vi.fn();
    const { container } = renderInConsole(
      <ListSearch applied="保温" onSearch={onSearch} placeholder="商品名称" aria-label="搜索商品" maxLength={5} />,
    );
    const box = screen.getByLabelText('搜索商品') as HTMLInputElement;
    expect(box.value).toBe('保温');
    await user.clear(box);
    await user.type(box, '  茶壶 ');
    expect(onSearch).not.toHaveBeenCalled();
    await user.click(getButton(container, /查\s*询/));
    expect(onSearch).toHaveBeenLastCalledWith('茶壶');
    await user.clear(box);
    await user.type(box, '紫砂壶一二三{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('紫砂壶一二');
  });
});
