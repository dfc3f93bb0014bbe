import { createContext, useContext } from 'react';
import { Code } from '@mall/shared';
import { RequestError } from './request.ts';
import { useSession } from './session.ts';
import { storage } from './storage.ts';

/** True inside the authentication wrapper (app/guards/RequireAuth): the page shows a member's own data. */
export const SignInRequiredContext = createContext(false);

const SIGN_IN_CODES: number[] = [Code.ACCESS_TOKEN_EXPIRED, Code.SESSION_OVER, Code.NOT_SIGNED_IN];

/**
 * Whether a failed load failed because the buyer is not signed in (any more): the request was refused
 * with 104/105/106, or a wrapped page lost its session while open (the request helper cleared it).
 * Such a page asks the buyer to sign in rather than blaming the network.
 */
export function useNeedsSignIn(error?: unknown): boolean {
  const wrapped = useContext(SignInRequiredContext);
  const { user } = useSession();
  if (error instanceof RequestError && error.code !== undefined && SIGN_IN_CODES.includes(error.code)) return true;
  return wrapped && !user && !storage.hasTokens();
}
