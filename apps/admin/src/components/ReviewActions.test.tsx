import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getButton, queryButton } from '../test/buttons.ts';
import { renderInConsole } from '../test/render.tsx';
import { ReviewActions } from './ReviewActions.tsx';

const approve = (onConfirm: () => Promise<unknown>) => ({
  title: '通过「保温杯」？',
  description: '通过后商品立即上架。',
  onConfirm,
});

describe('ReviewActions', () => {
  it('通过 asks first and acts only when confirmed; 驳回 hands over at once', async () => {
    const user = userEvent.setup({ delay: null });
    const confirmed = vi.fn(async () => undefined);
    const onReject = vi.fn();
    const { container } = renderInConsole(<ReviewActions approve={approve(confirmed)} onReject={onReject} />);
    await user.click(getButton(container, /通\s*过/));
    expect(document.body.textContent).toContain('通过「保温杯」？');
    expect(document.body.textContent).toContain('通过后商品立即上架。');
    expect(confirmed).not.toHaveBeenCalled();
    const ok = await waitFor(() => {
      const buttons = [...document.querySelectorAll<HTMLButtonElement>('.ant-popconfirm button')];
      const found = buttons.find((b) => /通\s*过/.test(b.textContent ?? ''));
      if (!found) throw new Error('no 通过 in the popconfirm');
      return found;
    });
    await user.click(ok);
    await waitFor(() => expect(confirmed).toHaveBeenCalledTimes(1));

    await user.click(getButton(container, /驳\s*回/));
    expect(onReject).toHaveBeenCalledTimes(1);
  });

  it('shows only what the item allows: a drawer’s buttons, or nothing at all', async () => {
    const { container, unmount } = renderInConsole(<ReviewActions type="default" onReject={() => undefined} />);
    expect(queryButton(container, /通\s*过/)).toBeNull();
    expect(getButton(container, /驳\s*回/).className).not.toContain('ant-btn-link');
    unmount();
    const none = renderInConsole(<ReviewActions />);
    expect(none.container.querySelector('button')).toBeNull();
  });
});
