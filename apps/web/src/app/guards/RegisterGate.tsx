import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../lib/redirect.ts';
import { useSession } from '../../lib/session.ts';
import { storage } from '../../lib/storage.ts';

/**
 * Spec §2 rules for /register: with no stored profile it leads home; with roles already (also the
 * moment registration completes) it leads to where the buyer was before signing in, else home.
 * Only a signed-in member with an empty roles list completes the account here.
 */
export function RegisterGate({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const [params] = useSearchParams();
  const profile = user ?? storage.getUserInfo();
  if (!profile || !storage.hasTokens()) return <Navigate to="/" replace />;
  if (profile.roles.length > 0) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
  return children;
}
