import { Suspense, type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { BASENAME } from '../lib/paths.ts';
import { RouteMetaContext, type RouteMeta } from '../lib/routeMeta.ts';
import { NotFound, PageLoading } from '../components/StatusPages.tsx';
import { consoleRoutes } from './routes.tsx';
import { RequireOperator } from './guards/RequireOperator.tsx';
import { RequirePermission } from './guards/RequirePermission.tsx';
import { HomeRedirect } from './guards/HomeRedirect.tsx';
import { ConsoleLayout } from './layouts/ConsoleLayout.tsx';
import { RouteError } from './RouteError.tsx';

const Login = lazy(() => import('../features/account/screens/LoginPage.tsx'));
const ChangePassword = lazy(() => import('../features/account/screens/ChangePasswordPage.tsx'));
const Security = lazy(() => import('../features/account/screens/SecurityPage.tsx'));

/** A screen with its route's meta, behind its permission, loaded lazily. */
function screen(meta: RouteMeta, Screen: LazyExoticComponent<ComponentType>) {
  return (
    <RouteMetaContext.Provider value={meta}>
      <RequirePermission need={meta.permission}>
        <Suspense fallback={<PageLoading />}>
          <Screen />
        </Suspense>
      </RequirePermission>
    </RouteMetaContext.Provider>
  );
}

export const routes: RouteObject[] = [
  {
    path: '/login',
    errorElement: <RouteError />,
    element: (
      <Suspense fallback={<PageLoading />}>
        <Login />
      </Suspense>
    ),
  },
  {
    path: '/',
    errorElement: <RouteError />,
    element: (
      <RequireOperator>
        <ConsoleLayout />
      </RequireOperator>
    ),
    children: [
      { index: true, element: <HomeRedirect /> },
      // The shell's own screens: every signed-in operator has them.
      { path: 'password', element: screen({ path: 'password', title: '修改密码' }, ChangePassword) },
      { path: 'security', element: screen({ path: 'security', title: '账号安全' }, Security) },
      ...consoleRoutes.map((r) => ({
        path: r.path,
        errorElement: <RouteError />,
        element: screen({ path: r.path, title: r.title, permission: r.permission }, r.screen),
      })),
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: BASENAME });
