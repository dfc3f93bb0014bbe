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

