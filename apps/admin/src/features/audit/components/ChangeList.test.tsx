import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChangeList } from './ChangeList.tsx';

describe('an audit entry’s changes', () => {
  it('reads as before → after in words, money and file names', () => {
    render(
      <ChangeList
        changes={[
          { field: 'status', before: 'active', after: 'disabled' },
          { field: 'freight', before: { freeFromFen: 9900, feeFen: 1000 }, after: { freeFromFen: 0, feeFen: 500 } },
          { field: 'buyerIcon', before: '/static/site/favicon.svg', after: '/static/uploads/site/abc.png' },
          { field: 'pinnedHotWords', before: [], after: ['手机', '坚果'] },
          { field: 'roleKey', before: null, after: 'service' },
          { field: 'banners', before: [], after: [{ image: '/static/a.png', title: '<b>x</b>' }] },
        ]}
      />,
    );
    const rows = screen.getAllByTestId('audit-change');
    expect(rows[0]).toHaveTextContent('状态正常→已停用/禁用');
    expect(rows[1]).toHaveTextContent('运费规则运费 ¥10.00，满 ¥99.00 包邮→运费 ¥5.00，满 ¥0.00 包邮');
    expect(rows[2]).toHaveTextContent('浏览器图标favicon.svg→abc.png');
    expect(rows[2]!.querySelector('[title="/static/uploads/site/abc.png"]')).not.toBeNull();
    expect(rows[3]).toHaveTextContent('置顶热词（无）→手机、坚果');
    expect(rows[4]).toHaveTextContent('角色（空）→客服');
    // Anything else as text: markup in a value is never rendered as markup.
    expect(rows[5]).toHaveTextContent('"title":"<b>x</b>"');
    expect(rows[5]!.querySelector('b')).toBeNull();
  });

  it('says so when nothing changed', () => {
    const { container } = render(<ChangeList changes={[]} />);
    expect(container).toHaveTextContent('—');
  });
});
