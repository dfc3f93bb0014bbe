import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getButton } from '../../../test/buttons.ts';
import { renderInConsole } from '../../../test/render.tsx';
import { TaxonomyDeleteButton } from './TaxonomyDeleteButton.tsx';

describe('TaxonomyDeleteButton', () => {
  it('while something still uses the row, it is greyed and cannot ask', () => {
    const onConfirm = vi.fn(async () => undefined);
    const { container } = renderInConsole(
      <TaxonomyDeleteButton
        blocked="还有 3 件商品使用该品牌"
        disabled={false}
        title="删除品牌「茶」？"
        onConfirm={onConfirm}
      />,
    );
    expect(getButton(container, /删\s*除/).disabled).toBe(true);
    expect(document.querySelector('.ant-popconfirm')).toBeNull();
  });

  it('otherwise asks first, then deletes', async () => {
    const user = userEvent.setup({ delay: null });
    const onConfirm = vi.fn(async () => undefined);
    const { container } = renderInConsole(
      <TaxonomyDeleteButton
        blocked={null}
        disabled={false}
        title="删除分类「茶叶」？"
        description="删除后买家的分类中不再显示它。"
        onConfirm={onConfirm}
      />,
    );
    await user.click(getButton(container, /删\s*除/));
    expect(await screen.findByText('删除分类「茶叶」？')).toBeTruthy();
    const ok = [...document.querySelectorAll<HTMLButtonElement>('.ant-popconfirm button')].find((b) =>
      /删\s*除/.test(b.textContent ?? ''),
    )!;
    await user.click(ok);
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
  });
});
