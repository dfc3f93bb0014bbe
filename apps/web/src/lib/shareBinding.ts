import { useEffect } from 'react';
import { STORAGE_PREFIX } from '@mall/shared';
import { feedback } from './feedback.ts';
import { request } from './request.ts';
import { storage } from './storage.ts';

/**
 * A distributor's shared link (/goodsDetail?…&share=): opening it tells the server (which binds a
 * signed-in buyer at once, or remembers the visitor id); a visitor's share stays pending here until
 * they sign in or sign up, and then POST …/bind turns it into a binding, once.
 */

const PENDING_KEY = `${STORAGE_PREFIX}-pendingShare`;
const visited = new Set<string>();

interface VisitReply {
  state: 'BOUND' | 'REMEMBERED' | 'KEPT' | 'REFUSED';
  message: string;
}

export async function visitShare(share: string): Promise<void> {
  if (visited.has(share)) return;
  visited.add(share);
  const signedIn = storage.hasTokens();
  try {
    const done = await request.post<VisitReply>('/member/distribution/visit', { share }, { silent: true });
    // A visitor's visit waits for sign-in; a signed-in buyer was bound (or kept) now.
    if (!signedIn && done.state !== 'REFUSED') localStorage.setItem(PENDING_KEY, '1');
    // Only news the buyer can use: whose link brought them; never why a stale link binds nobody.
    if (done.state === 'BOUND' || done.state === 'REMEMBERED') feedback.message.info(done.message);
  } catch {
    // The goods page opens whatever the link's fate.
  }
}

/** The goods page: reports a shared link once per page load. */
export function useShareVisit(share: string | null) {
  useEffect(() => {
    if (share) void visitShare(share);
  }, [share]);
}

/** After any sign-in: binds the visitor's pending share to the member, once (kept for a retry on failure). */
export async function bindPendingShare(): Promise<void> {
  if (localStorage.getItem(PENDING_KEY) === null) return;
  try {
    await request.post('/member/distribution/bind', {}, { silent: true });
    localStorage.removeItem(PENDING_KEY);
  } catch {
    // Left pending: the next sign-in (or /register's) tries again.
  }
}
