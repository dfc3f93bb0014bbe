import { describe, expect, it } from 'vitest';
import { blankSection, firstProblem, move, toRequest } from './page-form.ts';

describe('activity page form', () => {
  it('moves a section up and down, and not past either end', () => {
    expect(move(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(move(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });

  it('says the first thing missing, naming the section by its place', () => {
    const goods = blankSection('goods');
    expect(firstProblem('', [])).toBe('请填写页面标题');
    expect(firstProblem('双十二', [blankSection('richText')])).toBe('第 1 个板块（图文说明）：请填写每一段文字，或删除空段落');
    expect(firstProblem('双十二', [{ ...blankSection('richText'), blocks: [{ type: 'paragraph', text: '好' }] }, goods])).toBe(
      '第 2 个板块（活动商品）：请选择活动',
    );
    expect(firstProblem('双十二', [{ ...goods, activityId: 3 }])).toBeNull();
  });

  it('sends the sections without their keys, text trimmed, an empty banner link left out', () => {
    const banner = { ...blankSection('banner'), image: '/static/uploads/goods/a.png', link: '  ' };
    const text = { ...blankSection('richText'), blocks: [{ type: 'heading' as const, text: ' 规则 ' }] };
    expect(toRequest(' 标题 ', '', [banner, text])).toEqual({
      title: '标题',
      shareSubtitle: '',
      sections: [
        { type: 'banner', image: '/static/uploads/goods/a.png' },
        { type: 'richText', blocks: [{ type: 'heading', text: '规则' }] },
      ],
    });
  });
});
