import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { CodeButton } from './CodeButton.tsx';

// Unmounting stops the countdown's timer before the test environment goes away.
afterEach(cleanup);

describe('CodeButton', () => {
  it('sends once for a double click, then counts down from 60 with the button disabled', async () => {
    let resolve!: () => void;
    const send = vi.fn(() => new Promise<void>((r) => (resolve = r)));
    render(
      <>
        <CodeButton send={send} />
      </>,
    );
    const button = screen.getByRole('button', { name: '获取验证码' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(send).toHaveBeenCalledTimes(1);
    await act(async () => resolve());
    const counting = await screen.findByRole('button', { name: '60 秒后重新获取' });
    expect(counting).toBeDisabled();
    fireEvent.click(counting);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('starts no countdown when the server refuses, and lets the buyer try again', async () => {
    const send = vi.fn().mockRejectedValueOnce(new Error('refused')).mockResolvedValueOnce(undefined);
    render(
      <>
        <CodeButton send={send} />
      </>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '获取验证码' })));
    const again = await screen.findByRole('button', { name: '获取验证码' });
    expect(again).not.toBeDisabled();
    await act(async () => fireEvent.click(again));
    expect(send).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole('button', { name: '60 秒后重新获取' })).toBeDisabled();
  });
});
