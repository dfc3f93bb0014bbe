/**
 * 首页轮播图 with no banner set: buyers see the default banners made from the first top-level categories
 * (apps/web BannerCarousel), so the console names them and says how to replace them, instead of
 * 还没有轮播图.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Form } from 'antd';
import { resetRequestEnv } from '../../../lib/request.ts';
import { renderInConsole, reply } from '../../../test/render.tsx';
import { BannersField } from './BannersField.tsx';

const top = (id: number, name: string) => ({ id, parentId: null, name, level: 1, sortOrder: id, icon: null, children: [] });
const TREE = ['手机数码', '家用电器', '服饰鞋包', '美妆个护', '食品生鲜', '母婴玩具'].map((name, i) => top(i + 1, name));

let tree: unknown[] = TREE;
beforeEach(() => {
  tree = TREE;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url.startsWith('/member/goods/category/tree') ? reply(0, tree) : reply(0, null))),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetRequestEnv();
});

function renderField(banners: unknown[]) {
  renderInConsole(
    <Form initialValues={{ banners }}>
      <BannersField />
    </Form>,
  );
}

describe('首页轮播图 with none set', () => {
  it('names the five default banners buyers see and how to replace them', async () => {
    renderField([]);
    expect(await screen.findByText('买家首页正在展示 5 张默认轮播图')).toBeTruthy();
    const names = screen.getByLabelText('默认轮播图').textContent;
    expect(names).toBe('1. 手机数码2. 家用电器3. 服饰鞋包4. 美妆个护5. 食品生鲜');
    expect(screen.getByTestId('default-banners').textContent).toContain('首页就只轮播您添加的图片');
    expect(screen.queryByText(/还没有轮播图/)).toBeNull();
  });

  it('says the carousel is empty when the shop has no category to make one from', async () => {
    tree = [];
    renderField([]);
    expect(await screen.findByText('买家首页的轮播区现在是空的：还没有可展示的一级分类')).toBeTruthy();
  });

  it('says nothing of the defaults once banners are set', async () => {
    renderField([{ image: '/static/uploads/site/a.jpg', title: '双十一', link: '' }]);
    expect(await screen.findAllByTestId('banner-row')).toHaveLength(1);
    expect(screen.queryByTestId('default-banners')).toBeNull();
  });
});
