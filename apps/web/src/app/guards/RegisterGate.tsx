import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { storage } from '../../lib/storage.ts';

/**
 * Spec §2 rules for /register: with no stored profile it leads home; with roles already (also the
 * moment registration completes) it leads home. Only a signed-in member with an empty roles list
 * completes the account here.
 */
export function RegisterGate({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const profile = user ?? storage.getUserInfo();
  if (!profile || !storage.hasTokens()) return <Navigate to="/" replace />;
  if (profile.roles.length > 0) return <Navigate to="/" replace />;
  return children;
}
