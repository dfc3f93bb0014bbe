import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getButton } from '../test/buttons.ts';
import { renderInConsole } from '../test/render.tsx';
import { QueryTable, type ListQuery } from './QueryTable.tsx';

interface Row {
  id: number;
  name: string;
}
const query = (q: Partial<ListQuery<Row>>): ListQuery<Row> => ({
  data: undefined,
  isFetching: false,
  isError: false,
  error: null,
  refetch: vi.fn(),
  ...q,
});
const columns = [{ title: '名称', dataIndex: 'name' }];

describe('QueryTable', () => {
  it('shows the rows the query read', () => {
    renderInConsole(
      <QueryTable<Row> rowKey="id" columns={columns} query={query({ data: { list: [{ id: 1, name: '保温杯' }] } })} />,
    );
    expect(screen.getByText('保温杯')).toBeTruthy();
    expect(screen.queryByText('刷新失败，重试')).toBeNull();
  });

  it('a first load that failed says why, with 重试', async () => {
    const user = userEvent.setup({ delay: null });
    const failed = query({ isError: true, error: new Error('网络异常，请检查网络连接') });
    const { container } = renderInConsole(<QueryTable<Row> rowKey="id" columns={columns} query={failed} />);
    expect(screen.getByText('网络异常，请检查网络连接')).toBeTruthy();
    expect(container.querySelector('table')).toBeNull();
    await user.click(getButton(container, /重\s*试/));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
  });

  it('a refresh that failed keeps the last rows and offers to try again', async () => {
    const user = userEvent.setup({ delay: null });
    const stale = query({ isError: true, error: new Error('x'), data: { list: [{ id: 1, name: '保温杯' }] } });
    const { container } = renderInConsole(<QueryTable<Row> rowKey="id" columns={columns} query={stale} />);
    expect(screen.getByText('保温杯')).toBeTruthy();
    await user.click(getButton(container, '刷新失败，重试'));
    expect(stale.refetch).toHaveBeenCalledTimes(1);
  });
});
