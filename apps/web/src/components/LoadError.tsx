import type { ReactNode } from 'react';
import { Button, Result } from 'antd';

const FALLBACK = '网络或服务器出了点问题，请稍后重试';

/**
 * A query that failed: what happened and a way to try again. The text is `message` when given, else
 * the error's own (the request helper's Chinese message), else a general sentence.
 */
export function LoadError({
  title = '加载失败',
  message,
  error,
  onRetry,
}: {
  title?: ReactNode;
  message?: ReactNode;
  error?: unknown;
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
            重新加载
          </Button>
        ) : undefined
      }
    />
  );
}
