import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChangeList } from './ChangeList.tsx';

describe('an audit entry’s changes', () => {
  it('reads as before → after in words, money and file names', () => {
    render(
      <ChangeList
        objectType="operator"
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
    expect(rows[0]).toHaveTextContent('状态正常→已停用');
    expect(rows[1]).toHaveTextContent('运费规则运费 ¥10.00，满 ¥99.00 包邮→运费 ¥5.00，满 ¥0.00 包邮');
    expect(rows[2]).toHaveTextContent('浏览器图标favicon.svg→abc.png');
    expect(rows[2]!.querySelector('[title="/static/uploads/site/abc.png"]')).not.toBeNull();
    expect(rows[3]).toHaveTextContent('置顶热词（无）→手机、坚果');
    expect(rows[4]).toHaveTextContent('角色（空）→客服');
    // Anything else as text: markup in a value is never rendered as markup.
    expect(rows[5]).toHaveTextContent('"title":"<b>x</b>"');
    expect(rows[5]!.querySelector('b')).toBeNull();
  });

  it('reads codes in words by their object, money in yuan, and a list of SKUs as what changed in it', () => {
    render(
      <ChangeList
        objectType="order"
        changes={[{ field: 'status', before: 'PENDING_SHIPMENT', after: 'PENDING_RECEIPT' }]}
      />,
    );
    expect(screen.getByTestId('audit-change')).toHaveTextContent('状态待发货→待收货');
  });

  it('reads a goods’ SKUs as the ones added, removed and changed', () => {
    render(
      <ChangeList
        objectType="goods"
        changes={[
          {
            field: 'skus',
            before: [
              { skuNo: 'A1', specText: '黑色 / 128G', priceFen: 399900, stock: 10 },
              { skuNo: 'A2', specText: '白色 / 128G', priceFen: 399900, stock: 5 },
            ],
            after: [
              { skuNo: 'A1', specText: '黑色 / 128G', priceFen: 379900, stock: 10 },
              { skuNo: 'A3', specText: '白色 / 256G', priceFen: 459900, stock: 3 },
            ],
          },
          { field: 'kind', before: 'FULL_REDUCTION', after: 'DISCOUNT' },
        ]}
      />,
    );
    const records = screen.getAllByTestId('audit-record');
    expect(records.map((r) => r.textContent)).toEqual([
      '修改 黑色 / 128G价格：¥3999.00→¥3799.00',
      '新增 白色 / 256G',
      '删除 白色 / 128G',
    ]);
    expect(screen.getAllByTestId('audit-change')[1]).toHaveTextContent('类型满减券→折扣券');
  });

  it('says so when nothing changed', () => {
    const { container } = render(<ChangeList objectType="settings" changes={[]} />);
    expect(container).toHaveTextContent('—');
  });
});
