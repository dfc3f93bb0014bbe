import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Button, Result } from 'antd';
import { CloseOutlined, SearchOutlined } from '@ant-design/icons';
import { NumberInput } from './NumberInput.tsx';
import { IconNames } from './IconNames.tsx';

afterEach(cleanup);

describe('Chinese names screen readers hear', () => {
  it('NumberInput names its step buttons 增加…/减少… after the field, not "Increase Value"', () => {
    render(<NumberInput aria-label="购买数量" min={1} max={9} defaultValue={1} mode="spinner" />);
    expect(screen.getByRole('button', { name: '增加购买数量' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '减少购买数量' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Value/ })).toBeNull();
  });

  it('IconNames hides an icon beside text and names an icon-only control in Chinese', async () => {
    render(
      <>
        <IconNames />
        <Button icon={<SearchOutlined />}>搜索商品</Button>
        <button type="button">
          <CloseOutlined />
        </button>
      </>,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: '关闭' })).toBeInTheDocument());
    expect(screen.getByRole('button', { name: '搜索商品' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'search' })).toBeNull();
  });

  it('IconNames hides the 404 illustration, whose title antd writes in English ("No Found")', async () => {
    const { container } = render(
      <>
        <IconNames />
        <Result status="404" title="页面不存在" />
      </>,
    );
    await waitFor(() => expect(container.querySelector('.ant-result-image svg')).toHaveAttribute('aria-hidden', 'true'));
  });
});
