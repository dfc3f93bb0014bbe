import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { useSession } from '../../lib/session.ts';
import { DEFAULT_SITE_NAME, useSiteConfig } from '../../lib/siteConfig.ts';
import { RouteFocus } from '../../components/RouteFocus.tsx';
import { IconNames } from '../../components/IconNames.tsx';
import type { RouteHandle } from '../routes.tsx';

/**
 * Sets the Chinese document title of the deepest route, moves focus to a new page's heading (RouteFocus),
 * gives icons Chinese names or hides them from screen readers (IconNames), and sends members without roles to /register.
 */
export function RootLayout() {
  const { user } = useSession();
  const location = useLocation();
  const matches = useMatches();
  const siteName = useSiteConfig().data?.siteName ?? DEFAULT_SITE_NAME;
  const title = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    | RouteHandle
    | undefined;

  useEffect(() => {
    document.title = title?.title && title.title !== '首页' ? `${title.title} - ${siteName}` : siteName;
  }, [title?.title, siteName]);

  // Spec §2: a signed-in member with an empty roles list must complete the account first (and then
  // goes home); the agreements stay readable, the registration form links to them.
  if (user && user.roles.length === 0 && location.pathname !== '/register' && !location.pathname.startsWith('/agreement/')) {
    return <Navigate to="/register" replace />;
  }
  return (
    <>
      <RouteFocus />
      <IconNames />
      <Outlet />
    </>
  );
}
