import type { ReactNode } from 'react';
import { loadFailureText } from '@mall/shared';
import { Button } from 'antd';
import { Result } from './LazyResult.tsx';
import { useLocation, useNavigate } from 'react-router';
import { loginPathFor } from '../lib/redirect.ts';
import { useNeedsSignIn } from '../lib/signInRequired.ts';

/**
 * A query that failed: what happened and a way to try again. The text is `message` when given, else
 * the error's own (the request helper's Chinese message), else a general sentence. A load refused
 * because the buyer is not signed in (any more) says so, with 去登录 back to this page.
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
  const needsSignIn = useNeedsSignIn(error);
  const location = useLocation();
  const navigate = useNavigate();
  if (needsSignIn) {
    return (
      <Result
        status="info"
        title="请先登录"
        subTitle="登录状态已失效，登录后即可继续查看本页内容"
        extra={
          <Button type="primary" onClick={() => void navigate(loginPathFor(location.pathname + location.search))}>
            去登录
          </Button>
        }
      />
    );
  }
  const text = loadFailureText(error, message);
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
