import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loginPathFor } from '../../lib/redirect.ts';
import { SignInRequiredContext } from '../../lib/signInRequired.ts';
import { storage } from '../../lib/storage.ts';

/**
 * The authentication wrapper (conventions): a visitor with no tokens goes to /login?redirect=<route>.
 * Pages inside it know they need a member (a load that fails once the session is over asks to sign in).
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  if (!storage.hasTokens()) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  return <SignInRequiredContext value={true}>{children}</SignInRequiredContext>;
}
