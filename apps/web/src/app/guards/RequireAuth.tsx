import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { storage } from '../../lib/storage.ts';

/** The authentication wrapper (conventions): a visitor with no tokens goes to /login?redirect=<route>. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!storage.hasTokens()) {
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?redirect=${redirect}`} replace />;
  }
  return children;
}

/** Where to go after signing in: the redirect parameter when it is a path of this site, else home. */
export function safeRedirect(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/login') || raw.startsWith('/register')) {
    return '/';
  }
  return raw;
}
