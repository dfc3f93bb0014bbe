/** Console paths the shell itself sends people to (inside the router's `/admin` basename). */
export const PATHS = {
  home: '/',
  login: '/login',
  password: '/password',
  security: '/security',
} as const;

/** `/login?redirect=<where they were>`, unless they were already on the sign-in page. */
export function loginPath(from: string): string {
  const target = safeRedirect(from);
  return target === PATHS.home ? PATHS.login : `${PATHS.login}?redirect=${encodeURIComponent(target)}`;
}

/** Where to go after signing in: the redirect when it is a path of this console, else home. */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return PATHS.home;
  if (raw === PATHS.login || raw.startsWith(`${PATHS.login}?`) || raw.startsWith(`${PATHS.login}/`)) return PATHS.home;
  return raw;
}

/** The router's basename; the server serves the console under it. */
export const BASENAME = '/admin';

/** The path inside the console of a browser location (`/admin/orders?x=1` → `/orders?x=1`). */
export function consolePath(location: { pathname: string; search: string } = window.location): string {
  const { pathname, search } = location;
  const inside =
    pathname === BASENAME || pathname.startsWith(`${BASENAME}/`) ? pathname.slice(BASENAME.length) : pathname;
  return `${inside || '/'}${search}`;
}
