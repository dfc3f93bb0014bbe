import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetRequestEnv } from '../../../lib/request.ts';
import { renderInConsole, reply } from '../../../test/render.tsx';
import { findOption } from '../../../test/select.ts';
import { MemberPointsTab } from './MemberPointsTab.tsx';

let gets: string[] = [];
beforeEach(() => {
  gets = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      gets.push(url);
      if (url.startsWith('/ops/member/page'))
        return reply(0, {
          list: [{ id: 'm-1', username: 'xiaoming', nickname: '小明', mobile: '138****0001' }],
          total: 1,
          pageNum: 1,
          pageSize: 10,
        });
      if (url.startsWith('/ops/points/member'))
        return reply(0, {
          memberId: 'm-1',
          balance: 320,
          totalEarned: 500,
          totalUsed: 180,
          expiringSoon: { points: 0, expiresAt: null },
          ledger: { list: [], total: 0, pageNum: 1, pageSize: 10 },
        });
      return reply(0, null);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetRequestEnv();
});

describe('会员积分', () => {
  it('a member found by search shows the balance read for that member', async () => {
    const user = userEvent.setup({ delay: null });
    renderInConsole(<MemberPointsTab />);
    await user.type(screen.getByLabelText('会员'), '138');
    await user.click(await findOption('小明 · 138****0001'));
    expect((await screen.findByTestId('ops-member-points')).textContent).toBe('320');
    expect(gets.some((u) => u.startsWith('/ops/points/member?memberId=m-1'))).toBe(true);
  });
});
