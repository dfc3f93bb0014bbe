/** Where to go after signing in: the redirect parameter when it is a path of this site, else home. */
export function safeRedirect(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\') || isAuthPage(raw)) {
    return '/';
  }
  return raw;
}

function isAuthPage(path: string): boolean {
  return /^\/(login|register)(?=$|[/?#])/.test(path);
}

/**
 * The sign-in page that brings the buyer back to `where` (a path with its query) afterwards; plain
 * `/login` from home or from a sign-in page itself.
 */
export function loginPathFor(where: string): string {
  const back = safeRedirect(where);
  return back === '/' ? '/login' : `/login?redirect=${encodeURIComponent(back)}`;
}

/** The same page with the redirect carried on (from /login to /register, or to 忘记密码). */
export function withRedirect(path: string, redirect: string): string {
  if (redirect === '/') return path;
  return `${path}${path.includes('?') ? '&' : '?'}redirect=${encodeURIComponent(redirect)}`;
}
