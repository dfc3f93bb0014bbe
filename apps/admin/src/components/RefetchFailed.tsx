import { ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';

/**
 * Below a table that still shows its last page when a refresh failed: a small way to try again
 * (a first load that fails shows LoadError instead).
 */
export function RefetchFailed({ query }: { query: { isError: boolean; data: unknown; refetch: () => unknown } }) {
  if (!query.isError || !query.data) return null;
  return (
    <div style={{ marginTop: 8 }}>
      <Button size="small" icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
        刷新失败，重试
      </Button>
    </div>
  );
}
