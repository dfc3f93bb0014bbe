import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Code } from '@mall/shared';
import { LoadError } from '../../components/LoadError.tsx';
import { PageLoading } from '../../components/StatusPages.tsx';
import { PATHS, loginPath } from '../../lib/paths.ts';
import { RequestError } from '../../lib/request.ts';
import { useMe, useToken } from '../../lib/session.ts';

/**
 * The console behind sign-in: no token → 登录 (and back here afterwards); the operator loaded once
 * (`GET /ops/auth/me`); a one-time password → 修改密码 before anything else.
 */
export function RequireOperator({ children }: { children: ReactNode }) {
  const token = useToken();
  const location = useLocation();
  const me = useMe();
  const here = `${location.pathname}${location.search}`;

  if (!token) return <Navigate to={loginPath(here)} replace />;
  if (me.isPending) return <PageLoading tip="正在进入管理后台…" />;
  if (me.isError) {
    const code = me.error instanceof RequestError ? me.error.code : undefined;
    // The request helper has already cleared the token and sent the operator to sign in.
    if (code === Code.SESSION_OVER || code === Code.NOT_SIGNED_IN) return null;
    return <LoadError title="无法进入管理后台" error={me.error} onRetry={() => void me.refetch()} />;
  }
  if (me.data.mustChangePassword && location.pathname !== PATHS.password) {
    return <Navigate to={PATHS.password} replace />;
  }
  return <>{children}</>;
}
