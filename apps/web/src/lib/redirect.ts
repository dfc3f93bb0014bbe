/** Where to go after signing in: the redirect parameter when it is a path of this site, else home. */
export function safeRedirect(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/login') || raw.startsWith('/register')) {
    return '/';
  }
  return raw;
}
