import type { ReactNode } from 'react';
import { Button, Result } from 'antd';

const FALLBACK = '网络或服务器出了点问题，请稍后重试';

/** A query that failed: what happened (the request helper's Chinese message) and 重试. */
export function LoadError({
  title = '加载失败',
  error,
  message,
  onRetry,
}: {
  title?: ReactNode;
  error?: unknown;
  message?: ReactNode;
  onRetry?: () => void;
}) {
  const text = message ?? (error instanceof Error && error.message ? error.message : FALLBACK);
  return (
    <Result
      status="warning"
      title={title}
      subTitle={text}
      extra={
        onRetry ? (
          <Button type="primary" onClick={onRetry}>
            重试
          </Button>
        ) : undefined
      }
    />
  );
}
