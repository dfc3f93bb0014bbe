import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { noteServerNow, resetServerClock } from '../lib/serverClock.ts';
import { Countdown } from './Countdown.tsx';

afterEach(() => {
  cleanup();
  resetServerClock();
  vi.useRealTimers();
});

describe('Countdown', () => {
  it('counts by the server’s clock, not the browser’s, and says once when it reaches 0', async () => {
    vi.useFakeTimers();
    const local = Date.parse('2026-11-26T01:59:00.000Z');
    vi.setSystemTime(local);
    // The browser is a minute slow: the server says 02:00:00 already.
    noteServerNow('2026-11-26T02:00:00.000Z', local, local);
    const reached = vi.fn();
    render(<Countdown label="距开始" at="2026-11-26T02:00:03.000Z" onReached={reached} />);
    expect(screen.getByRole('timer').getAttribute('aria-label')).toBe('距开始 00:00:03');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.getByRole('timer').getAttribute('aria-label')).toBe('距开始 00:00:02');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(screen.getByRole('timer').getAttribute('aria-label')).toBe('距开始 00:00:00');
    expect(reached).toHaveBeenCalledTimes(1);
  });

  it('a moment already past when shown does not fire', () => {
    const reached = vi.fn();
    render(<Countdown label="距结束" at="2020-01-01T00:00:00.000Z" onReached={reached} />);
    expect(screen.getByRole('timer').getAttribute('aria-label')).toBe('距结束 00:00:00');
    expect(reached).not.toHaveBeenCalled();
  });
});
