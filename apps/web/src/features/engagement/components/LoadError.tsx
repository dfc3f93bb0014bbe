import { Button, Result } from 'antd';

/** A failed load: what happened and a way to try again (the toast has said why). */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Result
      status="warning"
      title="加载失败"
      subTitle="网络或服务器出了点问题，请稍后重试"
      extra={
        <Button type="primary" onClick={onRetry}>
          重新加载
        </Button>
      }
    />
  );
}
