import type { ReactNode } from 'react';
import { loadFailureText } from '@mall/shared';
import { Button, Result } from 'antd';

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
  const text = loadFailureText(error, message);
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
