import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { resetRequestEnv } from '../../../lib/request.ts';
import { renderInConsole, reply } from '../../../test/render.tsx';
import { chosenTexts, findOption } from '../../../test/select.ts';
import { GoodsPicker } from './GoodsPicker.tsx';

const cup = { id: 5, name: '保温杯', onShelf: true };
const pot = { id: 6, name: '茶壶', onShelf: false };

let gets: string[] = [];
let searchFails = false;
beforeEach(() => {
  gets = [];
  searchFails = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      gets.push(url);
      if (url.startsWith('/ops/goods/page')) {
        if (searchFails) return reply(500, null, '系统繁忙，请稍后再试');
        const keyword = new URL(url, 'http://x').searchParams.get('keyword') ?? '';
        return reply(0, {
          list: [cup, pot].filter((g) => g.name.includes(keyword)),
          total: 2,
          pageNum: 1,
          pageSize: 20,
        });
      }
      if (url.startsWith('/ops/goods/detail?goodsId=9')) return reply(0, { id: 9, name: '紫砂杯', skus: [] });
      if (url.startsWith('/ops/goods/detail')) return reply(404, null, '资源不存在');
      return reply(0, null);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetRequestEnv();
});

function Several({ start, onChange }: { start: number[]; onChange: (ids: number[]) => void }) {
  const [ids, setIds] = useState(start);
  return (
    <GoodsPicker
      mode="multiple"
      value={ids}
      onChange={(next) => {
        setIds(next);
        onChange(next);
      }}
      aria-label="适用商品"
    />
  );
}

describe('GoodsPicker', () => {
  it('searches the catalogue by name as the operator types; goods off the shelf are marked', async () => {
    const user = userEvent.setup({ delay: null });
    const picked = vi.fn();
    renderInConsole(<GoodsPicker value={null} onChange={picked} aria-label="商品" />);
    await user.type(screen.getByLabelText('商品'), '茶');
    await user.click(await findOption('茶壶（已下架）'));
    expect(picked).toHaveBeenCalledWith(6, { value: 6, label: '茶壶（已下架）' });
    expect(
      gets.some(
        (u) =>
          u.startsWith('/ops/goods/page') &&
          u.includes('pageSize=20') &&
          u.includes(`keyword=${encodeURIComponent('茶')}`),
      ),
    ).toBe(true);
  });

  it('keeps the names of chosen goods through later searches, and names goods chosen before it opened', async () => {
    const user = userEvent.setup({ delay: null });
    const changed = vi.fn();
    renderInConsole(<Several start={[9, 7]} onChange={changed} />);
    await waitFor(() => expect(chosenTexts()).toEqual(['紫砂杯', '商品 7']));
    await user.type(screen.getByLabelText('适用商品'), '保温');
    await user.click(await findOption('保温杯'));
    expect(changed).toHaveBeenLastCalledWith([9, 7, 5]);
    await user.clear(screen.getByLabelText('适用商品'));
    await user.type(screen.getByLabelText('适用商品'), '茶');
    await findOption('茶壶（已下架）');
    expect(chosenTexts()).toEqual(['紫砂杯', '商品 7', '保温杯']);
  });

  it('says when a search failed, in the list', async () => {
    const user = userEvent.setup({ delay: null });
    searchFails = true;
    renderInConsole(<GoodsPicker value={null} aria-label="商品" />);
    await user.type(screen.getByLabelText('商品'), '茶');
    expect(await screen.findByText('系统繁忙，请稍后再试')).toBeTruthy();
  });
});
