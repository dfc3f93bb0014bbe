import { Table, type TableProps } from 'antd';
import { LoadError } from './LoadError.tsx';
import { RefetchFailed } from './RefetchFailed.tsx';

/** A list query as the table reads it: its rows, whether it is reading, and how it failed. */
export interface ListQuery<T> {
  data: { list: T[] } | undefined;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * A table of one list query: the rows it read, spinning while it reads again; a first load that
 * failed shows what happened and 重试 instead, and a refresh that failed keeps the last rows with a
 * small 刷新失败，重试 below.
 */
export function QueryTable<T extends object>({
  query,
  ...table
}: Omit<TableProps<T>, 'dataSource' | 'loading'> & { query: ListQuery<T> }) {
  if (query.isError && !query.data) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <>
      <Table<T> {...table} dataSource={query.data?.list} loading={query.isFetching} />
      <RefetchFailed query={query} />
    </>
  );
}
