import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetRequestEnv } from '../../../lib/request.ts';
import { renderInConsole, reply } from '../../../test/render.tsx';
import { findOption } from '../../../test/select.ts';
import { MemberPicker } from './MemberPicker.tsx';

const members = [
  { id: 'm-1', username: 'xiaoming', nickname: '小明', mobile: '139****5678' },
  { id: 'm-2', username: 'hong', nickname: null, mobile: '' },
];

let gets: string[] = [];
beforeEach(() => {
  gets = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      gets.push(url);
      if (url.startsWith('/ops/member/page')) return reply(0, { list: members, total: 2, pageNum: 1, pageSize: 10 });
      return reply(0, null);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetRequestEnv();
});

describe('MemberPicker', () => {
  it('finds members by number, mobile or username (the words cut at 36) and names them by nickname and mobile', async () => {
    const user = userEvent.setup({ delay: null });
    const picked = vi.fn();
    renderInConsole(<MemberPicker mode="multiple" value={[]} onChange={picked} aria-label="会员" />);
    await user.type(screen.getByLabelText('会员'), `  ${'1'.repeat(40)}`);
    await user.click(await findOption('hong · 未绑定手机'));
    expect(picked).toHaveBeenCalledWith(['m-2'], [{ value: 'm-2', label: 'hong · 未绑定手机' }]);
    const asked = new URL(gets.at(-1)!, 'http://x').searchParams;
    expect([asked.get('keyword'), asked.get('pageSize')]).toEqual(['1'.repeat(36), '10']);
    expect(await findOption('小明 · 139****5678')).toBeTruthy();
  });
});
